import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_CHAIN_USDT, loadConfig, withDevChain } from './config';
import { bitcoinSettingsFrom } from './modules/chains';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAIN = path.resolve(import.meta.dirname, 'main.ts');

/** The ConfigError loadConfig throws for this environment (fails the test when none is thrown). */
function refusal(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env, '/srv');
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('loads the documented defaults from an empty environment', () => {
    const c = loadConfig({}, '/srv');
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/data',
      databaseUrl: undefined,
      smtpUrl: undefined,
      emailFrom: 'no-reply@localhost',
      appSecret: undefined,
      sessionIdleMinutes: 1440,
      sessionMaxDays: 30,
      sessionCacheMs: 2000,
      trustProxy: false,
      logLevel: 'info',
      authRateLimitPerMinute: 30,
      otpDailyPerDestination: 10,
      otpDailyPerIp: 50,
      loginMaxFailuresPerAccount: 5,
      loginMaxFailuresPerIp: 30,
      loginLockMinutes: 15,
      scryptCost: 16384,
      dbPoolSize: 10,
    });
    expect(c.webDist).toBe(path.join(ROOT, 'apps/web/dist'));
    expect(c.adminDist).toBe(path.join(ROOT, 'apps/admin/dist'));
    expect(c.market).toEqual({
      feed: 'simulator',
      engine: 'timers',
      seed: undefined,
      backfillDays: 30,
      simDepthMs: undefined,
      tickRetentionDays: 7,
      binanceWsUrl: 'wss://stream.binance.com:9443/stream',
      binanceRestUrl: 'https://api.binance.com',
      binanceStaleMs: 10_000,
      wsFlushMs: 30,
      wsHeartbeatMs: 20_000,
      wsMaxConnections: 10_000,
    });
    expect(c.otc).toEqual({ spreadBps: 50, feeBps: 10, quoteTtlSeconds: 15, minTradeUsdt: 1 });
    expect(c.spot).toEqual({ feeBps: 10, minOrderUsdt: 5, matchEveryMs: 250, matchBatch: 500 });
    expect(c.contracts).toEqual({
      settleGraceMs: 300,
      settleEveryMs: 200,
      settleBatch: 10_000,
      settleLanes: 2,
      stageAheadMs: 10_000,
      stageMax: 250_000,
      maxTickAgeMs: 60_000,
    });
  });

  it('reads exactly the variables docs/configuration.md lists in its tables', () => {
    const read = new Set<string>();
    // The loader only looks variables up by name, so a recording proxy sees every one it reads.
    const env = new Proxy<Record<string, string | undefined>>(
      {},
      {
        get: (_target, key) => {
          if (typeof key === 'string') read.add(key);
          return undefined;
        },
      },
    );
    loadConfig(env);
    const docs = fs.readFileSync(path.join(ROOT, 'docs/configuration.md'), 'utf8');
    const documented = [...docs.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]);
    expect(documented.length).toBe(new Set(documented).size);
    expect([...read].sort()).toEqual([...documented].sort());
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', TRUST_PROXY: '', DATABASE_URL: '', MARKET_SEED: '' }, '/srv')).toMatchObject({
      port: 8080,
      trustProxy: false,
      databaseUrl: undefined,
      market: { seed: undefined },
    });
  });

  it('reads valid values into every section', () => {
    const c = loadConfig(
      {
        PORT: '9000',
        DATA_DIR: 'var',
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: 'postgresql://u@/db?host=/run/pg',
        SMTP_URL: 'smtps://u:p@mail.example.com:465',
        SCRYPT_COST: '1024',
        PRICE_FEED: 'binance',
        MARKET_SEED: '4294967295',
        MARKET_SIM_DEPTH_MS: '40',
        BINANCE_WS_URL: 'ws://127.0.0.1:9/stream',
        BINANCE_REST_URL: 'http://127.0.0.1:9',
        BINANCE_STALE_SECONDS: '2',
        OTC_SPREAD_BPS: '0',
        OTC_QUOTE_TTL_SECONDS: '0',
        SPOT_FEE_BPS: '1000',
        CONTRACT_SETTLE_LANES: '16',
      },
      '/srv',
    );
    expect(c).toMatchObject({ port: 9000, dataDir: '/srv/var', trustProxy: true, logLevel: 'warn', scryptCost: 1024 });
    expect(c.databaseUrl).toBe('postgresql://u@/db?host=/run/pg');
    expect(c.market).toMatchObject({
      feed: 'binance',
      seed: 0xffffffff,
      simDepthMs: 40,
      binanceWsUrl: 'ws://127.0.0.1:9/stream',
      binanceRestUrl: 'http://127.0.0.1:9',
      binanceStaleMs: 2000,
    });
    expect(c.otc).toMatchObject({ spreadBps: 0, quoteTtlSeconds: 1 });
    expect(c.spot.feeBps).toBe(1000);
    expect(c.contracts.settleLanes).toBe(16);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  // Each refusal names the variable, quotes the value and says what is allowed.
  it.each([
    ['PORT', 'abc', 'an integer in 0..65535'],
    ['PORT', '65536', 'an integer in 0..65535'],
    ['PORT', '80.5', 'an integer'],
    ['PORT', '1e3', 'an integer'],
    ['SESSION_IDLE_MINUTES', '0', 'an integer in 1..'],
    ['DB_POOL_SIZE', '-1', 'an integer in 1..1000'],
    ['SCRYPT_COST', '1000', 'a power of two'],
    ['TRUST_PROXY', 'yes', 'true, false, 1 or 0'],
    ['LOG_LEVEL', 'verbose', 'one of fatal, error, warn, info, debug, trace, silent'],
    ['DATABASE_URL', 'mysql://localhost/db', 'a URL starting with postgres:// or postgresql://'],
    ['SMTP_URL', 'mail.example.com', 'a URL starting with smtp:// or smtps://'],
  ])('top level: refuses %s=%s', (name, value, allowed) => {
    const err = refusal({ [name]: value });
    expect(err.variable).toBe(name);
    expect(err.message).toContain(`${name} must be ${allowed}`);
    expect(err.message).toContain(JSON.stringify(value));
  });

  it('READYZ_TOKEN: unset by default; 32 to 200 visible characters; a refused one is not repeated', () => {
    expect(loadConfig({}).readyzToken).toBeUndefined();
    const token = 'a'.repeat(31) + '!';
    expect(loadConfig({ READYZ_TOKEN: token }).readyzToken).toBe(token);
    for (const bad of ['short-token', `${'a'.repeat(32)} b`, 'x'.repeat(201), `${'é'.repeat(32)}`]) {
      const err = refusal({ READYZ_TOKEN: bad });
      expect(err.variable).toBe('READYZ_TOKEN');
      expect(err.message).not.toContain(bad);
    }
  });

  it.each([
    ['PRICE_FEED', 'coinbase', 'one of simulator, binance'],
    ['MARKET_ENGINE', 'auto', 'one of timers, manual'],
    ['MARKET_SEED', '4294967296', 'an integer in 0..4294967295'],
    ['MARKET_BACKFILL_DAYS', '367', 'an integer in 0..366'],
    ['MARKET_SIM_DEPTH_MS', '19', 'an integer in 20..10000'],
    ['BINANCE_WS_URL', 'https://stream.binance.com', 'a URL starting with wss:// or ws://'],
    ['BINANCE_REST_URL', 'wss://api.binance.com', 'a URL starting with https:// or http://'],
    ['WS_FLUSH_MS', '0', 'an integer in 1..1000'],
  ])('market: refuses %s=%s', (name, value, allowed) => {
    expect(refusal({ [name]: value }).message).toContain(`${name} must be ${allowed}, got "${value}"`);
  });

  it.each([
    ['OTC_SPREAD_BPS', '5001', 'an integer in 0..5000'],
    ['OTC_FEE_BPS', 'ten', 'an integer in 0..1000'],
    ['OTC_QUOTE_TTL_SECONDS', '601', 'an integer in 0..600'],
    ['OTC_MIN_TRADE_USDT', '-5', 'an integer in 0..1000000'],
  ])('otc: refuses %s=%s', (name, value, allowed) => {
    expect(refusal({ [name]: value }).message).toContain(`${name} must be ${allowed}, got "${value}"`);
  });

  it.each([
    ['SPOT_FEE_BPS', '1001', 'an integer in 0..1000'],
    ['SPOT_MIN_ORDER_USDT', '0', 'an integer in 1..1000000'],
    ['SPOT_MATCH_EVERY_MS', '5', 'an integer in 10..60000'],
    ['SPOT_MATCH_BATCH', '1.5', 'an integer in 1..10000'],
  ])('spot: refuses %s=%s', (name, value, allowed) => {
    expect(refusal({ [name]: value }).message).toContain(`${name} must be ${allowed}, got "${value}"`);
  });

  it.each([
    ['CONTRACT_SETTLE_GRACE_MS', '60001', 'an integer in 0..60000'],
    ['CONTRACT_SETTLE_LANES', '0', 'an integer in 1..16'],
    ['CONTRACT_STAGE_MAX', 'lots', 'an integer in 0..5000000'],
    ['CONTRACT_MAX_TICK_AGE_MS', '999', 'an integer in 1000..86400000'],
  ])('contracts: refuses %s=%s', (name, value, allowed) => {
    expect(refusal({ [name]: value }).message).toContain(`${name} must be ${allowed}, got "${value}"`);
  });

  it('kyc: reads the document types per nationality, and refuses a list it cannot use', () => {
    expect(loadConfig({}).kyc.documentTypes).toEqual({ '*': ['id_card', 'passport', 'driving_licence'] });
    expect(loadConfig({ KYC_DOCUMENT_TYPES: ' US=passport,driving_licence ; *=passport' }).kyc.documentTypes).toEqual({
      '*': ['passport'],
      US: ['passport', 'driving_licence'],
    });
    for (const value of ['US=visa', 'usa=passport', 'US', 'US=passport=x', '=passport']) {
      expect(refusal({ KYC_DOCUMENT_TYPES: value }).message, value).toContain(
        'KYC_DOCUMENT_TYPES must be entries <country or *>=<type>',
      );
    }
  });
});

