import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERRORS,
  type AccountChangeList,
  type AccountListResult,
  type TransferLog,
  type TransferRecord,
  type UserInfo,
  type WalletBalance,
} from '@app/contract';
import { createTestApp, registerByEmail, type TestApp } from '../../../test/harness';

const A = '/asset/api/account';
const code = (key: keyof typeof ERRORS) => ERRORS[key].code;
const demo = (token: string) => ({ token, headers: { typeUser: 'demo' } });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000', OTP_DAILY_PER_IP: '100000' } });
});
afterAll(() => t.close());

const available = (list: AccountListResult, wallet: string, asset: string) =>
  list.wallets.find((w) => w.wallet === wallet)!.balances.find((b) => b.asset === asset)!.available;

describe('demo account', () => {
  it('starts with 100,000 USDT in the currency and in the option account from the demo faucet, funded once even when first used by many requests at once', async () => {
    const u = await registerByEmail(t);
    const lists = await Promise.all(
      Array.from({ length: 10 }, () => t.post<AccountListResult>(`${A}/list`, undefined, demo(u.token))),
    );
    for (const l of lists)
      expect([available(l.data, 'currency', 'USDT'), available(l.data, 'option', 'USDT')]).toEqual([
        '100000.000000',
        '100000.000000',
      ]);
    const changes = await t.call<AccountChangeList>('GET', '/asset/api/accountchange/list', undefined, demo(u.token));
    // One event: the demo funds, in both accounts.
    expect(changes.data.total).toBe(1);
    expect(changes.data.items[0]).toMatchObject({
      kind: 'demo_faucet',
      lines: [
        { wallet: 'currency', asset: 'USDT', amount: '100000.000000' },
        { wallet: 'option', asset: 'USDT', amount: '100000.000000' },
      ],
    });
  });

  it('never touches the real ledger', async () => {
    const u = await registerByEmail(t);
    await t.post(
      `${A}/transferAsset`,
      { fromAccount: 'currency', toAccount: 'option', asset: 'USDT', amount: '10' },
      demo(u.token),
    );
    const real = await t.post<AccountListResult>(`${A}/list`, undefined, { token: u.token });
    expect(real.data.typeUser).toBe('real');
    expect(
      real.data.wallets.every((w) => w.balances.every((b) => b.available === b.available.replace(/[1-9]/g, '0'))),
    ).toBe(true);
    expect(
      (
        await t.post(
          `${A}/transferAsset`,
          { fromAccount: 'currency', toAccount: 'option', asset: 'USDT', amount: '10' },
          { token: u.token },
        )
      ).code,
    ).toBe(code('BALANCE_NOT_ENOUGH'));
  });

  it('switches real ⇄ demo; user info echoes the mode of the request (the typeUser header is the only truth)', async () => {
    const u = await registerByEmail(t);
    const sw = await t.post<UserInfo>(`${A}/accountSwitch`, { typeUser: 'demo' }, { token: u.token });
    expect(sw.data.typeUser).toBe('demo');
    expect((await t.post<UserInfo>('/asset/api/user/info', undefined, demo(u.token))).data.typeUser).toBe('demo');
    // Nothing is stored: a request without the header is a real-ledger request, whatever was switched before.
    expect((await t.post<UserInfo>('/asset/api/user/info', undefined, { token: u.token })).data.typeUser).toBe('real');
    expect((await t.post(`${A}/accountSwitch`, { typeUser: 'paper' }, { token: u.token })).code).toBe(
      code('INVALID_PARAMETER'),
    );
    expect((await t.post<UserInfo>(`${A}/accountSwitch`, { typeUser: 'real' }, { token: u.token })).data.typeUser).toBe(
      'real',
    );
  });

  it('resets to 100,000 USDT, in demo mode only', async () => {
    const u = await registerByEmail(t);
    await t.post(
      `${A}/transferAsset`,
      { fromAccount: 'currency', toAccount: 'financing', asset: 'USDT', amount: '2500.5' },
      demo(u.token),
    );
    expect((await t.post(`${A}/demoReset`, undefined, { token: u.token })).code).toBe(code('NOT_IN_DEMO'));
    expect((await t.post(`${A}/demoReset`, undefined, demo(u.token))).code).toBe(0);
    const l = await t.post<AccountListResult>(`${A}/list`, undefined, demo(u.token));
    expect(available(l.data, 'currency', 'USDT')).toBe('100000.000000');
    expect(available(l.data, 'financing', 'USDT')).toBe('0.000000');
  });
});

