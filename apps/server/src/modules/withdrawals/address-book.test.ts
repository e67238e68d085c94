import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  ERRORS,
  WITHDRAW_ADDRESS_BOOK_MAX,
  type DepositAddress,
  type LoginResult,
  type WithdrawAddress,
  type WithdrawAddressInfo,
} from '@app/contract';
import { rowsOf } from '../../db/client';
import { createTestApp, registerByEmail, userIdByEmail, type TestApp } from '../../../test/harness';

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;
const FUND = 'fund-pass-1';
const HOUR_MS = 3_600_000;

// Addresses on each chain that belong to nobody here (well-known public ones).
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/** An app with these settings, and a way to make users with a fund password on it. */
async function appWith(env: Record<string, string>) {
  const app = await createTestApp({ env: { OTP_DAILY_PER_IP: '10000', AUTH_RATE_LIMIT_PER_MINUTE: '100000', ...env } });
  /** A signed-up user (with a fund password unless told otherwise). */
  async function saver(withFundPassword = true) {
    const u = await registerByEmail(app);
    if (withFundPassword) {
      expect(
        (
          await app.post(
            API.user.setFundPassword,
            { fundPassword: FUND, confirmFundPassword: FUND },
            { token: u.token },
          )
        ).code,
      ).toBe(0);
    }
    const insert = (body: Record<string, unknown>) =>
      app.post<WithdrawAddress>(API.currencyAddress.insert, { fundPassword: FUND, ...body }, { token: u.token });
    const list = async (currency?: string) =>
      (
        await app.call<WithdrawAddress[]>(
          'GET',
          `${API.currencyAddress.currencyList}${currency ? `?currency=${currency}` : ''}`,
          undefined,
          { token: u.token },
        )
      ).data;
    return { ...u, userId: await userIdByEmail(app, u.email), insert, list };
  }
  return { t: app, saver };
}

let main: Awaited<ReturnType<typeof appWith>>;
let t: TestApp;
beforeAll(async () => {
  main = await appWith({ FUND_PASSWORD_MAX_FAILURES: '5' });
  t = main.t;
});
afterAll(async () => {
  await t.close();
});
const saver = (withFundPassword?: boolean) => main.saver(withFundPassword);

/** The address book's notices (setting the fund password tells the user too: not these tests' subject). */
const notices = async (userId: number) =>
  rowsOf(
    await t.ctx.db.execute(
      sql`SELECT kind, params FROM user_notifications WHERE user_id = ${userId} AND kind LIKE 'withdraw\_address.%' ORDER BY id`,
    ),
  );