describe('chains configuration', () => {
  it('scans no chain by default; reads the node, chain id and scanner limits', () => {
    const d = loadConfig({}).chains;
    expect(d.ethereum.rpcUrl).toBeUndefined();
    expect(d.ethereum.chainId).toBe(1);
    expect(d.tron).toEqual({ rpcUrl: undefined, chainId: 728126428, startBlock: undefined });
    expect(d).toMatchObject({
      pollMs: 4000,
      blocksPerPoll: 100,
      keepBlocks: 128,
      backoffMs: 1000,
      backoffMaxMs: 60_000,
    });
    const c = loadConfig({
      ETHEREUM_RPC_URL: 'http://127.0.0.1:8545',
      ETHEREUM_CHAIN_ID: '31337',
      ETHEREUM_START_BLOCK: '12',
      CHAIN_BLOCKS_PER_POLL: '10',
      TRON_RPC_URL: 'https://tron.example/jsonrpc',
      TRON_CHAIN_ID: '3448148188',
      TRON_START_BLOCK: '5',
    }).chains;
    expect(c.ethereum).toEqual({ rpcUrl: 'http://127.0.0.1:8545', chainId: 31337, startBlock: 12 });
    expect(c.tron).toEqual({ rpcUrl: 'https://tron.example/jsonrpc', chainId: 3448148188, startBlock: 5 });
    expect(c.blocksPerPoll).toBe(10);
  });

  it('scans Bitcoin only with a node: its URL (user and password in it), the network it must answer, the start block', () => {
    const d = loadConfig({}).chains;
    expect(d.bitcoin).toEqual({ rpcUrl: undefined, network: 'main', startBlock: undefined });
    expect(bitcoinSettingsFrom(d, 'BTC')).toBeNull();
    const c = loadConfig({
      BITCOIN_RPC_URL: 'http://deposits:pa%40ss@127.0.0.1:18443/',
      BITCOIN_NETWORK: 'regtest',
      BITCOIN_START_BLOCK: '840000',
      CHAIN_KEEP_BLOCKS: '20',
    }).chains;
    expect(c.bitcoin).toEqual({
      rpcUrl: 'http://deposits:pa%40ss@127.0.0.1:18443/',
      network: 'regtest',
      startBlock: 840000,
    });
    expect(bitcoinSettingsFrom(c, 'BTC')).toEqual({
      rpcUrl: 'http://deposits:pa%40ss@127.0.0.1:18443/',
      settings: {
        chain: 'bitcoin',
        network: 'regtest',
        coin: 'BTC',
        startBlock: 840000,
        blocksPerPoll: 100,
        keepBlocks: 20,
        pollMs: 4000,
        backoffMs: 1000,
        backoffMaxMs: 60_000,
      },
    });
    for (const network of ['main', 'test', 'testnet4', 'signet', 'regtest'])
      expect(loadConfig({ BITCOIN_NETWORK: network }).chains.bitcoin.network).toBe(network);
  });

  it('keeps a password in a refused URL out of the message', () => {
    const message = refusal({ BITCOIN_RPC_URL: 'tcp://deposits:s3cret@127.0.0.1:8332' }).message;
    expect(message).toContain(
      'BITCOIN_RPC_URL must be a URL starting with http:// or https://, got "tcp://…@127.0.0.1:8332"',
    );
    expect(message).not.toContain('s3cret');
  });

  it.each([
    ['ETHEREUM_RPC_URL', 'ws://127.0.0.1:8545', 'a URL starting with http:// or https://'],
    ['ETHEREUM_CHAIN_ID', '0', 'an integer in 1..4294967296'],
    ['TRON_RPC_URL', 'grpc://127.0.0.1:50051', 'a URL starting with http:// or https://'],
    ['BITCOIN_RPC_URL', '127.0.0.1:8332', 'a URL starting with http:// or https://'],
    ['BITCOIN_NETWORK', 'mainnet', 'one of main, test, testnet4, signet, regtest'],
    ['BITCOIN_START_BLOCK', '-1', 'an integer in 0..9007199254740991'],
    ['CHAIN_BLOCKS_PER_POLL', '0', 'an integer in 1..10000'],
    ['CHAIN_KEEP_BLOCKS', '1', 'an integer in 2..100000'],
  ])('refuses %s=%s', (name, value, allowed) => {
    expect(refusal({ [name]: value }).message).toContain(`${name} must be ${allowed}`);
  });
});

