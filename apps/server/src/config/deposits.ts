import { HDKey } from '@scure/bip32';
import {
  assetOf,
  DEPOSIT_CHAINS,
  formatAmount,
  parseAmount,
  type DepositChainId,
  type DepositFamily,
} from '@app/contract';
import { checkEvmAddress, checkTronAddress } from '../lib/chain-address';
import { bool, ConfigError, int, optionalStr, str, type Env } from '../lib/env';

/** One coin on one chain: what a deposit of it needs (docs/deposits.md "Catalogue"). */
export interface DepositRouteConfig {
  symbol: string;
  chain: DepositChainId;
  /** The token contract (EIP-55 hex, or T… on TRON); null for the chain's own coin. */
  token: string | null;
  /** Decimals of the coin on the chain (the asset's scale: the ledger counts the same unit). */
  decimals: number;
  /** Smallest deposit that is credited, in minor units; smaller ones are recorded, not credited. */
  minDeposit: bigint;
  confirmations: number;
  enabled: boolean;
}

export interface DepositConfig {
  routes: readonly DepositRouteConfig[];
  /** Account-level extended public keys per chain family (`DEPOSIT_XPUB_EVM`, `_TRON`, `_BTC`). */
  xpubs: Readonly<Partial<Record<DepositFamily, string>>>;
  /**
   * Families without a configured xpub derive from a development seed generated into the data
   * folder (`DEPOSIT_DEV_SEED`; default on for the embedded database, off with DATABASE_URL).
   */
  devSeed: boolean;
}

interface RouteDefault {
  symbol: string;
  chain: DepositChainId;
  token: string | null;
  min: string;
  confirmations: number;
}

/**
 * The catalogue's defaults: mainnet token contracts, the product document's minimum of 20 for the dollar
 * coins, and confirmation counts in line with what large exchanges wait for.
 */
export const DEPOSIT_ROUTE_DEFAULTS: readonly RouteDefault[] = [
  { symbol: 'ETH', chain: 'ethereum', token: null, min: '0.01', confirmations: 12 },
  {
    symbol: 'USDT',
    chain: 'ethereum',
    token: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    min: '20',
    confirmations: 12,
  },
  {
    symbol: 'USDC',
    chain: 'ethereum',
    token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    min: '20',
    confirmations: 12,
  },
  { symbol: 'USDT', chain: 'tron', token: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', min: '20', confirmations: 20 },
  { symbol: 'BTC', chain: 'bitcoin', token: null, min: '0.0005', confirmations: 2 },
];

/** The prefix of a route's variables: `DEPOSIT_USDT_TRON_`. */
export const routeVar = (symbol: string, chain: DepositChainId, name: string) =>
  `DEPOSIT_${symbol}_${chain.toUpperCase()}_${name}`;

/** BIP-84's zpub (account-level native segwit keys are often exported so); its private twin zprv. */
const ZPUB_VERSIONS = { public: 0x04b24746, private: 0x04b2430c };

/**
 * An account-level (depth 3, e.g. m/84'/0'/0') extended public key; a private key is refused: the
 * server that faces users never holds one. Accepts xpub, and zpub for Bitcoin.
 */
export function parseAccountXpub(text: string, family: DepositFamily): HDKey {
  const zpub = family === 'btc' && /^z(pub|prv)/.test(text);
  const key = HDKey.fromExtendedKey(text, zpub ? ZPUB_VERSIONS : undefined);
  if (key.privateKey) throw new Error('a private key');
  if (key.depth !== 3) throw new Error(`depth ${key.depth}`);
  return key;
}

function xpub(env: Env, family: DepositFamily): string | undefined {
  const name = `DEPOSIT_XPUB_${family.toUpperCase()}`;
  const value = optionalStr(env, name);
  if (value === undefined) return undefined;
  try {
    parseAccountXpub(value, family);
  } catch {
    throw new ConfigError(
      name,
      value.slice(0, 8) + '…',
      `an account-level (depth 3) extended PUBLIC key (xpub${family === 'btc' ? ' or zpub' : ''}), never a private key`,
    );
  }
  return value;
}

function route(env: Env, d: RouteDefault): DepositRouteConfig {
  const asset = assetOf(d.symbol);
  if (!asset) throw new Error(`deposit route of unknown asset ${d.symbol}`);
  const minName = routeVar(d.symbol, d.chain, 'MIN');
  const minText = str(env, minName, d.min);
  const minDeposit = parseAmount(minText, asset.scale);
  if (minDeposit === null)
    throw new ConfigError(minName, minText, `a decimal amount with at most ${asset.scale} decimals`);
  let token = d.token;
  if (token !== null) {
    const tokenName = routeVar(d.symbol, d.chain, 'CONTRACT');
    const text = str(env, tokenName, token);
    const check = DEPOSIT_CHAINS[d.chain].family === 'tron' ? checkTronAddress(text) : checkEvmAddress(text);
    if (!check.ok)
      throw new ConfigError(tokenName, text, 'a contract address of the chain (0x and 40 hex digits, or T… on TRON)');
    token = check.address;
  }
  return {
    symbol: d.symbol,
    chain: d.chain,
    token,
    decimals: asset.scale,
    minDeposit,
    confirmations: int(env, routeVar(d.symbol, d.chain, 'CONFIRMATIONS'), d.confirmations, 1, 10_000),
    enabled: bool(env, routeVar(d.symbol, d.chain, 'ENABLED'), true),
  };
}

export function loadDepositConfig(env: Env, databaseUrl: string | undefined): DepositConfig {
  const xpubs: Partial<Record<DepositFamily, string>> = {};
  for (const family of ['evm', 'tron', 'btc'] as const) {
    const value = xpub(env, family);
    if (value !== undefined) xpubs[family] = value;
  }
  return {
    routes: DEPOSIT_ROUTE_DEFAULTS.map((d) => route(env, d)),
    xpubs,
    devSeed: bool(env, 'DEPOSIT_DEV_SEED', databaseUrl === undefined),
  };
}

/** A route's minimum as the decimal text it was configured with (docs, answers). */
export const minDepositText = (r: DepositRouteConfig) => formatAmount(r.minDeposit, r.decimals);
