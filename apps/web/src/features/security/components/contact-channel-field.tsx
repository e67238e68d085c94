import { useTranslation } from 'react-i18next';
import type { AccountType } from '@app/contract';
import { maskEmail, maskPhone } from '../../../lib/format';
import '../../../lib/i18n/security-namespace';

interface ContactChannelFieldProps {
  channels: readonly AccountType[];
  channel: AccountType;
  onChange: (channel: AccountType) => void;
  contact: { email: string; phone: string; countryCode: string };
}

/** Which of the account's own contacts a code goes to: its e-mail or its phone, each shown masked. */
export function ContactChannelField({ channels, channel, onChange, contact }: ContactChannelFieldProps) {
  const { t } = useTranslation();
  const targetLabel = (c: AccountType) =>
    c === 'email'
      ? t('security.viaEmail', { target: maskEmail(contact.email) })
      : t('security.viaPhone', { target: maskPhone(contact.countryCode, contact.phone) });
  return (
    <fieldset className="radio-list radio-list--compact">
      <legend className="field__label">{t('security.channel')}</legend>
      {channels.map((c) => (
        <label key={c} className={`radio-list__item${c === channel ? ' is-selected' : ''}`}>
          <input
            type="radio"
            name="channel"
            value={c}
            checked={c === channel}
            onChange={() => onChange(c)}
            className="radio-list__input radio-list__input--visible"
          />
          <span className="radio-list__label">{targetLabel(c)}</span>
        </label>
      ))}
    </fieldset>
  );
}
