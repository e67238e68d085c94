import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AccountType } from '@app/contract';
import { useOtpCountdownStore } from '../../../lib/forms/otp-countdown';
import { toastSuccess } from '../../../lib/feedback/toast';
import { useDraftState } from '../../../lib/forms/use-draft-state';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { collectErrors } from '../../../lib/forms/form-errors';
import { AUTH_PATHS } from '../components/auth-paths';
import { accountIdentity } from '../model/account-identity';
import { authChecksOrToast, warmAuthChecks } from '../model/load-checks';
import { useAuthFlow } from './use-auth-flow';
import { registerCountdownKey, sendRegisterCode, useRegisterDraft, type RegisterDraft } from './use-register-draft';
import { useSelectedCountry } from './use-selected-country';

type Field = 'account' | 'password' | 'confirmPassword';

export const INVITATION_CODE_MAX_LENGTH = 16;

/**
 * Step one of registration (docs/product.md §2): account, password, confirmation, optional invitation
 * code. Submit checks them, sends the 4-digit code and opens the verify-code page.
 */
export function useRegisterForm(type: AccountType) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { withReturn } = useAuthFlow();
  const country = useSelectedCountry((s) => s.country);
  const saveDraft = useRegisterDraft((s) => s.save);
  const startCountdown = useOtpCountdownStore((s) => s.start);
  const resendAt = useOtpCountdownStore((s) => s.resendAt);

  const [account, setAccount] = useDraftState(`register.${type}`, '');
  const [invitationCode, setInvitationCode] = useDraftState(
    'register.invitationCode',
    (params.get('invitationCode') ?? '').slice(0, INVITATION_CODE_MAX_LENGTH),
  );
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [sending, setSending] = useState(false);
  const { errors, formRef, report, edit } = useFormErrors<Field>();

  const submit = async () => {
    const checks = await authChecksOrToast();
    if (!checks) return;
    const invalid = report(
      collectErrors<Field>({
        account: checks.checkAccount(type, country.dialCode, account),
        password: checks.checkNewPassword(password),
        confirmPassword: checks.checkConfirmation(password, confirmPassword),
      }),
    );
    if (invalid) return;

    const draft: RegisterDraft = {
      ...accountIdentity(type, country.dialCode, account),
      password,
      confirmPassword,
      ...(invitationCode.trim() ? { invitationCode: invitationCode.trim() } : {}),
    };
    const key = registerCountdownKey(draft);
    // A code already went to this destination less than 60 s ago: it is still good.
    if ((resendAt[key] ?? 0) <= Date.now()) {
      setSending(true);
      try {
        const sent = await sendRegisterCode(draft);
        startCountdown(key, sent.resendAfterSeconds);
        toastSuccess(t('common.codeSent'));
      } catch {
        return; // The API client told the user why (e.g. "This account already exists").
      } finally {
        setSending(false);
      }
    }
    saveDraft(draft);
    navigate(withReturn(type === 'email' ? AUTH_PATHS.verifyEmail : AUTH_PATHS.verifyPhone));
  };

  return {
    account,
    setAccount: edit('account', setAccount),
    password,
    setPassword: edit('password', setPassword),
    confirmPassword,
    setConfirmPassword: edit('confirmPassword', setConfirmPassword),
    invitationCode,
    setInvitationCode,
    errors,
    formRef,
    submit,
    warmChecks: warmAuthChecks,
    pending: sending,
    withReturn,
  };
}
