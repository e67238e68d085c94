import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
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

  const submit = () => {
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
      <Card className="sign-in__card">
        <Form layout="vertical" onFinish={submit}>
          <Typography.Title level={1}>Back office sign-in</Typography.Title>
          {notice && !error && <Alert className="spaced" type="info" role="status" title={notice} />}
          <Form.Item label="E-mail" htmlFor="email">
            <Input
              id="email"
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Form.Item>
          <Form.Item label="Password" htmlFor="password">
            <Input.Password
              id="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Form.Item>
          <Form.Item label="Authenticator code" htmlFor="totp">
            <Input
              id="totp"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={totp}
              onChange={(e) => setTotp(e.target.value.replace(/\D/g, ''))}
            />
          </Form.Item>
          {error && <Alert className="spaced" type="error" role="alert" title={error} />}
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            {login.isPending ? 'Signing in…' : 'Sign in'}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
