import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountType } from '@app/contract';
import { toastSuccess } from '../../../lib/feedback/toast';
import { useDraftState } from '../../../lib/forms/use-draft-state';
import { useFormErrors } from '../../../lib/forms/use-form-errors';
import { collectErrors } from '../../../lib/forms/form-errors';
import { useLogin } from '../api/login';
import { accountIdentity } from '../model/account-identity';
import { authChecksOrToast, warmAuthChecks } from '../model/load-checks';
import { useAuthFlow } from './use-auth-flow';
import { useSelectedCountry } from './use-selected-country';

type Field = 'account' | 'password';

/**
 * The log-in form by phone or e-mail: its values, errors and submit (which logs in and goes on,
 * or with `stay`, stays on the page: the desktop dialog after a session expiry).
 */
export function useLoginForm(type: AccountType, { stay = false }: { stay?: boolean } = {}) {
  const { t } = useTranslation();
  const { withReturn, completeLogin } = useAuthFlow();
  const country = useSelectedCountry((s) => s.country);
  const [account, setAccount] = useDraftState(`login.${type}`, '');
  const [password, setPassword] = useState('');
  const { errors, formRef, report, edit } = useFormErrors<Field>();
  const login = useLogin();

  const submit = async () => {
    const checks = await authChecksOrToast();
    if (!checks) return;
    const invalid = report(
      collectErrors<Field>({
        account: checks.checkAccount(type, country.dialCode, account),
        password: checks.checkRequired(password),
      }),
    );
    if (invalid) return;
    login.mutate(
      { ...accountIdentity(type, country.dialCode, account), password },
      {
        onSuccess: (result) => {
          toastSuccess(t('auth.loggedIn'));
          completeLogin(result, stay);
        },
      },
    );
  };

  return {
    account,
    setAccount: edit('account', setAccount),
    password,
    setPassword: edit('password', setPassword),
    errors,
    formRef,
    submit,
    warmChecks: warmAuthChecks,
    pending: login.isPending,
    withReturn,
  };
}
