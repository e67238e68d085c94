import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WithdrawAddress } from '@app/contract';
import { PasswordField } from '../../../components/password-field';
import { ApiError } from '../../../lib/api/api-client';
import { toastSuccess } from '../../../lib/feedback/toast';
import { checkRequired } from '../../../lib/forms/validation';
import { useDeleteWithdrawAddress } from '../api/delete-withdraw-address';
import { networkLabel } from '../model/address-book';
import { useWithdrawText } from '../strings';
import '../../../components/confirm-modal.css';

/**
 * Deleting a saved address: a modal `<dialog>` (focus held inside, Escape cancels, the focus goes
 * back to "Delete") asking for the fund password. It stays open on a refusal and shows the
 * server's message (wrong, locked, not set), so the user can try again.
 */
export function DeleteAddressDialog({ address, onClose }: { address: WithdrawAddress; onClose: () => void }) {
  const { t } = useTranslation();
  const w = useWithdrawText();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [fundPassword, setFundPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const remove = useDeleteWithdrawAddress();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

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
    <dialog
      ref={dialog}
      className="confirm-modal"
      aria-labelledby={titleId}
      data-testid="delete-address-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form noValidate onSubmit={onSubmit}>
        <h2 id={titleId} className="confirm-modal__title">
          {w('deleteTitle')}
        </h2>
        <p className="confirm-modal__content withdraw-dialog__text">{w('deleteText', { address: address.address, network: networkLabel(address) })}</p>
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
        <div className="confirm-modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={remove.isPending}>
            {remove.isPending ? t('common.processing') : w('delete')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
