import type { OperatorCreateResult, OperatorLoginResult, OperatorRole } from '@app/contract';
import { AuditLog } from '../src/modules/audit';
import { OperatorService, OperatorSessionService, TOTP_PERIOD_SECONDS, totpCodeAt } from '../src/modules/operators';
import { uniqueEmail, type TestApp } from './harness';

export const OPERATOR_PASSWORD = 'operator-pass-123';

export interface TestOperator extends OperatorCreateResult {
  email: string;
  password: string;
}

/** The command line's way in: an operator made by the service with the `cli:` actor, as `npm run ops -- operator create` does. */
export async function createOperator(
  t: TestApp,
  role: OperatorRole,
  email = uniqueEmail(`op-${role}`),
): Promise<TestOperator> {
  const service = new OperatorService(t.ctx, new OperatorSessionService(t.ctx), new AuditLog(t.ctx));
  const created = await service.create(
    { operatorId: null, operatorEmail: 'cli:test', role: null, requestId: null, ip: null },
    { email, password: OPERATOR_PASSWORD, role },
  );
  return { ...created, email: created.operator.email, password: OPERATOR_PASSWORD };
}

/** The operator's current TOTP code at the test clock's time. */
export const totpNow = (t: TestApp, op: { totpSecret: string }, offsetMs = 0): string =>
  totpCodeAt(op.totpSecret, t.clock.now().getTime() + offsetMs);

/**
 * Signs in through the API with a code computed here. The clock first moves one TOTP step, so a
 * second sign-in of the same operator gets a code it has not used.
 */
export async function operatorLogin(t: TestApp, op: TestOperator, ip?: string): Promise<string> {
  t.clock.advance(TOTP_PERIOD_SECONDS * 1000);
  const res = await t.post<OperatorLoginResult>(
    '/admin/api/auth/login',
    { email: op.email, password: op.password, totp: totpNow(t, op) },
    ip ? { ip } : {},
  );
  if (res.code !== 0) throw new Error(`operator login failed: ${res.code} ${res.msg}`);
  return res.data.token;
}
