import { ConfigError, int, optionalInt, optionalStr, optionalUrl, type Env } from '../lib/env';

/** A token contract on an EVM chain whose transfers are deposits. */
export interface TokenSetting {
  coin: string;
  address: string;
  decimals: number;
}

export interface EvmChainConfig {
  /** The node's JSON-RPC URL; unset: this chain is not scanned. */
  rpcUrl: string | undefined;
  chainId: number;
  tokens: TokenSetting[];
  startBlock: number | undefined;
}

/** Settings of the chain scanners (docs/configuration.md, "Chains"). */
export interface ChainsConfig {
  ethereum: EvmChainConfig;
  pollMs: number;
  /** K: the most blocks one poll scans. */
  blocksPerPoll: number;
  keepBlocks: number;
  backoffMs: number;
  backoffMaxMs: number;
}

/** Tether USD and USD Coin on Ethereum mainnet. */
export const ETHEREUM_DEFAULT_TOKENS = 'USDT=0xdAC17F958D2ee523a2206206994597C13D831ec7:6,USDC=0xA0b86991c6218b36c1d19D4a2E9Eb0cE3606eB48:6';

/** `<COIN>=<0x address>:<decimals>` separated by commas. */
function tokens(env: Env, name: string, fallback: string): TokenSetting[] {
  const value = optionalStr(env, name) ?? fallback;
  const bad = () => new ConfigError(name, value, 'entries <COIN>=<0x contract address>:<decimals> separated by commas');
  const out: TokenSetting[] = [];
  for (const entry of value.split(',').map((e) => e.trim()).filter(Boolean)) {
    const m = /^([A-Z0-9]{2,12})=(0x[0-9a-fA-F]{40}):(\d{1,2})$/.exec(entry);
    if (!m) throw bad();
    out.push({ coin: m[1]!, address: m[2]!.toLowerCase(), decimals: Number(m[3]) });
  }
  if (new Set(out.map((t) => t.address)).size !== out.length || new Set(out.map((t) => t.coin)).size !== out.length) throw bad();
  return out;
}

export function loadChainsConfig(env: Env): ChainsConfig {
  const keepBlocks = int(env, 'CHAIN_KEEP_BLOCKS', 128, 2, 100_000);
  const backoffMs = int(env, 'CHAIN_BACKOFF_MS', 1000, 10, 600_000);
  return {
    ethereum: {
      rpcUrl: optionalUrl(env, 'ETHEREUM_RPC_URL', ['http', 'https']),
      chainId: int(env, 'ETHEREUM_CHAIN_ID', 1, 1, 2 ** 32),
      tokens: tokens(env, 'ETHEREUM_TOKENS', ETHEREUM_DEFAULT_TOKENS),
      startBlock: optionalInt(env, 'ETHEREUM_START_BLOCK', 0, Number.MAX_SAFE_INTEGER),
    },
    pollMs: int(env, 'CHAIN_POLL_MS', 4000, 50, 600_000),
    blocksPerPoll: int(env, 'CHAIN_BLOCKS_PER_POLL', 100, 1, 10_000),
    keepBlocks,
    backoffMs,
    backoffMaxMs: Math.max(backoffMs, int(env, 'CHAIN_BACKOFF_MAX_MS', 60_000, 10, 3_600_000)),
  };
}
