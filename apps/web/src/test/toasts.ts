import { setToastPresenter, type ToastKind } from '../lib/feedback/toast';

/** The toasts shown since the test began (the app shows them with app/toast.ts; here they are recorded to be asserted on). */
export const toasts: { message: string; kind: ToastKind }[] = [];

/** Routes the app's toasts to `toasts` (setup.ts, once per test file). */
export function recordToasts(): void {
  setToastPresenter((message, kind) => void toasts.push({ message, kind }));
}
