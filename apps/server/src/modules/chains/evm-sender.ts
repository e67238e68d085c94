import { createPublicClient, http, type Hex, type PublicClient } from 'viem';

/** A mined transaction as the withdrawal signer needs it. */
export interface TxReceipt {
  blockNumber: number;
  /** false: the transaction reverted (its nonce and fee are spent all the same). */
  success: boolean;
}

/** The market's fee levels for an EIP-1559 transaction, wei per gas. */
export interface FeeLevels {
  /** The latest block's base fee. */
  baseFeePerGas: bigint;
  /** The tip the node suggests (eth_maxPriorityFeePerGas). */
  priorityFeePerGas: bigint;
}

/**
 * What the withdrawal signer asks of an EVM node: the few JSON-RPC calls that send a signed
 * transaction and follow it. The node never signs; it relays what it is given.
 */
export interface EvmTxNode {
  chainId(): Promise<number>;
  head(): Promise<number>;
  /** eth_getTransactionCount at `pending` (or `latest`): the next nonce the node would expect. */
  transactionCount(address: string, at: 'pending' | 'latest'): Promise<number>;
  fees(): Promise<FeeLevels>;
  /** eth_estimateGas of a call from `from`; a call that would revert throws the node's error. */
  estimateGas(tx: { from: string; to: string; value: bigint; data: Hex }): Promise<bigint>;
  /** eth_sendRawTransaction; the transaction's hash as the node computed it. */
  sendRawTransaction(raw: Hex): Promise<string>;
  /** The receipt of a mined transaction, or null (unknown, pending, or re-orged away). */
  receipt(txHash: string): Promise<TxReceipt | null>;
}

const toHex = (n: bigint | number) => `0x${n.toString(16)}` as Hex;

/**
 * An EvmTxNode over HTTP JSON-RPC with viem's transport (its retries off: the signer backs off
 * itself). A node's refusal surfaces as viem's error, whose message carries the node's text
 * ("nonce too low", "already known").
 */
export function viemTxNode(rpcUrl: string, opts: { timeoutMs?: number } = {}): EvmTxNode {
  const client: PublicClient = createPublicClient({
    transport: http(rpcUrl, { batch: { batchSize: 50 }, retryCount: 0, timeout: opts.timeoutMs ?? 10_000 }),
  });
  const request = client.request as unknown as <T>(args: { method: string; params: unknown[] }) => Promise<T>;
  return {
    chainId: async () => Number(await request<Hex>({ method: 'eth_chainId', params: [] })),
    head: async () => Number(await request<Hex>({ method: 'eth_blockNumber', params: [] })),
    transactionCount: async (address, at) =>
      Number(await request<Hex>({ method: 'eth_getTransactionCount', params: [address, at] })),
    async fees() {
      const [block, tip] = await Promise.all([
        request<{ baseFeePerGas?: Hex } | null>({ method: 'eth_getBlockByNumber', params: ['latest', false] }),
        request<Hex>({ method: 'eth_maxPriorityFeePerGas', params: [] }),
      ]);
      if (!block?.baseFeePerGas) throw new Error('the node serves no EIP-1559 base fee');
      return { baseFeePerGas: BigInt(block.baseFeePerGas), priorityFeePerGas: BigInt(tip) };
    },
    estimateGas: async (tx) =>
      BigInt(
        await request<Hex>({
          method: 'eth_estimateGas',
          params: [{ from: tx.from, to: tx.to, value: toHex(tx.value), data: tx.data }],
        }),
      ),
    sendRawTransaction: async (raw) =>
      (await request<Hex>({ method: 'eth_sendRawTransaction', params: [raw] })).toLowerCase(),
    async receipt(txHash) {
      const r = await request<{ status: Hex; blockNumber: Hex } | null>({
        method: 'eth_getTransactionReceipt',
        params: [txHash],
      });
      return r && r.blockNumber ? { blockNumber: Number(r.blockNumber), success: r.status === '0x1' } : null;
    },
  };
}

/** The newest block as a health check reads it. */
export interface LatestBlock {
  number: number;
  /** Seconds since the epoch. */
  timestamp: number;
  /** Wei per gas (0 on a chain without EIP-1559). */
  baseFeePerGas: bigint;
}

/**
 * What the withdrawals' availability check reads of an EVM node (docs/withdrawals.md "Availability"):
 * that it answers, for which chain, how fresh its newest block is, and what the hot wallet holds.
 */
export interface EvmWalletReader {
  chainId(): Promise<number>;
  latestBlock(): Promise<LatestBlock>;
  /** eth_maxPriorityFeePerGas. */
  priorityFee(): Promise<bigint>;
  /** The chain's own coin held by `address` (wei). */
  balance(address: string): Promise<bigint>;
  /** An ERC-20 token's `balanceOf(address)` (base units). */
  tokenBalance(token: string, address: string): Promise<bigint>;
}

/** An EvmWalletReader over HTTP JSON-RPC (no retries; a short timeout: it is a health check). */
export function viemWalletReader(rpcUrl: string, opts: { timeoutMs?: number } = {}): EvmWalletReader {
  const client: PublicClient = createPublicClient({
    transport: http(rpcUrl, { retryCount: 0, timeout: opts.timeoutMs ?? 5_000 }),
  });
  const request = client.request as unknown as <T>(args: { method: string; params: unknown[] }) => Promise<T>;
  return {
    chainId: async () => Number(await request<Hex>({ method: 'eth_chainId', params: [] })),
    async latestBlock() {
      const b = await request<{ number: Hex; timestamp: Hex; baseFeePerGas?: Hex } | null>({
        method: 'eth_getBlockByNumber',
        params: ['latest', false],
      });
      if (!b) throw new Error('the node has no latest block');
      return { number: Number(b.number), timestamp: Number(b.timestamp), baseFeePerGas: BigInt(b.baseFeePerGas ?? 0) };
    },
    priorityFee: async () => BigInt(await request<Hex>({ method: 'eth_maxPriorityFeePerGas', params: [] })),
    balance: async (address) => BigInt(await request<Hex>({ method: 'eth_getBalance', params: [address, 'latest'] })),
    async tokenBalance(token, address) {
      // balanceOf(address): selector 0x70a08231 and the address as one 32-byte word.
      const data = `0x70a08231${address.toLowerCase().replace(/^0x/, '').padStart(64, '0')}`;
      const r = await request<Hex>({ method: 'eth_call', params: [{ to: token, data }, 'latest'] });
      // No contract at the address answers nothing: it holds none of it.
      return r === '0x' ? 0n : BigInt(r);
    },
  };
}
