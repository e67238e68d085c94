import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, ERRORS, assetOf, instrumentOf, parseAmount, type GuideProgress } from '@app/contract';
import { createTestApp, registerByEmail, userIdByEmail, type TestApp } from '../../../test/harness';
import { creditBackStage } from '../deposits';

const FUND = 'fund-pass-1';
const demo = (token: string) => ({ token, headers: { typeUser: 'demo' } });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000', OTP_DAILY_PER_IP: '100000' } });
  const inst = instrumentOf('BTCUSDT')!;
  t.app.market.engine.tick({
    symbol: 'BTCUSDT',
    time: t.clock.now().getTime(),
    price: Number(parseAmount('50000', inst.priceDecimals)),
    amount: 1,
  });
});
afterAll(() => t.close());

async function progress(token: string) {
  const r = await t.call<GuideProgress>('GET', API.guide.progress, undefined, { token });
  expect(r.code).toBe(0);
  return Object.fromEntries(r.data.steps.map((s) => [s.key, s.done]));
}

describe("the novice guide's progress", () => {
  it('needs a session', async () => {
    expect((await t.call('GET', API.guide.progress)).code).toBe(ERRORS.SESSION_EXPIRED.code);
  });

  it('starts with nothing done, in the order demo, contract, deposit, security', async () => {
    const u = await registerByEmail(t);
    const r = await t.call<GuideProgress>('GET', API.guide.progress, undefined, { token: u.token });
    expect(r.data).toEqual({
      steps: [
        { key: 'demo', done: false },
        { key: 'contract', done: false },
        { key: 'deposit', done: false },
        { key: 'security', done: false },
      ],
      done: 0,
      total: 4,
    });
  });

  it('marks each step from the records: opening demo is not trying it, a demo contract is both steps', async () => {
    const u = await registerByEmail(t);
    // Switching to demo funds it, and a transfer moves play money: neither is a trade.
    expect((await t.post(API.account.accountSwitch, { typeUser: 'demo' }, { token: u.token })).code).toBe(0);
    expect(
      (
        await t.post(
          API.account.transferAsset,
          { fromAccount: 'currency', toAccount: 'option', asset: 'USDT', amount: '10' },
          demo(u.token),
        )
      ).code,
    ).toBe(0);
    expect(await progress(u.token)).toEqual({ demo: false, contract: false, deposit: false, security: false });
    expect(
      (
        await t.post(
          API.contract.create,
          { symbol: 'BTCUSDT', direction: 'up', duration: 30, amount: '10' },
          demo(u.token),
        )
      ).code,
    ).toBe(0);
    expect(await progress(u.token)).toEqual({ demo: true, contract: true, deposit: false, security: false });

    const usdt = assetOf('USDT')!;
    await creditBackStage(t.app.money, {
      userId: await userIdByEmail(t, u.email),
      asset: usdt,
      amount: parseAmount('25', usdt.scale)!,
      note: null,
      operator: 'test',
    });
    expect(
      (await t.post(API.user.setFundPassword, { fundPassword: FUND, confirmFundPassword: FUND }, { token: u.token }))
        .code,
    ).toBe(0);
    expect(await progress(u.token)).toEqual({ demo: true, contract: true, deposit: true, security: true });
  });

  it('counts a real contract for the contract step, and a demo deposit never exists', async () => {
    const u = await registerByEmail(t);
    const usdt = assetOf('USDT')!;
    await creditBackStage(t.app.money, {
      userId: await userIdByEmail(t, u.email),
      asset: usdt,
      amount: parseAmount('50', usdt.scale)!,
      note: null,
      operator: 'test',
    });
    expect(
      (
        await t.post(
          API.account.transferAsset,
          { fromAccount: 'currency', toAccount: 'option', asset: 'USDT', amount: '20' },
          { token: u.token },
        )
      ).code,
    ).toBe(0);
    expect(
      (
        await t.post(
          API.contract.create,
          { symbol: 'BTCUSDT', direction: 'down', duration: 60, amount: '10' },
          { token: u.token },
        )
      ).code,
    ).toBe(0);
    expect(await progress(u.token)).toEqual({ demo: false, contract: true, deposit: true, security: false });
  });
});
