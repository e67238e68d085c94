import type { AskConfirm } from '../../../../lib/feedback/confirm';
import { useTransferForm } from '../../hooks/use-transfer-form';
import { TransferForm } from '../transfer-form';

const CLASSES = { form: 'form desk-form', accounts: 'desk-transfer__accounts', swap: 'desk-transfer__swap' };

/** The transfer between accounts beside the balances (the mobile transfer page's form, staying on the page). */
export function TransferPanel({ confirm }: { confirm: AskConfirm }) {
  return <TransferForm form={useTransferForm(confirm, () => undefined)} classes={CLASSES} />;
}