describe('times', () => {
  it('stamps transfers and statement lines in epoch milliseconds, like every time of the API', async () => {
    const u = await registerByEmail(t);
    t.clock.advance(1_000);
    const at = t.clock.now().getTime();
    const moved = await t.post<TransferRecord>(
      `${A}/transferAsset`,
      { fromAccount: 'currency', toAccount: 'option', asset: 'USDT', amount: '10' },
      demo(u.token),
    );
    expect(moved.data.operateTime).toBe(at);
    const log = await t.call<TransferLog>('GET', `${A}/getTransferLog`, undefined, demo(u.token));
    expect(log.data.items[0]?.operateTime).toBe(at);
    const changes = await t.call<AccountChangeList>('GET', '/asset/api/accountchange/list', undefined, demo(u.token));
    expect(changes.data.items[0]?.time).toBe(at);
    expect(changes.data.items.every((c) => Number.isInteger(c.time) && c.time <= at)).toBe(true);
  });
});

describe('demo reset under load', () => {
  it('ends at exactly 100,000 USDT after 10 simultaneous resets, and a replayed key resets once', async () => {
    const u = await registerByEmail(t);
    await t.post(
      `${A}/transferAsset`,
      { fromAccount: 'currency', toAccount: 'option', asset: 'USDT', amount: '123.45' },
      demo(u.token),
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.post(`${A}/demoReset`, undefined, demo(u.token))),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(10).fill(0));
    let l = await t.post<AccountListResult>(`${A}/list`, undefined, demo(u.token));
    expect([available(l.data, 'currency', 'USDT'), available(l.data, 'option', 'USDT')]).toEqual([
      '100000.000000',
      '100000.000000',
    ]);

    await t.post(
      `${A}/transferAsset`,
      { fromAccount: 'currency', toAccount: 'option', asset: 'USDT', amount: '1' },
      demo(u.token),
    );
    const key = {
      token: u.token,
      headers: { typeUser: 'demo', 'Idempotency-Key': `reset-${u.email}`.replace(/[^A-Za-z0-9_.:-]/g, '_') },
    };
    expect((await t.post(`${A}/demoReset`, undefined, key)).code).toBe(0);
    await t.post(
      `${A}/transferAsset`,
      { fromAccount: 'currency', toAccount: 'option', asset: 'USDT', amount: '2' },
      demo(u.token),
    );
    // The replay answers like the first and resets nothing: the 2 USDT moved since stay in the option account.
    expect((await t.post(`${A}/demoReset`, undefined, key)).code).toBe(0);
    l = await t.post<AccountListResult>(`${A}/list`, undefined, demo(u.token));
    expect([available(l.data, 'currency', 'USDT'), available(l.data, 'option', 'USDT')]).toEqual([
      '99998.000000',
      '100002.000000',
    ]);
  });
});

describe('typeUser header', () => {
  it('refuses any value but real and demo before anything runs, and moves nothing on either ledger', async () => {
    const u = await registerByEmail(t);
    const body = { fromAccount: 'currency', toAccount: 'option', asset: 'USDT', amount: '1' };
    const lists = async () =>
      [
        await t.post<AccountListResult>(`${A}/list`, undefined, { token: u.token }),
        await t.post<AccountListResult>(`${A}/list`, undefined, demo(u.token)),
      ].map((l) => l.data);
    const before = await lists();
    for (const typeUser of ['Demo', 'DEMO', 'test', 'demo,real', '']) {
      const res = await t.post(`${A}/transferAsset`, body, {
        token: u.token,
        headers: { typeUser, 'Idempotency-Key': `k-${typeUser.length}-${typeUser}`.replace(/[^A-Za-z0-9_.:-]/g, '_') },
      });
      expect([res.status, res.code]).toEqual([400, code('TYPE_USER_INVALID')]);
      // Refused before the handler: the same answer without a session at all.
      expect((await t.post(`${A}/transferAsset`, body, { headers: { typeUser } })).code).toBe(
        code('TYPE_USER_INVALID'),
      );
    }
    expect(await lists()).toEqual(before);
    const log = await t.call<TransferLog>('GET', `${A}/getTransferLog`, undefined, demo(u.token));
    expect(log.data.total).toBe(0);
  });
});

