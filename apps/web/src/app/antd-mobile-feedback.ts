import { Toast } from 'antd-mobile';
import { askConfirm } from '../components/confirm-dialog';
import { setConfirmPresenter } from '../lib/feedback/confirm';
import { setToastPresenter, type ToastKind } from '../lib/feedback/toast';

/** Long enough to read a sentence; errors stay a little longer. */
const DURATION_MS: Record<ToastKind, number> = { info: 2000, success: 2000, error: 3000 };

/** Shows lib/feedback's toasts and confirmations questions with antd-mobile. */
export function installAntdMobileFeedback(): void {
  setToastPresenter((message, kind) =>
    Toast.show({ content: message, duration: DURATION_MS[kind], ...(kind === 'success' ? { icon: 'success' } : {}) }),
  );
  setConfirmPresenter(askConfirm);
}
