import { int, oneOf, optionalInt, optionalUrl, type Env } from '../lib/env';

export interface EvmChainConfig {
  /** The node's JSON-RPC URL; unset: this chain is not scanned. */
  rpcUrl: string | undefined;
  chainId: number;
  startBlock: number | undefined;
  /** The node is this server's development chain (DEV_CHAIN): test coins, not real money. */
  dev?: true;
}

/** What bitcoind's `getblockchaininfo` calls its chain (`testnet4` from bitcoind 28). */
export const BITCOIN_NETWORKS = ['main', 'test', 'testnet4', 'signet', 'regtest'] as const;
export type BitcoinNetwork = (typeof BITCOIN_NETWORKS)[number];

export interface BitcoinChainConfig {
  /** bitcoind's JSON-RPC URL, with the RPC user:password in it; unset: Bitcoin is not scanned. */
  rpcUrl: string | undefined;
  /** The chain the node must answer (`getblockchaininfo`), or nothing is scanned. */
  network: BitcoinNetwork;
  startBlock: number | undefined;
}

/** Settings of the chain scanners (docs/configuration.md, "Chains"). */
export interface ChainsConfig {
  ethereum: EvmChainConfig;
  /** A TRON node's Ethereum-compatible JSON-RPC (java-tron's `/jsonrpc`): TRC-20 deposits are read as EVM logs. */
  tron: EvmChainConfig;
  bitcoin: BitcoinChainConfig;
  pollMs: number;
  /** K: the most blocks one poll scans. */
  blocksPerPoll: number;
  keepBlocks: number;
  backoffMs: number;
  backoffMaxMs: number;
  /** A node whose newest block is older than this many seconds is stalled (withdrawals say so); 0: never. */
  stallSeconds: number;
}

export function loadChainsConfig(env: Env): ChainsConfig {
  const keepBlocks = int(env, 'CHAIN_KEEP_BLOCKS', 128, 2, 100_000);
  const backoffMs = int(env, 'CHAIN_BACKOFF_MS', 1000, 10, 600_000);
  return {
    ethereum: {
      rpcUrl: optionalUrl(env, 'ETHEREUM_RPC_URL', ['http', 'https']),
      chainId: int(env, 'ETHEREUM_CHAIN_ID', 1, 1, 2 ** 32),
      startBlock: optionalInt(env, 'ETHEREUM_START_BLOCK', 0, Number.MAX_SAFE_INTEGER),
    },
    tron: {
      rpcUrl: optionalUrl(env, 'TRON_RPC_URL', ['http', 'https']),
      // TRON mainnet answers eth_chainId with 0x2b6653dc.
      chainId: int(env, 'TRON_CHAIN_ID', 0x2b6653dc, 1, 2 ** 32),
      startBlock: optionalInt(env, 'TRON_START_BLOCK', 0, Number.MAX_SAFE_INTEGER),
    },
    bitcoin: {
      rpcUrl: optionalUrl(env, 'BITCOIN_RPC_URL', ['http', 'https']),
      network: oneOf(env, 'BITCOIN_NETWORK', BITCOIN_NETWORKS, 'main'),
      startBlock: optionalInt(env, 'BITCOIN_START_BLOCK', 0, Number.MAX_SAFE_INTEGER),
    },
    pollMs: int(env, 'CHAIN_POLL_MS', 4000, 50, 600_000),
    blocksPerPoll: int(env, 'CHAIN_BLOCKS_PER_POLL', 100, 1, 10_000),
    keepBlocks,
    backoffMs,
    backoffMaxMs: Math.max(backoffMs, int(env, 'CHAIN_BACKOFF_MAX_MS', 60_000, 10, 3_600_000)),
    stallSeconds: int(env, 'CHAIN_STALL_SECONDS', 600, 0, 86_400),
  };
}
