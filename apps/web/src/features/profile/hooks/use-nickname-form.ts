import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NICKNAME_MAX_LENGTH } from '@app/contract';
import { useUpdateUser } from '../../../lib/api/update-user';
import { useSessionStore } from '../../../lib/session/session-store';
import { toastSuccess } from '../../../lib/feedback/toast';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { checkRequired, collectErrors } from '../../../lib/forms/validation';
import { PROFILE_PATHS } from '../components/profile-paths';

/** Edits the nickname (at most NICKNAME_MAX_LENGTH characters), then back to the account settings. */
export function useNicknameForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = useSessionStore((s) => s.user?.nickname ?? '');
  const [nickname, setNicknameState] = useState(current);
  const { errors, formRef, report, clear } = useFormErrors<'nickname'>();
  const update = useUpdateUser();

  const setNickname = (typed: string) => {
    setNicknameState(typed.slice(0, NICKNAME_MAX_LENGTH));
    clear('nickname');
  };

  const submit = () => {
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

  return { nickname, setNickname, errors, formRef, submit, pending: update.isPending };
}
