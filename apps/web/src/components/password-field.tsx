import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH } from '@app/contract';
import { IconEye, IconEyeOff } from './icons';
import { TextField, type TextFieldProps } from './text-field';

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'end'> & {
  /** "current-password" for log in, "new-password" when choosing one, "off" for fund passwords. */
  autoComplete: 'current-password' | 'new-password' | 'off';
};

/** A password input with a show/hide toggle. */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      maxLength={PASSWORD_MAX_LENGTH}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      end={
        <button
          type="button"
          className="field__icon-button"
          aria-label={visible ? t('common.hidePassword') : t('common.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <IconEyeOff size={20} /> : <IconEye size={20} />}
        </button>
      }
    />
  );
}