describe('the development chain (DEV_CHAIN)', () => {
  it('is on only on the embedded default: any production setting turns its default off', () => {
    expect(loadConfig({}).devChain).toEqual({
      enabled: true,
      port: 8545,
      pollMs: 1000,
      confirmations: { ETH: 3, USDT: 3 },
    });
    for (const [name, value] of Object.entries({
      DATABASE_URL: 'postgres://u@localhost/db',
      ETHEREUM_RPC_URL: 'https://eth.example',
      TRON_RPC_URL: 'https://tron.example/jsonrpc',
      BITCOIN_RPC_URL: 'http://u:p@127.0.0.1:8332/',
      WITHDRAW_HOT_KEY_EVM: `0x${'11'.repeat(32)}`,
      DEPOSIT_DEV_SEED: 'false',
    }))
      expect(loadConfig({ [name]: value }).devChain.enabled, name).toBe(false);
    expect(loadConfig({ DEV_CHAIN: 'false' }).devChain.enabled).toBe(false);
    expect(loadConfig({ DATABASE_URL: '', DEV_CHAIN: 'true', DEV_CHAIN_PORT: '9545' }).devChain).toMatchObject({
      enabled: true,
      port: 9545,
    });
  });

  it('is refused beside a production setting: DEV_CHAIN=true with DATABASE_URL or a chain node is a configuration error', () => {
    const withDb = refusal({ DEV_CHAIN: 'true', DATABASE_URL: 'postgres://u@localhost/db' });
    expect(withDb.message).toMatch(/^DEV_CHAIN must be false \(or unset\) while DATABASE_URL is set/);
    expect(refusal({ DEV_CHAIN: 'true', ETHEREUM_RPC_URL: 'https://eth.example' }).message).toMatch(/ETHEREUM_RPC_URL/);
    expect(refusal({ DEV_CHAIN: '1', DEPOSIT_DEV_SEED: 'false' }).message).toMatch(/DEPOSIT_DEV_SEED/);
    expect(refusal({ DEV_CHAIN: 'yes' }).message).toMatch(/true, false, 1 or 0/);
  });

  it('once running, points Ethereum at it: its node and chain id, the test USDT, few confirmations, USDC off', () => {
    const c = withDevChain(loadConfig({ DEPOSIT_ETH_ETHEREUM_CONFIRMATIONS: '5' }), {
      rpcUrl: 'http://127.0.0.1:8545',
      usdt: DEV_CHAIN_USDT,
    });
    expect(c.chains.ethereum).toEqual({ rpcUrl: 'http://127.0.0.1:8545', chainId: 31337, startBlock: 0, dev: true });
    expect(c.chains).toMatchObject({ pollMs: 1000, stallSeconds: 0 });
    const route = (symbol: string, chain: string) =>
      c.deposits.routes.find((r) => r.symbol === symbol && r.chain === chain);
    expect(route('USDT', 'ethereum')).toMatchObject({ token: DEV_CHAIN_USDT, confirmations: 3, enabled: true });
    expect(route('ETH', 'ethereum')).toMatchObject({ token: null, confirmations: 5, enabled: true });
    expect(route('USDC', 'ethereum')).toMatchObject({ enabled: false });
    // The other chains are as configured: no node, not the development chain.
    expect(route('USDT', 'tron')).toMatchObject({ token: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', confirmations: 20 });
    expect(c.chains.tron.rpcUrl).toBeUndefined();
  });
});

describe('the server process with a bad setting', () => {
  it('stops at once with exit code 1 and one line naming the variable, before touching the data folder', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'config-'));
    const dataDir = path.join(parent, 'data');
    try {
      const started = Date.now();
      const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, PORT: 'abc', HOST: '127.0.0.1', DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(out.trim()).toBe(
        'Configuration error: PORT must be an integer in 0..65535, got "abc" (see docs/configuration.md)',
      );
      // Nothing was started: no data folder, no database, no listener; and no stack trace above.
      expect(fs.existsSync(dataDir)).toBe(false);
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      fs.rmSync(parent, { recursive: true, force: true });
    }
  }, 30_000);
});
