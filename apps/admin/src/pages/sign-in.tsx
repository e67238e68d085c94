import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ADMIN_API, type OperatorLoginBody, type OperatorLoginResult } from '@app/contract';
import { ApiError, call } from '../api';
import { useAuth } from '../auth';

/** Plain words for what went wrong, from the server's message or the app's own check. */
function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return 'Signing in failed. Try again.';
}

export function SignInPage() {
  const { signedIn, notice } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const login = useMutation({
    mutationFn: (body: OperatorLoginBody) => call<OperatorLoginResult>(ADMIN_API.auth.login, body),
    onSuccess: (result) => signedIn(result.token, result.operator),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    if (!/^[0-9]{6}$/.test(totp)) {
      setFormError('The authenticator code is the 6 digits your authenticator app shows.');
      return;
    }
    login.mutate({ email: email.trim(), password, totp });
  };

  const error = formError ?? (login.isError ? errorText(login.error) : null);
  return (
    <main className="sign-in">
      <form className="card sign-in__card" onSubmit={submit} noValidate>
        <h1>Back office sign-in</h1>
        {notice && !error && <p className="notice" role="status">{notice}</p>}
        <label className="field">
          <span>E-mail</span>
          <input type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        <label className="field">
          <span>Password</span>
          <input type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <label className="field">
          <span>Authenticator code</span>
          <input
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            value={totp}
            onChange={(e) => setTotp(e.target.value.replace(/\D/g, ''))}
          />
        </label>
        {error && <p className="error" role="alert">{error}</p>}
        <button type="submit" className="button" disabled={login.isPending}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
