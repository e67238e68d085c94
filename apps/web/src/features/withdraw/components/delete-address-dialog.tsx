import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WithdrawAddress } from '@app/contract';
import { PasswordField } from '../../../components/password-field';
import { ApiError } from '../../../lib/api/api-client';
import { toastSuccess } from '../../../lib/feedback/toast';
import { checkRequired } from '../../../lib/forms/validation';
import { useDeleteWithdrawAddress } from '../api/delete-withdraw-address';
import { networkLabel } from '../model/address-book';
import { useWithdrawText } from '../strings';
import { FormDialog } from './form-dialog';

/**
 * Deleting a saved address: a modal `<dialog>` (focus held inside, Escape cancels, the focus goes
 * back to "Delete") asking for the fund password. It stays open on a refusal and shows the
 * server's message (wrong, locked, not set), so the user can try again.
 */
export function DeleteAddressDialog({ address, onClose }: { address: WithdrawAddress; onClose: () => void }) {
  const { t } = useTranslation();
  const w = useWithdrawText();
  const [fundPassword, setFundPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const remove = useDeleteWithdrawAddress();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const empty = checkRequired(fundPassword);
    if (empty) {
      setError(empty);
      return;
    }
    remove.mutate(
      { id: address.id, fundPassword },
      {
        onSuccess: () => {
          toastSuccess(w('deleted'));
          onClose();
        },
        onError: (e) => setError(e instanceof ApiError ? e.message : t('network.serverError')),
      },
    );
  };

  return (
    <FormDialog
      title={w('deleteTitle')}
      testid="delete-address-dialog"
      onClose={onClose}
      onSubmit={onSubmit}
      pending={remove.isPending}
      submitLabel={w('delete')}
    >
      <p className="confirm-modal__content withdraw-dialog__text">
        {w('deleteText', { address: address.address, network: networkLabel(address) })}
      </p>
      <PasswordField
        label={t('fields.fundPassword')}
        autoComplete="off"
        autoFocus
        value={fundPassword}
        onChange={(value) => {
          setFundPassword(value);
          setError(undefined);
        }}
        error={error}
      />
    </FormDialog>
  );
}
