import { Toast } from 'antd-mobile';

/** Long enough to read a sentence; errors stay a little longer. */
const INFO_DURATION_MS = 2000;
const ERROR_DURATION_MS = 3000;

export function toastInfo(message: string): void {
  Toast.show({ content: message, duration: INFO_DURATION_MS });
}

export function toastSuccess(message: string): void {
  Toast.show({ content: message, icon: 'success', duration: INFO_DURATION_MS });
}

export function toastError(message: string): void {
  Toast.show({ content: message, duration: ERROR_DURATION_MS });
}
