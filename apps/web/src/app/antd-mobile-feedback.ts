import { Toast } from 'antd-mobile';
import { askConfirm } from '../components/confirm-dialog';
import { setConfirmPresenter } from '../lib/feedback/confirm';
import { setToastPresenter, type ToastKind } from '../lib/feedback/toast';
import './toast.css';

/** The class app/toast.css styles the toasts by (whole words, under the top bar). */
const TOAST_CLASS = 'app-toast';

/** Long enough to read a sentence; errors stay a little longer. */
const DURATION_MS: Record<ToastKind, number> = { info: 2000, success: 2000, error: 3000 };

/** Shows lib/feedback's toasts and confirmations questions with antd-mobile. */
export function installAntdMobileFeedback(): void {
  setToastPresenter((message, kind) =>
    Toast.show({
      content: message,
      duration: DURATION_MS[kind],
      maskClassName: TOAST_CLASS,
      ...(kind === 'success' ? { icon: 'success' } : {}),
    }),
  );
  setConfirmPresenter(askConfirm);
}
