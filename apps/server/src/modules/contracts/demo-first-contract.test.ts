import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API, type AccountListResult, type Contract } from '@app/contract';
import { createTestApp, registerByEmail, type TestApp } from '../../../test/harness';
import { users } from '../../db/schema';
import { demoFunding } from '../ledger';
import { ScriptedSource, setClock } from '../market/testing';

// Issue 13 item 7: the demo money must be able to stake a contract without a transfer first.
const demo = (token: string) => ({ token, headers: { typeUser: 'demo' } });

let t: TestApp;
let feed: ScriptedSource;

beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000', OTP_DAILY_PER_IP: '100000' },
    marketEngine: { sources: () => [(feed = new ScriptedSource(['BTCUSDT'], () => t.clock.now().getTime()))] },
  });
  setClock(t, '2027-03-03T15:00:00.000Z');
  await t.app.market.engine.start();
  feed.tick('BTCUSDT', '50000.00');
});
afterAll(() => t.close());

async function usdt(token: string): Promise<Record<string, string>> {
  const l = await t.post<AccountListResult>(API.account.list, undefined, demo(token));
  return Object.fromEntries(
    l.data.wallets.map((w) => [w.wallet, w.balances.find((b) => b.asset === 'USDT')!.available]),
  );
}

const userIdOf = async (email: string) =>
  (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

describe('demo funding', () => {
  it('a fresh demo user places a contract on the first try: the option account is funded too', async () => {
    const u = await registerByEmail(t);
    const switched = await t.post(API.account.accountSwitch, { typeUser: 'demo' }, { token: u.token });
    expect(switched.code).toBe(0);
    const r = await t.post<Contract>(
      API.contract.create,
      { symbol: 'BTCUSDT', direction: 'up', duration: 30, amount: '10' },
      demo(u.token),
    );
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ status: 'open', stake: '10.000000', typeUser: 'demo' });
    expect(await usdt(u.token)).toEqual({ currency: '100000.000000', option: '99990.000000', financing: '0.000000' });
  });

  it('tops up a demo ledger funded before the option account was (its currency money stays), once', async () => {
    const u = await registerByEmail(t);
    const userId = await userIdOf(u.email);
    // The old funding: 100,000 USDT in the currency account only, then some of it spent.
    await t.app.money.run({ userId: null, step: (m) => m.post(demoFunding(userId, ['currency'])) });
    const r = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.post<Contract>(
          API.contract.create,
          { symbol: 'BTCUSDT', direction: 'up', duration: 30, amount: '10' },
          demo(u.token),
        ),
      ),
    );
    expect(r.map((x) => x.code)).toEqual([0, 0, 0, 0, 0]);
    expect(await usdt(u.token)).toEqual({ currency: '100000.000000', option: '99950.000000', financing: '0.000000' });
  });

  it('a reset funds both accounts again', async () => {
    const u = await registerByEmail(t);
    await t.post(
      API.account.transferAsset,
      { fromAccount: 'option', toAccount: 'financing', asset: 'USDT', amount: '300' },
      demo(u.token),
    );
    expect((await t.post(API.account.demoReset, undefined, demo(u.token))).code).toBe(0);
    expect(await usdt(u.token)).toEqual({ currency: '100000.000000', option: '100000.000000', financing: '0.000000' });
  });
});
