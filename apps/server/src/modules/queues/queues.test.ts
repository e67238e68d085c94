import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, type AdminDashboard, type OperatorRole } from '@app/contract';
import { createTestApp, registerByEmail, uploadFile, type TestApp } from '../../../test/harness';
import { createOperator, operatorLogin } from '../../../test/operators';

let t: TestApp;
const tokens = {} as Record<OperatorRole, string>;
beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000', OTP_DAILY_PER_IP: '10000', SCRYPT_COST: '1024' },
  });
  for (const role of ['support', 'compliance', 'finance', 'admin'] as const)
    tokens[role] = await operatorLogin(t, await createOperator(t, role));
});
afterAll(() => t.close());

const dashboard = async (role: OperatorRole) =>
  (await t.call<AdminDashboard>('GET', ADMIN_API.dashboard, undefined, { token: tokens[role] })).data.queues;
const none = (queue: string) => ({ queue, pending: 0, oldestAt: null });

/** A user who has sent both KYC stages: one submission awaits review. */
async function submitKyc(): Promise<void> {
  const u = await registerByEmail(t);
  expect(
    (
      await t.post(
        API.idCard.insertPrimaryVerification,
        { documentType: 'passport', nationality: 'DE', realName: 'Erika Mustermann', idNumber: `C0${u.user.uid}` },
        { token: u.token },
      )
    ).code,
  ).toBe(0);
  const paths: string[] = [];
  for (const [i, r] of [200, 30, 240].entries()) {
    const data = await sharp({ create: { width: 60, height: 40, channels: 3, background: { r, g: 90, b: 120 } } })
      .png()
      .toBuffer();
    paths.push(
      (await uploadFile(t, u.token, { kind: 'private' }, { name: `p${i}.png`, type: 'image/png', data })).data!.path,
    );
  }
  const [frontImage, backImage, selfieImage] = paths;
  expect((await t.post(API.idCard.insert, { frontImage, backImage, selfieImage }, { token: u.token })).code).toBe(0);
}

describe("the back office's dashboard", () => {
  it('shows each role the queues it works, with how many wait and since when; decisions empty them', async () => {
    expect(await dashboard('support')).toEqual([]);
    expect(await dashboard('compliance')).toEqual([{ queue: 'kyc', pending: 0, oldestAt: null }]);
    expect(await dashboard('finance')).toEqual([
      none('approvals'),
      none('deposits'),
      none('withdrawals'),
      none('loans'),
    ]);
    expect(await dashboard('admin')).toEqual([
      none('kyc'),
      none('approvals'),
      none('deposits'),
      none('withdrawals'),
      none('loans'),
    ]);

    const firstAt = t.clock.now().getTime();
    await submitKyc();
    t.clock.advance(60_000);
    await submitKyc();
    const u = await registerByEmail(t);
    const asked = await t.post<{ id: number }>(
      ADMIN_API.approvals.requestCredit,
      { uid: u.user.uid, asset: 'usdt', amount: '5', note: 'goodwill' },
      { token: tokens.finance },
    );
    expect(await dashboard('admin')).toEqual([
      { queue: 'kyc', pending: 2, oldestAt: firstAt },
      { queue: 'approvals', pending: 1, oldestAt: firstAt + 60_000 },
      none('deposits'),
      none('withdrawals'),
      none('loans'),
    ]);

    expect(
      (await t.post(ADMIN_API.approvals.decide, { id: asked.data.id, approve: false }, { token: tokens.admin })).code,
    ).toBe(0);
    expect(await dashboard('finance')).toEqual([
      none('approvals'),
      none('deposits'),
      none('withdrawals'),
      none('loans'),
    ]);
    // No chain node is configured here: no watcher to report.
    expect(
      (await t.call<AdminDashboard>('GET', ADMIN_API.dashboard, undefined, { token: tokens.support })).data.chains,
    ).toEqual([]);
  });

  it('is for operators only', async () => {
    const u = await registerByEmail(t);
    expect((await t.call('GET', ADMIN_API.dashboard, undefined, { token: u.token })).status).toBe(401);
    expect((await t.call('GET', ADMIN_API.dashboard)).status).toBe(401);
  });
});
