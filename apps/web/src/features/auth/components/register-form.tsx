import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AccountType } from '@app/contract';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { SegmentedNav } from '../../../components/segmented-nav';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useOtpCountdownStore } from '../../../lib/otp-countdown';
import { toastSuccess } from '../../../lib/toast';
import { useDraftState } from '../../../lib/use-draft-state';
import { useFormErrors } from '../../../lib/use-form-errors';
import { checkConfirmation, checkEmail, checkNewPassword, checkPhone, collectErrors } from '../../../lib/validation';
import { useAuthFlow } from '../hooks/use-auth-flow';
import { registerCountdownKey, sendRegisterCode, useRegisterDraft, type RegisterDraft } from '../hooks/use-register-draft';
import { useSelectedCountry } from '../hooks/use-selected-country';
import { AuthHeader } from './auth-header';
import { AUTH_PATHS } from './auth-paths';
import { AccountField } from './account-field';

type Field = 'account' | 'password' | 'confirmPassword';

const INVITATION_CODE_MAX_LENGTH = 16;

/**
 * Step one of registration (spec §2): account, password, confirmation, optional invitation
 * code. "Next" checks them, sends the 4-digit code and opens the verify-code page.
 */
function RegisterForm({ type }: { type: AccountType }) {
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

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = report(
      collectErrors<Field>({
        account: type === 'email' ? checkEmail(account) : checkPhone(country.dialCode, account),
        password: checkNewPassword(password),
        confirmPassword: checkConfirmation(password, confirmPassword),
      }),
    );
    if (invalid) return;

    const draft: RegisterDraft = {
      type,
      ...(type === 'email'
        ? { email: account.trim() }
        : { countryCode: country.dialCode, phone: account.replace(/[^0-9]/g, '') }),
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

  return (
    <div className="auth">
      <AuthHeader title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')} />
      <SegmentedNav
        label={t('auth.registerMethod')}
        items={[
          { to: withReturn(AUTH_PATHS.registerPhone), label: t('auth.byPhone'), active: type === 'phone' },
          { to: withReturn(AUTH_PATHS.registerEmail), label: t('auth.byEmail'), active: type === 'email' },
        ]}
      />
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        <AccountField
          type={type}
          autoComplete="email"
          value={account}
          onChange={edit('account', setAccount)}
          error={errors.account}
        />
        <NewPasswordFields
          passwordLabel={t('fields.password')}
          confirmLabel={t('fields.confirmPassword')}
          password={password}
          confirm={confirmPassword}
          onPasswordChange={edit('password', setPassword)}
          onConfirmChange={edit('confirmPassword', setConfirmPassword)}
          passwordError={errors.password}
          confirmError={errors.confirmPassword}
        />
        <TextField
          label={t('fields.invitationCode')}
          optional
          placeholder={t('fields.invitationCodePlaceholder')}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={INVITATION_CODE_MAX_LENGTH}
          value={invitationCode}
          onChange={setInvitationCode}
        />
        <SubmitButton loading={sending}>{t('common.next')}</SubmitButton>
      </form>
      <p className="auth__switch">
        {t('auth.haveAccount')}{' '}
        <Link className="link link--strong" to={withReturn(type === 'email' ? AUTH_PATHS.loginEmail : AUTH_PATHS.loginPhone)}>
          {t('auth.logInNow')}
        </Link>
      </p>
    </div>
  );
}

export function RegisterPhonePage() {
  return <RegisterForm type="phone" />;
}

export function RegisterEmailPage() {
  return <RegisterForm type="email" />;
}
