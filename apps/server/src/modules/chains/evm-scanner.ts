import {
  addTransfer,
  BlockScanner,
  ChainMoved,
  sortTransfers,
  type AddressLookup,
  type ChainSource,
  type ChainTransfer,
  type ScannerDeps,
  type ScannerSettings,
} from './block-scanner';
import type { EvmNode, NodeBlock, NodeLog } from './evm-node';

/** A token contract the scanner reads `Transfer` logs of. */
export interface EvmToken {
  coin: string;
  /** The contract address as 0x hex (any case); a TRON contract's base58 is written in hex first. */
  address: string;
  decimals: number;
}

/** One EVM chain's scanner settings (docs/configuration.md, "Chains"). */
export interface EvmChainSettings extends ScannerSettings {
  /** The node must answer this `eth_chainId`, or nothing is scanned (a test chain is never taken for the real one). */
  chainId: number;
  /** The native coin, e.g. ETH; null when its transfers are no deposits (TRX on TRON has no route). */
  nativeCoin: string | null;
  nativeDecimals: number;
  tokens: readonly EvmToken[];
}

export interface EvmScannerDeps<O> extends ScannerDeps<O> {
  node: EvmNode;
}

const addressFromTopic = (topic: string) => `0x${topic.slice(26)}`;
const isTransferLog = (l: NodeLog) => l.topics.length === 3 && /^0x[0-9a-fA-F]{64}$/.test(l.data);

/**
 * A stateless EVM scanner for one chain (docs/deposits.md "Detection and crediting", docs/operations.md "Scaling out"): blocks by number and `eth_getLogs` over
 * block ranges it tracks itself (no node-side filters), at most K blocks per poll; it hands on the
 * ERC-20 `Transfer` logs of the configured tokens and the native value transfers to our addresses.
 * A TRON node's Ethereum-compatible JSON-RPC is read the same way (its accounts as 0x hex). The
 * cursor, re-orgs and backoff are the `BlockScanner`'s.
 */
export class EvmScanner<O> extends BlockScanner<O, NodeBlock> {
  declare readonly settings: EvmChainSettings;

  constructor(settings: EvmChainSettings, deps: EvmScannerDeps<O>) {
    super(settings, evmSource<O>(settings, deps.node), deps);
  }
}

/** What the scanner asks of an EVM node: `eth_getBlockByNumber`, `eth_getLogs`, receipts. */
function evmSource<O>(s: EvmChainSettings, node: EvmNode): ChainSource<NodeBlock, O> {
  const tokens = new Map(s.tokens.map((t) => [t.address.toLowerCase(), t]));

  /**
   * `eth_getLogs` over the blocks' range. Nodes cap a query's range or results ("more than 10000
   * results", "range too large"): on an error the range is halved until one block is left, whose
   * error is the poll's. Returns the logs and how many blocks they cover.
   */
  async function logsHalving(blocks: readonly NodeBlock[]): Promise<{ logs: NodeLog[]; kept: number }> {
    const from = blocks[0]!.number;
    let to = blocks.at(-1)!.number;
    for (;;) {
      try {
        return { logs: await node.transferLogs([...tokens.keys()], from, to), kept: to - from + 1 };
      } catch (e) {
        if (to === from) throw e;
        to = from + Math.floor((to - from) / 2);
      }
    }
  }

  return {
    async checkChain() {
      const id = await node.chainId();
      if (id !== s.chainId) throw new Error(`the node of ${s.chain} answers chain id ${id}, configured ${s.chainId}`);
    },
    head: () => node.head(),
    block: (n) => node.block(n),
    blockHash: (n) => node.blockHash(n),

    /** Token transfers from the logs (a log from another version of a block cuts the batch there), native ones from the blocks. */
    async transfers(all, lookup: AddressLookup<O>) {
      const from = all[0]!.number;
      let { logs, kept } = await logsHalving(all);
      const stale = logs.find((l) => all[l.blockNumber - from]?.hash !== l.blockHash);
      if (stale) {
        kept = stale.blockNumber - from;
        logs = logs.filter((l) => l.blockNumber < stale.blockNumber);
        if (!kept) throw new ChainMoved();
      }
      const blocks = all.slice(0, kept);
      const tokenLogs = logs.filter((l) => tokens.has(l.address) && isTransferLog(l) && BigInt(l.data) > 0n);
      const nativeCoin = s.nativeCoin;
      const candidates = new Set<string>();
      for (const l of tokenLogs) candidates.add(addressFromTopic(l.topics[2]!));
      if (nativeCoin) for (const b of blocks) for (const t of b.valueTxs) candidates.add(t.to);
      const owners = candidates.size ? await lookup(s.chain, [...candidates]) : new Map<string, O>();
      const byBlock = new Map<number, ChainTransfer<O>[]>();

      if (nativeCoin) {
        const native = blocks.flatMap((b) =>
          b.valueTxs.filter((t) => owners.has(t.to)).map((t) => ({ b, t, owner: owners.get(t.to)! })),
        );
        // A transaction that failed moved no ether (its value stays with the sender). One receipt per
        // transfer to us, asked together (one JSON-RPC batch).
        const succeeded = await Promise.all(native.map(({ t }) => node.succeeded(t.hash)));
        for (const [i, { b, t, owner }] of native.entries()) {
          const ok = succeeded[i];
          if (ok === null) throw new ChainMoved();
          if (!ok) continue;
          addTransfer(byBlock, {
            chain: s.chain,
            coin: nativeCoin,
            token: null,
            from: t.from,
            to: t.to,
            owner,
            amount: t.value,
            decimals: s.nativeDecimals,
            txHash: t.hash,
            index: null,
            key: `${t.hash}:native`,
            blockNumber: b.number,
            blockHash: b.hash,
          });
        }
      }
      for (const l of tokenLogs) {
        const to = addressFromTopic(l.topics[2]!);
        const owner = owners.get(to);
        if (owner === undefined) continue;
        const token = tokens.get(l.address)!;
        addTransfer(byBlock, {
          chain: s.chain,
          coin: token.coin,
          token: l.address,
          from: addressFromTopic(l.topics[1]!),
          to,
          owner,
          amount: BigInt(l.data),
          decimals: token.decimals,
          txHash: l.txHash,
          index: l.logIndex,
          key: `${l.txHash}:${l.logIndex}`,
          blockNumber: l.blockNumber,
          blockHash: l.blockHash,
        });
      }
      sortTransfers(byBlock);
      return { kept, byBlock };
    },
  };
}
