import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADDRESS_BOOK_MAX,
  API,
  ASSETS,
  assetOf,
  DEPOSIT_NOTICES_PER_DAY,
  ERRORS,
  parseAmount,
  type ChainTypesResponse,
  type DepositAddress,
  type DepositNotice,
  type GetAddresses,
  type RechargeList,
  type RechargeType,
  type SavedAddress,
} from '@app/contract';
import type { Static } from 'typebox';
import { rowsOf } from '../../db/client';
import { tronAddressToHex } from '../../lib/chain-address';
import { createTestApp, registerByEmail, userIdByEmail, type TestApp } from '../../../test/harness';
import { creditBackStage } from './back-stage';
import { DEPOSIT_KEY_DEV_SEED_FILE, DepositKeys, DepositService } from './index';

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;
type ChainTypes = Static<typeof ChainTypesResponse>['data'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = <T>(url: string, token?: string) => t.call<T>('GET', url, undefined, token ? { token } : {});
const addressOf = (token: string, symbol: string, chain?: string) =>
  get<DepositAddress>(`${API.currency.getDepositAddress}?symbol=${symbol}${chain ? `&chain=${chain}` : ''}`, token);

describe('the catalogue', () => {
  it('lists every coin with its chains; a coin without a chain has none and is not available', async () => {
    const r = await get<RechargeType[]>(API.currency.rechargeTypes);
    expect(r.code).toBe(0);
    expect(r.data.map((c) => c.symbol)).toEqual(ASSETS.map((a) => a.symbol));
    const usdt = r.data.find((c) => c.symbol === 'USDT')!;
    expect(usdt.chains.map((c) => [c.chain, c.protocol, c.minDeposit, c.state])).toEqual([
      ['ethereum', 'ERC20', '20.000000', 'available'],
      ['tron', 'TRC20', '20.000000', 'available'],
    ]);
    expect(usdt.chains[1]).toMatchObject({
      token: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      decimals: 6,
      confirmations: 20,
      family: 'tron',
      enabled: true,
    });
    expect(r.data.find((c) => c.symbol === 'BCH')).toMatchObject({ chains: [], available: false });
    expect(
      (await get<RechargeType[]>(`${API.currency.rechargeTypes}?symbol=BTC`)).data.map((c) => c.chains[0]!.chain),
    ).toEqual(['bitcoin']);
  });

  it("gives one coin's chains, empty for a coin without one, and refuses an unknown coin", async () => {
    expect((await get<ChainTypes>(`${API.currency.chainTypes}?symbol=ETH`)).data.chains.map((c) => c.chain)).toEqual([
      'ethereum',
    ]);
    expect((await get<ChainTypes>(`${API.currency.chainTypes}?symbol=DOGE`)).data).toEqual({
      symbol: 'DOGE',
      chains: [],
    });
    expect((await get(`${API.currency.chainTypes}?symbol=NOPE`)).code).toBe(code('ASSET_UNKNOWN'));
    expect((await get(API.currency.chainTypes)).code).toBe(code('FIELD_REQUIRED'));
  });

  it('offers for deposit only the coins with an available chain', async () => {
    const r = await get<RechargeType[]>(API.userRecharge.rechargeCoin);
    expect(r.data.map((c) => c.symbol).sort()).toEqual(['BTC', 'ETH', 'USDC', 'USDT']);
  });
});

describe('deposit addresses', () => {
  let token: string;
  let userId: number;
  beforeAll(async () => {
    const u = await registerByEmail(t);
    token = u.token;
    userId = await userIdByEmail(t, u.email);
  });

  it('needs a session', async () => {
    expect((await get(`${API.currency.getDepositAddress}?symbol=ETH`)).code).toBe(301);
    expect((await get(`${API.userRecharge.getAddresses}?symbol=ETH`)).code).toBe(301);
  });

  it('gives one EVM address for every coin on Ethereum, a TRON address and a Bitcoin address, each with its QR text', async () => {
    const eth = (await addressOf(token, 'ETH')).data;
    const usdt = (await addressOf(token, 'USDT', 'ethereum')).data;
    const usdc = (await addressOf(token, 'USDC', 'ethereum')).data;
    expect(eth.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(eth.address).not.toBe(eth.address.toLowerCase()); // EIP-55 (mixed case, with overwhelming likelihood)
    expect(usdt.address).toBe(eth.address);
    expect(usdc.address).toBe(eth.address);
    expect(eth.qrText).toBe(`ethereum:${eth.address}`);
    expect(usdt.qrText).toBe(`ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7/transfer?address=${eth.address}`);
    expect(usdt).toMatchObject({ chain: 'ethereum', protocol: 'ERC20', minDeposit: '20.000000', confirmations: 12 });

    const tron = (await addressOf(token, 'USDT', 'tron')).data;
    expect(tron.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(tron.qrText).toBe(tron.address);
    const btc = (await addressOf(token, 'BTC')).data;
    expect(btc.address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(btc.qrText).toBe(`bitcoin:${btc.address}`);

    // Without a chain, the coin's first available one.
    expect((await addressOf(token, 'USDT')).data.chain).toBe('ethereum');

    const rows = rowsOf(
      await t.ctx.db.execute(
        sql`SELECT family, address FROM deposit_addresses WHERE user_id = ${userId} ORDER BY family`,
      ),
    );
    expect(rows).toEqual([
      { family: 'btc', address: btc.address },
      { family: 'evm', address: eth.address },
      { family: 'tron', address: tron.address },
    ]);
  });

  it("derives them from the development seed written into the data folder, at the user's index", async () => {
    const seed = Uint8Array.from(
      Buffer.from(fs.readFileSync(path.join(t.dataDir, DEPOSIT_KEY_DEV_SEED_FILE), 'utf8'), 'hex'),
    );
    const keys = new DepositKeys(DepositKeys.xpubsFromSeed(seed));
    const rows = rowsOf(
      await t.ctx.db.execute(
        sql`SELECT family, derivation_index, address FROM deposit_addresses WHERE user_id = ${userId}`,
      ),
    );
    for (const r of rows) expect(keys.derive(r.family as 'evm', Number(r.derivation_index)).address).toBe(r.address);
  });

  it('refuses a chain the coin is not on, and a coin that has no chain yet', async () => {
    expect((await addressOf(token, 'BTC', 'tron')).code).toBe(code('DEPOSIT_CHAIN_UNKNOWN'));
    expect((await addressOf(token, 'ETH', 'solana')).code).toBe(code('DEPOSIT_CHAIN_UNKNOWN'));
    expect((await addressOf(token, 'BCH')).code).toBe(code('DEPOSIT_NOT_AVAILABLE'));
    expect((await addressOf(token, 'NOPE')).code).toBe(code('ASSET_UNKNOWN'));
  });

  it('gives many concurrent first requests of one user the same address, and allocates indexes without gaps or repeats', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => registerByEmail(t)));
    const answers = await Promise.all(
      users.flatMap((u) =>
        Array.from({ length: 12 }, (_, i) =>
          addressOf(u.token, i % 2 ? 'USDT' : 'ETH', 'ethereum').then((r) => ({
            email: u.email,
            address: r.data.address,
            code: r.code,
          })),
        ),
      ),
    );
    expect(answers.every((a) => a.code === 0)).toBe(true);
    for (const u of users)
      expect(new Set(answers.filter((a) => a.email === u.email).map((a) => a.address)).size).toBe(1);
    expect(new Set(answers.map((a) => a.address)).size).toBe(users.length);
    const indexes = rowsOf(
      await t.ctx.db.execute(sql`SELECT derivation_index AS i FROM deposit_addresses WHERE family = 'evm' ORDER BY 1`),
    ).map((r) => Number(r.i));
    expect(indexes).toEqual(indexes.map((_, i) => i));
    const [counter] = rowsOf(
      await t.ctx.db.execute(sql`SELECT next_index FROM deposit_address_counters WHERE family = 'evm'`),
    );
    expect(Number(counter!.next_index)).toBe(indexes.length);
  });

  it('keeps the address across a restart (a new service on the same database and data folder)', async () => {
    const before = (await addressOf(token, 'USDT', 'tron')).data.address;
    const again = new DepositService({ ...t.ctx, log: pino({ level: 'silent' }) });
    expect((await again.depositAddress(userId, 'USDT', 'tron')).address).toBe(before);
  });

  it('tells the chain watcher which addresses of a batch are ours, in one lookup, whatever their case', async () => {
    const eth = (await addressOf(token, 'ETH')).data.address;
    const tron = (await addressOf(token, 'USDT', 'tron')).data.address;
    const stranger = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const owners = await t.app.deposits.ownersOf('ethereum', [
      eth.toLowerCase(),
      '0x' + eth.slice(2).toUpperCase(),
      stranger,
    ]);
    // Keyed by the addresses as given: the scanner finds its owners under the form it asked with.
    expect([...owners.entries()]).toEqual([
      [eth.toLowerCase(), { userId, address: eth }],
      ['0x' + eth.slice(2).toUpperCase(), { userId, address: eth }],
    ]);
    expect((await t.app.deposits.ownersOf('tron', [tron, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'])).get(tron)).toEqual({
      userId,
      address: tron,
    });
    // A TRON watcher reading EVM-style logs has the account in hex.
    expect([...(await t.app.deposits.ownersOf('tron', [tronAddressToHex(tron)])).entries()]).toEqual([
      [tronAddressToHex(tron), { userId, address: tron }],
    ]);
    expect((await t.app.deposits.ownersOf('bitcoin', [])).size).toBe(0);
  });
});

describe('keys from configuration', () => {
  it('with DATABASE_URL and no xpub, deposits are not available (no key is invented)', async () => {
    const prod = await createTestApp({ env: { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' } });
    try {
      const u = await registerByEmail(prod);
      expect(fs.existsSync(path.join(prod.dataDir, DEPOSIT_KEY_DEV_SEED_FILE))).toBe(false);
      expect(
        (await prod.call<ChainTypes>('GET', `${API.currency.chainTypes}?symbol=USDT`)).data.chains.map((c) => c.state),
      ).toEqual(['not_configured', 'not_configured']);
      expect((await prod.call<RechargeType[]>('GET', API.userRecharge.rechargeCoin)).data).toEqual([]);
      expect(
        (await prod.call('GET', `${API.currency.getDepositAddress}?symbol=ETH`, undefined, { token: u.token })).code,
      ).toBe(code('DEPOSIT_NOT_AVAILABLE'));
      expect(
        (
          await prod.call<GetAddresses>('GET', `${API.userRecharge.getAddresses}?symbol=ETH`, undefined, {
            token: u.token,
          })
        ).data.deposit,
      ).toEqual([]);
    } finally {
      await prod.close();
    }
  });

  it("derives from a configured xpub (BIP-84's zpub), and a switched-off route is disabled", async () => {
    const zpub =
      'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
    const conf = await createTestApp({
      env: {
        DEPOSIT_DEV_SEED: 'false',
        DEPOSIT_XPUB_BTC: zpub,
        DEPOSIT_USDT_TRON_ENABLED: 'false',
        DEPOSIT_USDT_TRON_MIN: '5',
      },
    });
    try {
      const u = await registerByEmail(conf);
      expect(
        (
          await conf.call<DepositAddress>('GET', `${API.currency.getDepositAddress}?symbol=BTC`, undefined, {
            token: u.token,
          })
        ).data.address,
      ).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
      const usdt = (await conf.call<ChainTypes>('GET', `${API.currency.chainTypes}?symbol=USDT`)).data.chains;
      expect(usdt.map((c) => [c.chain, c.state, c.minDeposit])).toEqual([
        ['ethereum', 'not_configured', '20.000000'],
        ['tron', 'disabled', '5.000000'],
      ]);
      expect(
        (
          await conf.call('GET', `${API.currency.getDepositAddress}?symbol=USDT&chain=tron`, undefined, {
            token: u.token,
          })
        ).code,
      ).toBe(code('DEPOSIT_NOT_AVAILABLE'));
    } finally {
      await conf.close();
    }
  });
});

describe('the address book', () => {
  let token: string;
  beforeAll(async () => {
    token = (await registerByEmail(t)).token;
  });
  const create = (body: object, tk = token) =>
    t.post<SavedAddress>(API.userRecharge.createAddress, body, { token: tk });
  const saved = async (symbol: string, tk = token) =>
    (await get<GetAddresses>(`${API.userRecharge.getAddresses}?symbol=${symbol}`, tk)).data;

  it("saves labelled addresses per coin and chain, in the chain's own form, and lists them with the deposit addresses", async () => {
    const a = await create({
      symbol: 'USDT',
      chain: 'ethereum',
      address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
      label: '  My   Ledger ',
    });
    expect(a.code).toBe(0);
    expect(a.data).toMatchObject({
      symbol: 'USDT',
      chain: 'ethereum',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      label: 'My Ledger',
    });
    const b = await create({
      symbol: 'USDT',
      chain: 'tron',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      label: 'Exchange',
    });
    expect(b.code).toBe(0);
    const c = await create({
      symbol: 'BTC',
      chain: 'bitcoin',
      address: 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      label: 'Cold',
    });
    expect(c.data.address).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    const list = await saved('USDT');
    expect(list.saved.map((s) => s.label)).toEqual(['Exchange', 'My Ledger']);
    expect(list.deposit.map((d) => d.chain)).toEqual(['ethereum', 'tron']);
    expect((await saved('BTC')).saved.map((s) => s.label)).toEqual(['Cold']);
  });

  it('refuses each bad address with its own error', async () => {
    const cases: [object, keyof typeof ERRORS][] = [
      [
        { symbol: 'USDT', chain: 'ethereum', address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', label: 'again' },
        'ADDRESS_DUPLICATE',
      ],
      [
        { symbol: 'USDT', chain: 'ethereum', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', label: 'x' },
        'ADDRESS_CHECKSUM_INVALID',
      ],
      [
        { symbol: 'USDT', chain: 'tron', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', label: 'x' },
        'ADDRESS_INVALID',
      ],
      [
        { symbol: 'USDT', chain: 'tron', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', label: 'x' },
        'ADDRESS_CHECKSUM_INVALID',
      ],
      [
        { symbol: 'BTC', chain: 'bitcoin', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', label: 'x' },
        'ADDRESS_CHECKSUM_INVALID',
      ],
      [{ symbol: 'BTC', chain: 'bitcoin', address: 'bc1q-nope', label: 'x' }, 'ADDRESS_INVALID'],
      [
        { symbol: 'BTC', chain: 'ethereum', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', label: 'x' },
        'DEPOSIT_CHAIN_UNKNOWN',
      ],
      [
        { symbol: 'BTC', chain: 'moon', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', label: 'x' },
        'DEPOSIT_CHAIN_UNKNOWN',
      ],
      [
        { symbol: 'NOPE', chain: 'bitcoin', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', label: 'x' },
        'ASSET_UNKNOWN',
      ],
      [
        { symbol: 'USDT', chain: 'tron', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', label: '   ' },
        'FIELD_REQUIRED',
      ],
    ];
    for (const [body, key] of cases)
      expect([JSON.stringify(body), (await create(body)).code]).toEqual([JSON.stringify(body), code(key)]);
    const own = (await addressOf(token, 'USDT', 'tron')).data.address;
    expect((await create({ symbol: 'USDT', chain: 'tron', address: own, label: 'mine' })).code).toBe(
      code('ADDRESS_IS_DEPOSIT_ADDRESS'),
    );
  });

  it("updates and deletes only the user's own entries", async () => {
    const entry = (await saved('USDT')).saved.find((s) => s.chain === 'ethereum')!;
    const up = await t.post<SavedAddress>(
      API.userRecharge.updateAddress,
      { id: entry.id, label: 'Hardware' },
      { token },
    );
    expect(up.data).toMatchObject({ id: entry.id, label: 'Hardware', address: entry.address });
    const moved = await t.post<SavedAddress>(
      API.userRecharge.updateAddress,
      { id: entry.id, address: '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359' },
      { token },
    );
    expect(moved.data.address).toBe('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359');
    expect(
      (
        await t.post(
          API.userRecharge.updateAddress,
          { id: entry.id, address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
          { token },
        )
      ).code,
    ).toBe(code('ADDRESS_INVALID'));

    const other = (await registerByEmail(t)).token;
    expect(
      (await t.post(API.userRecharge.updateAddress, { id: entry.id, label: 'mine now' }, { token: other })).code,
    ).toBe(code('ADDRESS_NOT_FOUND'));
    expect((await t.post(API.userRecharge.deleteAddress, { id: entry.id }, { token: other })).code).toBe(
      code('ADDRESS_NOT_FOUND'),
    );
    expect((await t.post(API.userRecharge.deleteAddress, { id: 'nope' }, { token })).code).toBe(
      code('ADDRESS_NOT_FOUND'),
    );
    expect((await t.post(API.userRecharge.deleteAddress, { id: entry.id }, { token })).code).toBe(0);
    expect((await t.post(API.userRecharge.deleteAddress, { id: entry.id }, { token })).code).toBe(
      code('ADDRESS_NOT_FOUND'),
    );
    expect((await saved('USDT')).saved.map((s) => s.label)).toEqual(['Exchange']);
  });

  it(`keeps at most ${ADDRESS_BOOK_MAX} entries per user, however many are sent at once`, async () => {
    const tk = (await registerByEmail(t)).token;
    const hex = (i: number) => `0x${i.toString(16).padStart(40, '0')}`;
    const answers = await Promise.all(
      Array.from({ length: ADDRESS_BOOK_MAX + 5 }, (_, i) =>
        create({ symbol: 'ETH', chain: 'ethereum', address: hex(i + 1), label: `n${i}` }, tk),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(ADDRESS_BOOK_MAX);
    expect(answers.filter((a) => a.code === code('ADDRESS_BOOK_FULL'))).toHaveLength(5);
    expect((await saved('ETH', tk)).saved).toHaveLength(ADDRESS_BOOK_MAX);
  });
});

describe('deposit notices and records', () => {
  let token: string;
  let userId: number;
  beforeAll(async () => {
    const u = await registerByEmail(t);
    token = u.token;
    userId = await userIdByEmail(t, u.email);
  });

  it("keeps a notice once per transaction, in the chain's hash form, and credits nothing", async () => {
    const hash = 'AB'.repeat(32);
    const first = await t.post<DepositNotice>(
      API.userRecharge.insert,
      { symbol: 'USDT', chain: 'ethereum', txHash: hash, amount: '25.5' },
      { token },
    );
    expect(first.data).toMatchObject({
      symbol: 'USDT',
      chain: 'ethereum',
      txHash: `0x${'ab'.repeat(32)}`,
      amount: '25.500000',
    });
    const again = await t.post<DepositNotice>(
      API.userRecharge.insert,
      { symbol: 'USDT', chain: 'ethereum', txHash: `0x${hash}` },
      { token },
    );
    expect(again.data.id).toBe(first.data.id);
    const tron = await t.post<DepositNotice>(
      API.userRecharge.insert,
      { symbol: 'USDT', chain: 'tron', txHash: `0x${hash}` },
      { token },
    );
    expect(tron.data.txHash).toBe('ab'.repeat(32));
    expect(
      (await t.post(API.userRecharge.insert, { symbol: 'USDT', chain: 'tron', txHash: 'zz' }, { token })).code,
    ).toBe(code('TX_HASH_INVALID'));
    expect(
      (
        await t.post(
          API.userRecharge.insert,
          { symbol: 'USDT', chain: 'tron', txHash: hash, amount: '1.1234567' },
          { token },
        )
      ).code,
    ).toBe(code('AMOUNT_INVALID'));
    expect(
      (await t.post(API.userRecharge.insert, { symbol: 'BTC', chain: 'tron', txHash: hash }, { token })).code,
    ).toBe(code('DEPOSIT_CHAIN_UNKNOWN'));
    expect((await get<RechargeList>(API.userRecharge.list, token)).data.total).toBe(0);
  });

  it(`takes at most ${DEPOSIT_NOTICES_PER_DAY} notices a day from one user (a repeat is not counted), however many come at once`, async () => {
    const u = await registerByEmail(t);
    const tk = u.token;
    const hash = (i: number) => i.toString(16).padStart(64, '0');
    const answers = await Promise.all(
      Array.from({ length: DEPOSIT_NOTICES_PER_DAY + 4 }, (_, i) =>
        t.post(API.userRecharge.insert, { symbol: 'BTC', chain: 'bitcoin', txHash: hash(i) }, { token: tk }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(DEPOSIT_NOTICES_PER_DAY);
    expect(answers.filter((a) => a.code === code('TOO_MANY_REQUESTS'))).toHaveLength(4);
    const accepted = answers.findIndex((a) => a.code === 0);
    expect(
      (
        await t.post(
          API.userRecharge.insert,
          { symbol: 'BTC', chain: 'bitcoin', txHash: hash(accepted) },
          { token: tk },
        )
      ).code,
    ).toBe(0);
    // A day later (the notices dated back) the user may give more.
    await t.ctx.db.execute(
      sql`UPDATE deposit_notices SET created_at = created_at - interval '24 hours' WHERE user_id = ${await userIdByEmail(t, u.email)}`,
    );
    expect(
      (await t.post(API.userRecharge.insert, { symbol: 'BTC', chain: 'bitcoin', txHash: hash(999) }, { token: tk }))
        .code,
    ).toBe(0);
  });

  it('lists deposit records of the account: back stage and on chain, with what was credited and the saved label of the sender', async () => {
    const usdt = assetOf('USDT')!;
    await creditBackStage(t.money, {
      userId,
      asset: usdt,
      amount: parseAmount('100', usdt.scale)!,
      note: 'welcome',
      operator: 'test',
    });
    const to = (await addressOf(token, 'USDT', 'tron')).data.address;
    await t.post(
      API.userRecharge.createAddress,
      { symbol: 'USDT', chain: 'tron', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', label: 'Exchange' },
      { token },
    );
    // A deposit the chain watcher has seen and not yet confirmed.
    await t.ctx.db.execute(sql`INSERT INTO deposits (user_id, mode, asset, amount, channel, status, chain, from_address, to_address, tx_hash, created_at)
      VALUES (${userId}, 'real', 'USDT', 30000000, 'terminal', 'in_progress', 'tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', ${to}, ${'cd'.repeat(32)}, ${t.clock.now()})`);

    const list = (await get<RechargeList>(API.userRecharge.list, token)).data;
    expect(list.total).toBe(2);
    expect(list.items[0]).toMatchObject({
      symbol: 'USDT',
      chain: 'tron',
      amount: '30.000000',
      quantity: '0.000000',
      channel: 'terminal',
      status: 'in_progress',
      from: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      fromLabel: 'Exchange',
      to,
      txHash: 'cd'.repeat(32),
      completedAt: null,
    });
    expect(list.items[1]).toMatchObject({
      symbol: 'USDT',
      chain: null,
      amount: '100.000000',
      quantity: '100.000000',
      channel: 'back_stage',
      status: 'success',
      from: null,
      fromLabel: null,
    });
    expect(list.items[1]!.number).toMatch(/^[0-9a-f-]{36}$/);
    expect((await get<RechargeList>(`${API.userRecharge.list}?symbol=BTC`, token)).data.total).toBe(0);
    expect(
      (await get<RechargeList>(`${API.userRecharge.list}?page=2&size=1`, token)).data.items.map((i) => i.channel),
    ).toEqual(['back_stage']);
    // The demo account has no deposits.
    expect(
      (await t.call<RechargeList>('GET', API.userRecharge.list, undefined, { token, headers: { typeUser: 'demo' } }))
        .data.total,
    ).toBe(0);
  });
});