describe('transfers between accounts', () => {
  it('moves money, keeps a record and a statement line on both sides', async () => {
    const u = await registerByEmail(t);
    const r = await t.post<TransferRecord>(
      `${A}/transferAsset`,
      { fromAccount: 'currency', toAccount: 'option', asset: 'USDT', amount: '1234.567891' },
      demo(u.token),
    );
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({
      fromAccount: 'currency',
      toAccount: 'option',
      asset: 'USDT',
      amount: '1234.567891',
    });
    const l = await t.post<AccountListResult>(`${A}/list`, undefined, demo(u.token));
    expect(available(l.data, 'currency', 'USDT')).toBe('98765.432109');
    expect(available(l.data, 'option', 'USDT')).toBe('101234.567891');
    const v = await t.call<WalletBalance>(
      'GET',
      `${A}/getValidAssetById?wallet=option&asset=USDT`,
      undefined,
      demo(u.token),
    );
    expect(v.data).toEqual({ asset: 'USDT', available: '101234.567891', frozen: '0.000000' });
    const log = await t.call<TransferLog>('GET', `${A}/getTransferLog?page=1&size=10`, undefined, demo(u.token));
    expect(log.data.total).toBe(1);
    expect(log.data.items[0]).toEqual(r.data);
    const option = await t.call<AccountChangeList>(
      'GET',
      '/asset/api/accountchange/list?wallet=option',
      undefined,
      demo(u.token),
    );
    expect(option.data.items[0]).toMatchObject({
      kind: 'transfer',
      lines: [{ wallet: 'option', amount: '1234.567891', balanceAfter: '101234.567891' }],
    });
    const all = await t.call<AccountChangeList>('GET', '/asset/api/accountchange/list', undefined, demo(u.token));
    expect(all.data.items.map((i) => i.lines.map((l) => `${l.wallet} ${l.amount}`))).toEqual([
      ['currency -1234.567891', 'option 1234.567891'],
      ['currency 100000.000000', 'option 100000.000000'],
    ]);
  });

  it('refuses zero, negative, too precise, unknown coin, same account and more than the balance', async () => {
    const u = await registerByEmail(t);
    const tr = (body: object) =>
      t.post(
        `${A}/transferAsset`,
        { fromAccount: 'currency', toAccount: 'option', asset: 'USDT', amount: '1', ...body },
        demo(u.token),
      );
    expect(await tr({ amount: '0' })).toMatchObject({
      code: code('TRANSFER_NUMBER_INVALID'),
      msg: 'Transfer number must be greater than 0',
    });
    expect((await tr({ amount: '-5' })).code).toBe(code('AMOUNT_INVALID'));
    expect((await tr({ amount: '0.0000001' })).code).toBe(code('AMOUNT_INVALID'));
    expect((await tr({ amount: '1e3' })).code).toBe(code('AMOUNT_INVALID'));
    expect((await tr({ amount: 5 })).code).toBe(code('AMOUNT_INVALID'));
    expect((await tr({ amount: '100000000000000001' })).code).toBe(code('AMOUNT_INVALID'));
    expect((await tr({ asset: 'FOO' })).code).toBe(code('ASSET_UNKNOWN'));
    expect((await tr({ toAccount: 'currency' })).code).toBe(code('SAME_WALLET'));
    expect((await tr({ toAccount: 'savings' })).code).toBe(code('INVALID_PARAMETER'));
    expect(await tr({ amount: '100000.000001' })).toMatchObject({
      code: code('BALANCE_NOT_ENOUGH'),
      msg: 'Your amount is not enough',
    });
    const log = await t.call<TransferLog>('GET', `${A}/getTransferLog`, undefined, demo(u.token));
    expect(log.data.total).toBe(0);
  });

  it('lets exactly one of 50 simultaneous transfers of the whole balance win, 20 times over', async () => {
    for (let round = 0; round < 20; round++) {
      const u = await registerByEmail(t);
      await t.post(`${A}/list`, undefined, demo(u.token)); // fund the demo account first
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          t.post(
            `${A}/transferAsset`,
            { fromAccount: 'currency', toAccount: i % 2 ? 'option' : 'financing', asset: 'USDT', amount: '100000' },
            demo(u.token),
          ),
        ),
      );
      expect(
        answers.filter((a) => a.code === 0),
        `round ${round}`,
      ).toHaveLength(1);
      expect(answers.filter((a) => a.code === code('BALANCE_NOT_ENOUGH'))).toHaveLength(49);
      const l = await t.post<AccountListResult>(`${A}/list`, undefined, demo(u.token));
      const total = ['currency', 'option', 'financing']
        .map((w) => Number(available(l.data, w, 'USDT')))
        .reduce((a, b) => a + b);
      expect(total).toBe(200000); // 100,000 in the currency and in the option account
    }
    expect(await t.app.ledger.verify(t.database.db)).toEqual([]);
  }, 120_000);
});

