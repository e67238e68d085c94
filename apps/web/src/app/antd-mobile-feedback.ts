import { Toast } from 'antd-mobile';
import { askConfirm } from '../components/confirm-dialog';
import { setConfirmPresenter } from '../lib/confirm';
import { setToastPresenter, type ToastKind } from '../lib/toast';

/** Long enough to read a sentence; errors stay a little longer. */
const DURATION_MS: Record<ToastKind, number> = { info: 2000, success: 2000, error: 3000 };

/** Shows lib/toast's messages and lib/confirm's questions with antd-mobile. */
export function installAntdMobileFeedback(): void {
  setToastPresenter((message, kind) =>
    Toast.show({ content: message, duration: DURATION_MS[kind], ...(kind === 'success' ? { icon: 'success' } : {}) }),
  );
  setConfirmPresenter(askConfirm);
}
