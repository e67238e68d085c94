import type { DialogConfirmProps } from 'antd-mobile';
import type { AskConfirm } from '../lib/feedback/confirm';

/**
 * antd-mobile's confirmation dialog, for every question the app asks. Its code (the dialog, its
 * mask and animation library, the React 19 renderer: about 25 KB gzip) loads when the first
 * question is asked, not with the page that may ask it (issue 14).
 */
export function confirmDialog(props: DialogConfirmProps): Promise<boolean> {
  return import('./antd-mobile-overlay').then(({ Dialog }) => Dialog.confirm(props));
}

/** The mobile layout's confirmation: antd-mobile's dialog. */
export const askConfirm: AskConfirm = (request) => confirmDialog(request);