describe('Idempotency-Key', () => {
  const body = { fromAccount: 'currency', toAccount: 'option', asset: 'USDT', amount: '7' };

  it('moves money once for 10 sequential replays and returns the first answer', async () => {
    const u = await registerByEmail(t);
    const headers = { typeUser: 'demo', 'Idempotency-Key': 'seq-1' };
    const answers = [];
    for (let i = 0; i < 10; i++)
      answers.push(await t.post<TransferRecord>(`${A}/transferAsset`, body, { token: u.token, headers }));
    expect(new Set(answers.map((a) => JSON.stringify(a.data))).size).toBe(1);
    const log = await t.call<TransferLog>('GET', `${A}/getTransferLog`, undefined, demo(u.token));
    expect(log.data.total).toBe(1);
  });

  it('moves money once for 10 concurrent replays', async () => {
    const u = await registerByEmail(t);
    await t.post(`${A}/list`, undefined, demo(u.token));
    const headers = { typeUser: 'demo', 'Idempotency-Key': 'conc-1' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.post<TransferRecord>(`${A}/transferAsset`, body, { token: u.token, headers })),
    );
    expect(answers.every((a) => a.code === 0)).toBe(true);
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    const log = await t.call<TransferLog>('GET', `${A}/getTransferLog`, undefined, demo(u.token));
    expect(log.data.total).toBe(1);
    const l = await t.post<AccountListResult>(`${A}/list`, undefined, demo(u.token));
    expect(available(l.data, 'option', 'USDT')).toBe('100007.000000');
  });

  it('refuses the same key with a different body, and keys are per user', async () => {
    const u = await registerByEmail(t);
    const headers = { typeUser: 'demo', 'Idempotency-Key': 'k-1' };
    expect((await t.post(`${A}/transferAsset`, body, { token: u.token, headers })).code).toBe(0);
    expect((await t.post(`${A}/transferAsset`, { ...body, amount: '8' }, { token: u.token, headers })).code).toBe(
      code('IDEMPOTENCY_KEY_REUSED'),
    );
    const v = await registerByEmail(t);
    expect((await t.post(`${A}/transferAsset`, body, { token: v.token, headers })).code).toBe(0);
    expect(
      (
        await t.post(`${A}/transferAsset`, body, {
          token: u.token,
          headers: { typeUser: 'demo', 'Idempotency-Key': 'bad key!' },
        })
      ).code,
    ).toBe(code('INVALID_PARAMETER'));
  });

  it('stores nothing for a failed request, so a retry runs again', async () => {
    const u = await registerByEmail(t);
    const headers = { typeUser: 'demo', 'Idempotency-Key': 'retry-1' };
    expect((await t.post(`${A}/transferAsset`, { ...body, amount: '200000' }, { token: u.token, headers })).code).toBe(
      code('BALANCE_NOT_ENOUGH'),
    );
    expect((await t.post(`${A}/transferAsset`, { ...body, amount: '200000' }, { token: u.token, headers })).code).toBe(
      code('BALANCE_NOT_ENOUGH'),
    );
  });
});

describe('asset list', () => {
  it('lists the coins of docs/product.md §3 with decimals and icons', async () => {
    const r =
      await t.post<{ symbol: string; amountDecimals: number; priceDecimals: number; icon: string }[]>(
        '/asset/api/asset/list',
      );
    expect(r.data.map((a) => a.symbol)).toEqual([
      'USDT',
      'BTC',
      'ETH',
      'USDC',
      'BCH',
      'EOS',
      'XRP',
      'HT',
      'OMG',
      'ZRX',
      'BTM',
      'DOGE',
      'DOT',
      'LTC',
    ]);
    expect(r.data.find((a) => a.symbol === 'BTC')).toMatchObject({
      amountDecimals: 5,
      priceDecimals: 2,
      icon: '/coins/btc.svg',
    });
    expect(r.data.find((a) => a.symbol === 'HT')).toMatchObject({ amountDecimals: 5, priceDecimals: 10 });
  });
});
