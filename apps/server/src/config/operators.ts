import { int, str, type Env } from '../lib/env';

/** The back office's operators: sessions, sign-in throttle, TOTP (docs/configuration.md). */
export interface OperatorConfig {
  /** An operator session ends after this long without a request. */
  sessionIdleMinutes: number;
  /** ... and this long after sign-in, whatever happens. */
  sessionMaxHours: number;
  /** Failed sign-ins per e-mail inside the lock window before that e-mail is locked. */
  loginMaxFailuresPerAccount: number;
  /** Failed sign-ins per address inside the window before that address is locked. */
  loginMaxFailuresPerIp: number;
  loginLockMinutes: number;
  /** The issuer an authenticator app shows beside the operator's e-mail. */
  totpIssuer: string;
}

export function loadOperatorConfig(env: Env): OperatorConfig {
  return {
    sessionIdleMinutes: int(env, 'OPERATOR_SESSION_IDLE_MINUTES', 30, 1, 24 * 60),
    sessionMaxHours: int(env, 'OPERATOR_SESSION_MAX_HOURS', 12, 1, 7 * 24),
    loginMaxFailuresPerAccount: int(env, 'OPERATOR_LOGIN_MAX_FAILURES_PER_ACCOUNT', 5, 1, 1000),
    loginMaxFailuresPerIp: int(env, 'OPERATOR_LOGIN_MAX_FAILURES_PER_IP', 20, 1, 100_000),
    loginLockMinutes: int(env, 'OPERATOR_LOGIN_LOCK_MINUTES', 15, 1, 24 * 60),
    totpIssuer: str(env, 'OPERATOR_TOTP_ISSUER', 'Trading back office'),
  };
}
