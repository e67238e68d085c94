import { createPublicClient, http, type Hex, type PublicClient } from 'viem';

/** keccak256("Transfer(address,address,uint256)"): the topic of every ERC-20 transfer. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** A block as the scanner needs it: its place in the chain and its value transfers. */
export interface NodeBlock {
  number: number;
  hash: string;
  parentHash: string;
  /** Seconds since the epoch. */
  timestamp: number;
  /** Transactions that carry ether to an address (contract creations and zero values left out). */
  valueTxs: { hash: string; index: number; from: string; to: string; value: bigint }[];
}

/** An ERC-20 `Transfer` log (three topics: signature, from, to; the amount in data). */
export interface NodeLog {
  address: string;
  blockNumber: number;
  blockHash: string;
  txHash: string;
  logIndex: number;
  topics: string[];
  data: string;
}

/**
 * What an EVM scanner asks of a node: plain JSON-RPC reads, no server-side filters (many nodes
 * drop their events silently). Addresses and hashes come back in lower case.
 */
export interface EvmNode {
  chainId(): Promise<number>;
  head(): Promise<number>;
  /** The canonical block at `number` with its value-carrying transactions, or null past the head. */
  block(number: number): Promise<NodeBlock | null>;
  /** The canonical block's hash at `number` (header only), or null past the head. */
  blockHash(number: number): Promise<string | null>;
  /** `Transfer` logs of these token contracts in blocks from..to (inclusive). */
  transferLogs(tokens: readonly string[], from: number, to: number): Promise<NodeLog[]>;
  /** Whether a mined transaction succeeded; null if the node does not know it (re-orged away). */
  succeeded(txHash: string): Promise<boolean | null>;
}

export interface ViemNodeOptions {
  /** Per request, ms. */
  timeoutMs?: number;
}

const lower = (s: string) => s.toLowerCase();
const toHex = (n: number) => `0x${n.toString(16)}` as Hex;

interface RpcBlock {
  number: Hex;
  hash: Hex;
  parentHash: Hex;
  timestamp: Hex;
  transactions: { hash: Hex; transactionIndex: Hex; from: Hex; to: Hex | null; value: Hex }[];
}
interface RpcHeader {
  hash: Hex;
}
interface RpcLog {
  address: Hex;
  blockNumber: Hex;
  blockHash: Hex;
  transactionHash: Hex;
  logIndex: Hex;
  topics: Hex[];
  data: Hex;
  removed?: boolean;
}

/**
 * An EvmNode over HTTP JSON-RPC with viem as the client (requests of one poll go out in JSON-RPC
 * batches). viem's own retries are off: the scanner backs off itself.
 */
export function viemNode(rpcUrl: string, opts: ViemNodeOptions = {}): EvmNode {
  const client: PublicClient = createPublicClient({
    transport: http(rpcUrl, { batch: { batchSize: 50 }, retryCount: 0, timeout: opts.timeoutMs ?? 10_000 }),
  });
  // Untyped methods through the client's EIP-1193 request (the shapes are the node's JSON).
  const request = client.request as unknown as <T>(args: { method: string; params: unknown[] }) => Promise<T>;
  return {
    chainId: async () => Number(await request<Hex>({ method: 'eth_chainId', params: [] })),
    head: async () => Number(await request<Hex>({ method: 'eth_blockNumber', params: [] })),
    async block(number) {
      const b = await request<RpcBlock | null>({ method: 'eth_getBlockByNumber', params: [toHex(number), true] });
      if (!b) return null;
      return {
        number: Number(b.number),
        hash: lower(b.hash),
        parentHash: lower(b.parentHash),
        timestamp: Number(b.timestamp),
        valueTxs: b.transactions
          .filter((t) => t.to && BigInt(t.value) > 0n)
          .map((t) => ({
            hash: lower(t.hash),
            index: Number(t.transactionIndex),
            from: lower(t.from),
            to: lower(t.to!),
            value: BigInt(t.value),
          })),
      };
    },
    async blockHash(number) {
      const b = await request<RpcHeader | null>({ method: 'eth_getBlockByNumber', params: [toHex(number), false] });
      return b ? lower(b.hash) : null;
    },
    async transferLogs(tokens, from, to) {
      if (!tokens.length) return [];
      const logs = await request<RpcLog[]>({
        method: 'eth_getLogs',
        params: [{ address: tokens, fromBlock: toHex(from), toBlock: toHex(to), topics: [TRANSFER_TOPIC] }],
      });
      return logs
        .filter((l) => !l.removed)
        .map((l) => ({
          address: lower(l.address),
          blockNumber: Number(l.blockNumber),
          blockHash: lower(l.blockHash),
          txHash: lower(l.transactionHash),
          logIndex: Number(l.logIndex),
          topics: l.topics.map(lower),
          data: l.data,
        }));
    },
    async succeeded(txHash) {
      const r = await request<{ status: Hex } | null>({ method: 'eth_getTransactionReceipt', params: [txHash] });
      return r ? r.status === '0x1' : null;
    },
  };
}
