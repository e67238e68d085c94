import { Dialog } from 'antd-mobile';
import type { AskConfirm } from '../lib/feedback/confirm';

/** The mobile layout's confirmation: antd-mobile's dialog. */
export const askConfirm: AskConfirm = (request) => Dialog.confirm(request);
