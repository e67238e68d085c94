import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NICKNAME_MAX_LENGTH } from '@app/contract';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useNicknameForm } from '../hooks/use-nickname-form';

/** /pages/profile/account-setting/nickname */
export function NicknamePage() {
  const { t } = useTranslation();
  const form = useNicknameForm();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };

  return (
    <form ref={form.formRef} className="form form--page" noValidate onSubmit={onSubmit}>
      <TextField
        label={t('fields.nickname')}
        placeholder={t('fields.nicknamePlaceholder')}
        value={form.nickname}
        onChange={form.setNickname}
        maxLength={NICKNAME_MAX_LENGTH}
        autoComplete="nickname"
        hint={t('account.nicknameHint', { max: NICKNAME_MAX_LENGTH })}
        error={form.errors.nickname}
      />
      <SubmitButton loading={form.pending}>{t('common.save')}</SubmitButton>
    </form>
  );
}
