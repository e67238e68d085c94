import { bool, ConfigError, int, optionalStr, type Env } from '../lib/env';

/** The development chain's id (anvil's usual one); no public network uses it. */
export const DEV_CHAIN_ID = 31337;
/**
 * The test USDT on a fresh development chain: the first contract of anvil's first dev account
 * (its nonce 0), so it is the same address on every machine. The start checks that it is.
 */
export const DEV_CHAIN_USDT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
/** The port the development chain asks for first; a busy one gives way to a free port. */
export const DEV_CHAIN_DEFAULT_PORT = 8545;

/** The settings that make a server a production one: with any of them no development chain ever starts. */
const PRODUCTION_SETTINGS = [
  'DATABASE_URL',
  'ETHEREUM_RPC_URL',
  'TRON_RPC_URL',
  'BITCOIN_RPC_URL',
  'WITHDRAW_HOT_KEY_EVM',
  'DEPOSIT_XPUB_EVM',
  'DEPOSIT_XPUB_TRON',
  'DEPOSIT_XPUB_BTC',
] as const;

/** The development chain (docs/configuration.md "Development chain", docs/deposits.md "The development chain"). */
export interface DevChainConfig {
  /** Whether `npm start` runs a local anvil chain and points Ethereum's deposits and withdrawals at it. */
  enabled: boolean;
  /** The port asked for (127.0.0.1 only); when it is taken, a free one. */
  port: number;
  /** The scanner's pause once caught up, on the development chain (CHAIN_POLL_MS, default 1000). */
  pollMs: number;
  /** Confirmations of ETH and USDT deposits on it (their DEPOSIT_…_CONFIRMATIONS, default 3); withdrawals wait as many. */
  confirmations: { ETH: number; USDT: number };
}

/**
 * DEV_CHAIN: on by default only on the embedded default, with no production setting (no
 * DATABASE_URL, no chain node, no hot-wallet key, no account xpub) and the development seed on.
 * Asked for (`true`) together with a production setting, or without the development seed, it is a
 * configuration error: a development chain must never stand in for a real one.
 */
export function loadDevChainConfig(env: Env, devSeed: boolean): DevChainConfig {
  const production = PRODUCTION_SETTINGS.filter((name) => optionalStr(env, name) !== undefined);
  const enabled = bool(env, 'DEV_CHAIN', production.length === 0 && devSeed);
  if (enabled && production.length)
    throw new ConfigError(
      'DEV_CHAIN',
      String(env.DEV_CHAIN),
      `false (or unset) while ${production.join(', ')} ${production.length === 1 ? 'is' : 'are'} set: a development chain never runs with production settings`,
    );
  if (enabled && !devSeed)
    throw new ConfigError(
      'DEV_CHAIN',
      String(env.DEV_CHAIN),
      'false (or unset) while DEPOSIT_DEV_SEED is false: its hot wallet and addresses come from the development seed',
    );
  const confirmations = (coin: 'ETH' | 'USDT') => int(env, `DEPOSIT_${coin}_ETHEREUM_CONFIRMATIONS`, 3, 1, 10_000);
  return {
    enabled,
    port: int(env, 'DEV_CHAIN_PORT', DEV_CHAIN_DEFAULT_PORT, 1, 65_535),
    pollMs: int(env, 'CHAIN_POLL_MS', 1000, 50, 600_000),
    confirmations: { ETH: confirmations('ETH'), USDT: confirmations('USDT') },
  };
}
