import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NICKNAME_MAX_LENGTH } from '@app/contract';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useUpdateUser } from '../../../lib/api/update-user';
import { useSessionStore } from '../../../lib/session-store';
import { toastSuccess } from '../../../lib/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { checkRequired, collectErrors } from '../../../lib/validation';
import { PROFILE_PATHS } from './profile-paths';

/** /pages/profile/account-setting/nickname */
export function NicknamePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = useSessionStore((s) => s.user?.nickname ?? '');
  const [nickname, setNickname] = useState(current);
  const { errors, formRef, report, clear } = useFormErrors<'nickname'>();
  const update = useUpdateUser();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (report(collectErrors({ nickname: checkRequired(nickname) }))) return;
    update.mutate(
      { nickname: nickname.trim() },
      {
        onSuccess: () => {
          toastSuccess(t('account.nicknameSaved'));
          navigate(PROFILE_PATHS.accountSettings, { replace: true });
        },
      },
    );
  };

  return (
    <form ref={formRef} className="form form--page" noValidate onSubmit={onSubmit}>
      <TextField
        label={t('fields.nickname')}
        placeholder={t('fields.nicknamePlaceholder')}
        value={nickname}
        onChange={(v) => {
          setNickname(v.slice(0, NICKNAME_MAX_LENGTH));
          clear('nickname');
        }}
        maxLength={NICKNAME_MAX_LENGTH}
        autoComplete="nickname"
        hint={t('account.nicknameHint', { max: NICKNAME_MAX_LENGTH })}
        error={errors.nickname}
      />
      <SubmitButton loading={update.isPending}>{t('common.save')}</SubmitButton>
    </form>
  );
}
