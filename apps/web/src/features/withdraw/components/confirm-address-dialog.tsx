import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountType, WithdrawAddress } from '@app/contract';
import { CodeField } from '../../../components/code-field';
import { sendOtp } from '../../../lib/api/send-otp';
import { sendSmsOtp } from '../../../lib/api/send-sms-otp';
import { ApiError } from '../../../lib/api/api-client';
import { toastSuccess } from '../../../lib/feedback/toast';
import { maskEmail, maskPhone } from '../../../lib/format';
import { otpCountdownKey } from '../../../lib/forms/otp-countdown';
import { checkOtp } from '../../../lib/forms/validation';
import { useSessionStore } from '../../../lib/session/session-store';
import { useConfirmWithdrawAddress } from '../api/confirm-withdraw-address';
import { networkLabel } from '../model/address-book';
import { useWithdrawText } from '../strings';
import '../../../components/confirm-modal.css';

/**
 * "Confirm now with a code" of a held address: a modal `<dialog>` that sends a code (purpose
 * `withdraw_address`) to the user's own e-mail or phone, whichever they pick of those they have,
 * and makes the address usable at once. It stays open on a refusal (wrong or expired code) and
 * shows the server's message.
 */
export function ConfirmAddressDialog({ address, onClose }: { address: WithdrawAddress; onClose: () => void }) {
  const { t } = useTranslation();
  const w = useWithdrawText();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const user = useSessionStore((s) => s.user);
  const email = user?.email ?? '';
  const phone = user?.phone ?? '';
  const countryCode = user?.countryCode ?? '';
  const channels: AccountType[] = [...(email ? (['email'] as const) : []), ...(phone ? (['phone'] as const) : [])];
  const [channel, setChannel] = useState<AccountType>(channels[0] ?? 'email');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const confirm = useConfirmWithdrawAddress();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const sendCode = () =>
    channel === 'email' ? sendOtp({ email, purpose: 'withdraw_address' }) : sendSmsOtp({ countryCode, phone, purpose: 'withdraw_address' });
  const targetLabel = (c: AccountType) =>
    c === 'email' ? t('security.viaEmail', { target: maskEmail(email) }) : t('security.viaPhone', { target: maskPhone(countryCode, phone) });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = checkOtp(code);
    if (invalid) {
      setError(invalid);
      return;
    }
    confirm.mutate(
      { id: address.id, channel, code },
      {
        onSuccess: () => {
          toastSuccess(w('addressConfirmed'));
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
      data-testid="confirm-address-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form noValidate onSubmit={onSubmit}>
        <h2 id={titleId} className="confirm-modal__title">
          {w('addressConfirmTitle')}
        </h2>
        <p className="confirm-modal__content withdraw-dialog__text">{w('addressConfirmText', { address: address.address, network: networkLabel(address) })}</p>
        {channels.length > 1 ? (
          <fieldset className="radio-list radio-list--compact">
            <legend className="field__label">{t('security.channel')}</legend>
            {channels.map((c) => (
              <label key={c} className={`radio-list__item${c === channel ? ' is-selected' : ''}`}>
                <input
                  type="radio"
                  name="confirm-channel"
                  value={c}
                  checked={c === channel}
                  onChange={() => {
                    setChannel(c);
                    setCode('');
                    setError(undefined);
                  }}
                  className="radio-list__input radio-list__input--visible"
                />
                <span className="radio-list__label">{targetLabel(c)}</span>
              </label>
            ))}
          </fieldset>
        ) : (
          <p className="withdraw-dialog__text">{targetLabel(channel)}</p>
        )}
        <CodeField
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(undefined);
          }}
          error={error}
          countdownKey={otpCountdownKey(channel === 'email' ? email : `+${countryCode}${phone}`)}
          onSend={sendCode}
        />
        <div className="confirm-modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={confirm.isPending}>
            {confirm.isPending ? t('common.processing') : t('common.confirm')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