describe('the withdrawal address book', () => {
  it('saves an address per coin and chain with the fund password, held for 24 h, and tells the user', async () => {
    const u = await saver();
    const saved = await u.insert({
      currency: 'USDT',
      chainType: 'ethereum',
      address: ETH_ADDRESS.toLowerCase(),
      nickname: '  my   ledger ',
    });
    expect(saved.code).toBe(0);
    const now = t.clock.now().getTime();
    expect(saved.data).toMatchObject({
      currency: 'USDT',
      chainType: 'ethereum',
      chainName: 'Ethereum',
      protocol: 'ERC20',
      address: ETH_ADDRESS,
      nickname: 'my ledger',
      createdAt: now,
      usableFrom: now + 24 * HOUR_MS,
      state: 'holding',
    });
    expect(await notices(u.userId)).toEqual([
      {
        kind: 'withdraw_address.added',
        params: { currency: 'USDT', chain: 'ethereum', address: ETH_ADDRESS, usableFrom: now + 24 * HOUR_MS },
      },
    ]);
    expect((await u.insert({ currency: 'USDT', chainType: 'tron', address: TRON_ADDRESS })).data).toMatchObject({
      protocol: 'TRC20',
      nickname: '',
    });
    expect(
      (await u.insert({ currency: 'BTC', chainType: 'bitcoin', address: BTC_ADDRESS.toUpperCase() })).data.address,
    ).toBe(BTC_ADDRESS);

    expect((await u.list()).map((a) => [a.currency, a.chainType])).toEqual([
      ['BTC', 'bitcoin'],
      ['USDT', 'tron'],
      ['USDT', 'ethereum'],
    ]);
    expect((await u.list('USDT')).map((a) => a.chainType)).toEqual(['tron', 'ethereum']);
    const info = (
      await t.call<WithdrawAddressInfo>('GET', `${API.currencyAddress.info}?currency=USDT`, undefined, {
        token: u.token,
      })
    ).data;
    expect(info.chains.map((c) => [c.chainType, c.addresses.map((a) => a.address)])).toEqual([
      ['ethereum', [ETH_ADDRESS]],
      ['tron', [TRON_ADDRESS]],
    ]);
    expect(info.nextUsableAt).toBe(now + 24 * HOUR_MS);

    // After the hold the address is usable (the session has ended by then: sign in again).
    t.clock.advance(24 * HOUR_MS);
    const { token } = (
      await t.post<LoginResult>(API.user.login, { type: 'email', email: u.email, password: u.password })
    ).data;
    const later = (
      await t.call<WithdrawAddress[]>('GET', `${API.currencyAddress.currencyList}?currency=USDT`, undefined, { token })
    ).data;
    expect(later.map((a) => a.state)).toEqual(['usable', 'usable']);
    expect(
      (await t.call<WithdrawAddressInfo>('GET', `${API.currencyAddress.info}?currency=USDT`, undefined, { token })).data
        .nextUsableAt,
    ).toBeNull();
    // A coin without a chain yet has no chains to save to.
    expect(
      (await t.call<WithdrawAddressInfo>('GET', `${API.currencyAddress.info}?currency=DOGE`, undefined, { token })).data
        .chains,
    ).toEqual([]);
  });

  it("refuses an address of another chain, a typing mistake, the user's own deposit address, and a second copy", async () => {
    const u = await saver();
    expect((await u.insert({ currency: 'USDT', chainType: 'tron', address: ETH_ADDRESS })).code).toBe(
      code('ADDRESS_INVALID'),
    );
    expect((await u.insert({ currency: 'USDT', chainType: 'ethereum', address: TRON_ADDRESS })).code).toBe(
      code('ADDRESS_INVALID'),
    );
    expect((await u.insert({ currency: 'BTC', chainType: 'bitcoin', address: ETH_ADDRESS })).code).toBe(
      code('ADDRESS_INVALID'),
    );
    expect(
      (await u.insert({ currency: 'USDT', chainType: 'ethereum', address: ETH_ADDRESS.replace('a', 'A') })).code,
    ).toBe(code('ADDRESS_CHECKSUM_INVALID'));
    expect((await u.insert({ currency: 'USDT', chainType: 'bitcoin', address: BTC_ADDRESS })).code).toBe(
      code('DEPOSIT_CHAIN_UNKNOWN'),
    );
    expect((await u.insert({ currency: 'NOPE', chainType: 'ethereum', address: ETH_ADDRESS })).code).toBe(
      code('ASSET_UNKNOWN'),
    );

    const own = (
      await t.call<DepositAddress>('GET', `${API.currency.getDepositAddress}?symbol=USDT&chain=tron`, undefined, {
        token: u.token,
      })
    ).data.address;
    expect((await u.insert({ currency: 'USDT', chainType: 'tron', address: own })).code).toBe(
      code('WITHDRAW_ADDRESS_OWN'),
    );
    // Another user's deposit address is a fine destination.
    const other = await saver(false);
    const theirs = (
      await t.call<DepositAddress>('GET', `${API.currency.getDepositAddress}?symbol=USDT&chain=tron`, undefined, {
        token: other.token,
      })
    ).data.address;
    expect((await u.insert({ currency: 'USDT', chainType: 'tron', address: theirs })).code).toBe(0);

    expect((await u.insert({ currency: 'ETH', chainType: 'ethereum', address: ETH_ADDRESS })).code).toBe(0);
    expect((await u.insert({ currency: 'ETH', chainType: 'ethereum', address: ETH_ADDRESS.toLowerCase() })).code).toBe(
      code('ADDRESS_DUPLICATE'),
    );
    // The same address for another coin of the chain is another entry.
    expect((await u.insert({ currency: 'USDC', chainType: 'ethereum', address: ETH_ADDRESS })).code).toBe(0);
    expect(await u.list()).toHaveLength(3);
  });

  it('needs a session, a fund password that is set, and the right one', async () => {
    const body = { currency: 'ETH', chainType: 'ethereum', address: ETH_ADDRESS, fundPassword: FUND };
    expect((await t.post(API.currencyAddress.insert, body)).code).toBe(301);
    expect((await t.call('GET', API.currencyAddress.currencyList)).code).toBe(301);
    const none = await saver(false);
    expect((await none.insert({ currency: 'ETH', chainType: 'ethereum', address: ETH_ADDRESS })).code).toBe(
      code('FUND_PASSWORD_NOT_SET'),
    );
    const u = await saver();
    expect(
      (await u.insert({ currency: 'ETH', chainType: 'ethereum', address: ETH_ADDRESS, fundPassword: 'wrong-one' }))
        .code,
    ).toBe(code('FUND_PASSWORD_INCORRECT'));
    expect(
      (await u.insert({ currency: 'ETH', chainType: 'ethereum', address: ETH_ADDRESS, fundPassword: '' })).code,
    ).toBe(code('FIELD_REQUIRED'));
    expect(await u.list()).toEqual([]);
    expect(await notices(u.userId)).toEqual([]);
  });

  it('locks the fund password after 5 wrong ones, counting concurrent guesses one by one, until the window passes', async () => {
    const u = await saver();
    const guess = (fundPassword: string) =>
      u.insert({ currency: 'ETH', chainType: 'ethereum', address: ETH_ADDRESS, fundPassword });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => guess(`guess-${i}`)));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === code('FUND_PASSWORD_INCORRECT'))).toHaveLength(5);
    expect(codes.filter((c) => c === code('FUND_PASSWORD_LOCKED'))).toHaveLength(7);
    const locked = await guess(FUND);
    expect(locked.code).toBe(code('FUND_PASSWORD_LOCKED'));
    expect(locked.msg).toBe('Too many wrong fund passwords, please try again in 15 minutes');
    // Changing the fund password is locked too (it checks the old one the same way).
    expect(
      (
        await t.post(
          API.user.changeFundPassword,
          { oldFundPassword: FUND, fundPassword: 'fund-pass-2', confirmFundPassword: 'fund-pass-2' },
          { token: u.token },
        )
      ).code,
    ).toBe(code('FUND_PASSWORD_LOCKED'));
    t.clock.advance(15 * 60_000);
    expect((await guess(FUND)).code).toBe(0);
    // A right one does not count against the user.
    expect((await guess('wrong-again')).code).toBe(code('FUND_PASSWORD_INCORRECT'));
  });

  it('counts a check in flight as a failure until it proves right: of 8 right ones at once, at least 5 get through and the rest are told to wait', async () => {
    const u = await saver();
    const address = (i: number) => `0x${(0xcd0000 + i).toString(16).padStart(40, '0')}`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => u.insert({ currency: 'ETH', chainType: 'ethereum', address: address(i) })),
    );
    // At most 5 checks are in flight at once; one that has proved right frees its place, so how many
    // of the 8 pass depends on timing, but never fewer than 5, and the others are only told to wait.
    const passed = answers.filter((a) => a.code === 0).length;
    expect(passed).toBeGreaterThanOrEqual(5);
    expect(answers.filter((a) => a.code === code('FUND_PASSWORD_LOCKED'))).toHaveLength(8 - passed);
    // Each proved right, so nothing is held against the user afterwards.
    expect((await u.insert({ currency: 'ETH', chainType: 'ethereum', address: address(8) })).code).toBe(0);
  });

  it("deletes with the fund password; the address can be saved again; another user's id is not found", async () => {
    const u = await saver();
    const saved = (await u.insert({ currency: 'ETH', chainType: 'ethereum', address: ETH_ADDRESS })).data;
    const other = await saver();
    expect(
      (await t.post(API.currencyAddress.delete, { id: saved.id, fundPassword: FUND }, { token: other.token })).code,
    ).toBe(code('ADDRESS_NOT_FOUND'));
    expect(
      (await t.post(API.currencyAddress.delete, { id: saved.id, fundPassword: 'wrong-one' }, { token: u.token })).code,
    ).toBe(code('FUND_PASSWORD_INCORRECT'));
    expect(
      (await t.post(API.currencyAddress.delete, { id: 'not-an-id', fundPassword: FUND }, { token: u.token })).code,
    ).toBe(code('ADDRESS_NOT_FOUND'));
    expect(
      (await t.post(API.currencyAddress.delete, { id: saved.id, fundPassword: FUND }, { token: u.token })).code,
    ).toBe(0);
    expect(
      (await t.post(API.currencyAddress.delete, { id: saved.id, fundPassword: FUND }, { token: u.token })).code,
    ).toBe(code('ADDRESS_NOT_FOUND'));
    expect(await u.list()).toEqual([]);
    // Saved again, it is a new entry with a new hold.
    const again = (await u.insert({ currency: 'ETH', chainType: 'ethereum', address: ETH_ADDRESS })).data;
    expect(again.id).not.toBe(saved.id);
    expect(again.state).toBe('holding');
  });
});

