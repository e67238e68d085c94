/**
 * Short messages to the user, without naming how they look: the app installs its toast at start
 * (app/feedback.ts, app/toast.ts), so hooks and lib code can report without importing it.
 * Until then (and in unit tests) messages go to the console.
 */
export type ToastKind = 'info' | 'success' | 'error';
export type ToastPresenter = (message: string, kind: ToastKind) => void;

let present: ToastPresenter = (message, kind) => console.info(`[${kind}] ${message}`);

export function setToastPresenter(presenter: ToastPresenter): void {
  present = presenter;
}

export function toastInfo(message: string): void {
  present(message, 'info');
}

export function toastSuccess(message: string): void {
  present(message, 'success');
}

export function toastError(message: string): void {
  present(message, 'error');
}
