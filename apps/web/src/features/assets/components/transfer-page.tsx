import { askConfirm } from '../../../components/confirm-dialog';
import { useTransferForm } from '../hooks/use-transfer-form';
import { TransferForm } from './transfer-form';
import '../assets.css';

const CLASSES = { form: 'form form--page', accounts: 'transfer-accounts', swap: 'transfer-accounts__swap' };

/** /pages/assets/transfer: move a coin between the currency, option and financing accounts. */
export function TransferPage() {
  return <TransferForm form={useTransferForm(askConfirm)} classes={CLASSES} />;
}