describe('many saves at once', () => {
  // A fund-password limit above the number of checks in flight, so that the saves race each other.
  let crowd: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    crowd = await appWith({ FUND_PASSWORD_MAX_FAILURES: '1000' });
  });
  afterAll(async () => {
    await crowd.t.close();
  });

  it('keeps at most the limit, also when many are saved at once; one copy of an address wins', async () => {
    const u = await crowd.saver();
    const same = await Promise.all(
      Array.from({ length: 8 }, () => u.insert({ currency: 'ETH', chainType: 'ethereum', address: ETH_ADDRESS })),
    );
    expect(same.filter((a) => a.code === 0)).toHaveLength(1);
    expect(same.filter((a) => a.code === code('ADDRESS_DUPLICATE'))).toHaveLength(7);

    const address = (i: number) => `0x${(0xab0000 + i).toString(16).padStart(40, '0')}`;
    const many = await Promise.all(
      Array.from({ length: WITHDRAW_ADDRESS_BOOK_MAX + 5 }, (_, i) =>
        u.insert({ currency: 'USDT', chainType: 'ethereum', address: address(i) }),
      ),
    );
    expect(many.filter((a) => a.code === 0)).toHaveLength(WITHDRAW_ADDRESS_BOOK_MAX - 1);
    expect(many.filter((a) => a.code === code('ADDRESS_BOOK_FULL')).map((a) => a.msg)).toEqual(
      Array(6).fill(`You can keep at most ${WITHDRAW_ADDRESS_BOOK_MAX} saved addresses`),
    );
    expect(await u.list()).toHaveLength(WITHDRAW_ADDRESS_BOOK_MAX);
  }, 120_000);
});
