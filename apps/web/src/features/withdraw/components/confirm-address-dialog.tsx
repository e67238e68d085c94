import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OTP_LENGTH, OTP_RESEND_WAIT_S, type AccountType, type WithdrawAddress } from '@app/contract';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api/api-client';
import { toastSuccess } from '../../../lib/feedback/toast';
import { checkOtp } from '../../../lib/forms/validation';
import '../../../lib/i18n/security-namespace';
import { useSessionStore } from '../../../lib/session/session-store';
import { useConfirmWithdrawAddress } from '../api/confirm-withdraw-address';
import { sendWithdrawAddressCode } from '../api/send-withdraw-address-code';
import { networkLabel } from '../model/address-book';
import { useWithdrawText } from '../strings';
import { FormDialog } from './form-dialog';

/** Seconds until another code may be asked for (the server's OTP_RESEND_WAIT_S; it refuses earlier ones too). */
function useResendWait(): [number, () => void] {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return undefined;
    const timer = window.setTimeout(() => setNow(Date.now()), 1000);
    return () => window.clearTimeout(timer);
  }, [until, now]);
  return [
    Math.max(0, Math.ceil((until - now) / 1000)),
    () => {
      const at = Date.now();
      setNow(at);
      setUntil(at + OTP_RESEND_WAIT_S * 1000);
    },
  ];
}

/**
 * "Confirm now with a code" of a held address: a modal `<dialog>` that sends a code (purpose
 * `withdraw_address`) to the user's own e-mail or phone, whichever they pick of those they have,
 * and makes the address usable at once. It stays open on a refusal (wrong or expired code) and
 * shows the server's message. Its code field is its own, not components/code-field: sharing that
 * chunk would split the pieces it is grouped with into a new file on the phone's first route
 * (issue 14's 150 KB budget).
 */
export function ConfirmAddressDialog({ address, onClose }: { address: WithdrawAddress; onClose: () => void }) {
  const { t } = useTranslation();
  const w = useWithdrawText();
  const user = useSessionStore((s) => s.user);
  const email = user?.email ?? '';
  const phone = user?.phone ?? '';
  const countryCode = user?.countryCode ?? '';
  const channels: AccountType[] = [...(email ? (['email'] as const) : []), ...(phone ? (['phone'] as const) : [])];
  const [channel, setChannel] = useState<AccountType>(channels[0] ?? 'email');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const confirm = useConfirmWithdrawAddress();

  const [wait, startWait] = useResendWait();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const sendCode = () => {
    setSending(true);
    sendWithdrawAddressCode(channel, { email, countryCode, phone })
      .then(() => {
        setSent(true);
        startWait();
        toastSuccess(t('common.codeSent'));
      })
      .catch((e: unknown) => setError(e instanceof ApiError ? e.message : t('network.serverError')))
      .finally(() => setSending(false));
  };
  const targetLabel = (c: AccountType) =>
    c === 'email'
      ? t('security.viaEmail', { target: email })
      : t('security.viaPhone', { target: `+${countryCode} ${phone}` });

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
    <FormDialog
      title={w('addressConfirmTitle')}
      testid="confirm-address-dialog"
      onClose={onClose}
      onSubmit={onSubmit}
      pending={confirm.isPending}
      submitLabel={t('common.confirm')}
    >
      <p className="confirm-modal__content withdraw-dialog__text">
        {w('addressConfirmText', { address: address.address, network: networkLabel(address) })}
      </p>
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
      <TextField
        label={t('fields.code')}
        placeholder={t('fields.codePlaceholder')}
        value={code}
        onChange={(value) => {
          setCode(value.replace(/[^0-9]/g, '').slice(0, OTP_LENGTH));
          setError(undefined);
        }}
        error={error}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        className="field--code"
        end={
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={sending || wait > 0}
            onClick={sendCode}
          >
            {wait > 0 ? t('common.resendIn', { seconds: wait }) : sent ? t('common.resendCode') : t('common.sendCode')}
          </button>
        }
      />
    </FormDialog>
  );
}
