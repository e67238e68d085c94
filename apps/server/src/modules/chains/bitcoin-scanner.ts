import type { FastifyBaseLogger } from 'fastify';
import type { BitcoinNetwork } from '../../config/chains';
import { btcSegwitAsMainnet } from '../../lib/chain-address';
import {
  addTransfer,
  BlockScanner,
  ChainMoved,
  type AddressLookup,
  type ChainSource,
  type ChainTransfer,
  type ScannerDeps,
  type ScannerSettings,
} from './block-scanner';
import type { BitcoinBlock, BitcoinNode } from './bitcoin-node';

/** Bitcoin's scanner settings (docs/configuration.md, "Chains"). */
export interface BitcoinChainSettings extends ScannerSettings {
  /** The node must answer this chain (`getblockchaininfo`), or nothing is scanned (a test chain is never taken for the real one). */
  network: BitcoinNetwork;
  /** The coin its outputs are deposits of (the catalogue's BTC route). */
  coin: string;
}

export interface BitcoinScannerDeps<O> extends ScannerDeps<O> {
  node: BitcoinNode;
}

/** Satoshi: amounts are handed on in them. */
const BTC_DECIMALS = 8;

/**
 * A Bitcoin scanner (docs/deposits.md "Detection and crediting", docs/operations.md "Scaling out"): bitcoind's blocks by height (`getblockhash`, then `getblock`
 * at verbosity 2), at most K per poll, and the outputs in them that pay our addresses. Each such
 * output is one transfer, keyed `<txid>:<vout>`; a transaction has no single sender, so `from` is
 * null. Coinbase outputs (newly mined coins) are not deposits: they are logged for an operator
 * (docs/decisions/0088-what-a-bitcoin-deposit-is.md). The cursor, re-orgs and backoff are the `BlockScanner`'s.
 */
export class BitcoinScanner<O> extends BlockScanner<O, BitcoinBlock> {
  declare readonly settings: BitcoinChainSettings;

  constructor(settings: BitcoinChainSettings, deps: BitcoinScannerDeps<O>) {
    super(settings, bitcoinSource<O>(settings, deps.node, deps.log), deps);
  }
}

function bitcoinSource<O>(
  s: BitcoinChainSettings,
  node: BitcoinNode,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): ChainSource<BitcoinBlock, O> {
  return {
    async checkChain() {
      const chain = await node.chain();
      if (chain !== s.network) throw new Error(`the node of ${s.chain} serves chain ${chain}, configured ${s.network}`);
    },
    head: () => node.head(),
    blockHash: (n) => node.blockHash(n),

    async block(n) {
      const hash = await node.blockHash(n);
      if (hash === null) return null;
      const b = await node.block(hash);
      // A re-org between the two calls: bitcoind still serves the block it left, marked off its best chain.
      if (!b || !b.mainChain || b.number !== n) throw new ChainMoved();
      return b;
    },

    /** The outputs to our addresses, asked of `lookup` once for all the blocks' segwit outputs (in mainnet form, lower case). */
    async transfers(blocks, lookup: AddressLookup<O>) {
      const segwit = blocks.flatMap((b) =>
        b.outputs.flatMap((o) => {
          const to = btcSegwitAsMainnet(o.address);
          return to === null ? [] : [{ b, o, to }];
        }),
      );
      const owners = segwit.length
        ? await lookup(s.chain, [...new Set(segwit.map((x) => x.to))])
        : new Map<string, O>();
      const byBlock = new Map<number, ChainTransfer<O>[]>();
      for (const { b, o, to } of segwit) {
        const owner = owners.get(to);
        if (owner === undefined) continue;
        if (o.coinbase) {
          log?.warn(
            { chain: s.chain, to, txid: o.txid, vout: o.n, sats: String(o.sats), block: b.number },
            'chain scanner: a coinbase output pays a deposit address; not a deposit (an operator decides)',
          );
          continue;
        }
        addTransfer(byBlock, {
          chain: s.chain,
          coin: s.coin,
          token: null,
          from: null,
          to,
          owner,
          amount: o.sats,
          decimals: BTC_DECIMALS,
          txHash: o.txid,
          index: o.n,
          key: `${o.txid}:${o.n}`,
          blockNumber: b.number,
          blockHash: b.hash,
        });
      }
      return { kept: blocks.length, byBlock };
    },
  };
}
