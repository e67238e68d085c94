import { askConfirm } from '../components/confirm-dialog';
import { setConfirmPresenter } from '../lib/feedback/confirm';
import { setToastPresenter } from '../lib/feedback/toast';
import { showToast, toastRegion } from './toast';

/** Shows lib/feedback's toasts (app/toast.ts) and confirmation questions (antd-mobile's dialog, loaded on first use). */
export function installFeedback(): void {
  toastRegion();
  setToastPresenter(showToast);
  setConfirmPresenter(askConfirm);
}
