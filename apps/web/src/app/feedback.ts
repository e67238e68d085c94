import { setConfirmPresenter, type AskConfirm } from '../lib/feedback/confirm';
import { setToastPresenter } from '../lib/feedback/toast';
import { showToast, toastRegion } from './toast';

// The dialog's module loads with the first question (the phone's first route does not carry it).
const askConfirmLazily: AskConfirm = (request) =>
  import('../components/confirm-dialog').then((m) => m.askConfirm(request));

/** Shows lib/feedback's toasts (app/toast.ts) and confirmation questions (antd-mobile's dialog, loaded on first use). */
export function installFeedback(): void {
  toastRegion();
  setToastPresenter(showToast);
  setConfirmPresenter(askConfirmLazily);
}
