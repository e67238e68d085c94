import { parseAmount } from '@app/contract';
import type { BlockHeader } from './block-scanner';
import { JsonRpcError, jsonRpcClient, type JsonRpcOptions } from './json-rpc';

/** An output of a block's transaction that pays an amount to an address: what a deposit can be. */
export interface BitcoinOutput {
  txid: string;
  /** Its index in the transaction's outputs (`vout`). */
  n: number;
  /** As the node writes it (bech32 in lower case; base58 for legacy scripts; its network's prefix). */
  address: string;
  /** Satoshi, above zero. */
  sats: bigint;
  /** Paid by the block's coinbase transaction (newly mined coins, spendable after 100 blocks). */
  coinbase: boolean;
}

export interface BitcoinBlock extends BlockHeader {
  /** False when the block is no longer on the node's best chain (bitcoind keeps stale blocks and serves them). */
  mainChain: boolean;
  /** The outputs with an address and a value; those without (OP_RETURN, bare scripts) and zero ones are left out. */
  outputs: BitcoinOutput[];
}

/** What a Bitcoin scanner asks of a node: plain reads of bitcoind's JSON-RPC. */
export interface BitcoinNode {
  /** `getblockchaininfo`'s `chain`: main, test, testnet4, signet or regtest. */
  chain(): Promise<string>;
  /** `getblockcount`: the height of the best chain's tip. */
  head(): Promise<number>;
  /** `getblockhash`: the best chain's block at `height`, or null past the tip. */
  blockHash(height: number): Promise<string | null>;
  /** `getblock <hash> 2`: the block with its transactions' outputs, or null if the node has no such block. */
  block(hash: string): Promise<BitcoinBlock | null>;
}

/** bitcoind's error codes the client turns into "none": a height past the tip, an unknown block. */
const RPC_INVALID_PARAMETER = -8;
const RPC_INVALID_ADDRESS_OR_KEY = -5;
/** The most bitcoin there will ever be (21 million); no amount of a block is above it. */
const MAX_MONEY_BTC = 21_000_000;
const NO_PARENT = '0'.repeat(64);

/**
 * An amount as bitcoind writes it (a JSON number of BTC with 8 decimals, `0.00050000`) in satoshi,
 * exactly, without arithmetic on the float. Why exact: JSON.parse gives the double nearest to the
 * printed decimal; below 2^25 BTC (more than the 21 million there can be) doubles lie at most
 * 2^-28 BTC apart, so that double is within 2^-29 BTC (under 0.2 satoshi) of the decimal, and every
 * other 8-decimal number is more than 0.8 satoshi away. `toFixed(8)` gives the 8-decimal number
 * nearest to the double, computed exactly (ECMAScript's Number.prototype.toFixed), which is the
 * printed decimal; the contract's `parseAmount` reads that text as an integer of satoshi.
 */
export function satsFromBtc(value: unknown): bigint {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_MONEY_BTC) {
    throw new Error(`not an amount of bitcoin: ${String(value)}`);
  }
  const sats = parseAmount(value.toFixed(8), 8);
  if (sats === null) throw new Error(`not an amount of bitcoin: ${value}`);
  return sats;
}

/** The parts of bitcoind's `getblock <hash> 2` the scanner reads (the answer has many more). */
interface RpcBlock {
  hash: string;
  height: number;
  time: number;
  confirmations: number;
  previousblockhash?: string;
  tx: {
    txid: string;
    vin: { coinbase?: string }[];
    vout: { value: number; n: number; scriptPubKey: { address?: string } }[];
  }[];
}

const HASH = /^[0-9a-f]{64}$/;

function need(ok: boolean, what: string): asserts ok {
  if (!ok) throw new Error(`the bitcoin node answered a block without ${what}`);
}

/** Checks the fields used (a wrong answer fails the poll, it is never half read) and keeps the outputs that can be deposits. */
function blockOf(b: RpcBlock): BitcoinBlock {
  need(typeof b.hash === 'string' && HASH.test(b.hash), 'a hash');
  need(Number.isSafeInteger(b.height) && b.height >= 0, 'a height');
  need(Number.isSafeInteger(b.time), 'a time');
  need(typeof b.confirmations === 'number', 'confirmations');
  need(b.previousblockhash === undefined ? b.height === 0 : HASH.test(b.previousblockhash), 'a previous block hash');
  need(Array.isArray(b.tx), 'transactions (verbosity 2)');
  const outputs: BitcoinOutput[] = [];
  for (const tx of b.tx) {
    need(
      typeof tx.txid === 'string' && HASH.test(tx.txid) && Array.isArray(tx.vout) && Array.isArray(tx.vin),
      'transactions (verbosity 2)',
    );
    const coinbase = tx.vin.length === 1 && typeof tx.vin[0]!.coinbase === 'string';
    for (const out of tx.vout) {
      need(Number.isSafeInteger(out.n) && out.n >= 0, 'output indexes');
      const sats = satsFromBtc(out.value);
      const address = out.scriptPubKey.address;
      if (typeof address !== 'string' || sats === 0n) continue;
      outputs.push({ txid: tx.txid, n: out.n, address, sats, coinbase });
    }
  }
  return {
    number: b.height,
    hash: b.hash,
    parentHash: b.previousblockhash ?? NO_PARENT,
    timestamp: b.time,
    mainChain: b.confirmations >= 0,
    outputs,
  };
}

/**
 * A BitcoinNode over bitcoind's JSON-RPC (HTTP, basic auth from the URL's user:password, as
 * `rpcauth` or the cookie file's `__cookie__:…` give them). The calls of one poll go out in JSON-RPC
 * batches (`batchSize` per request, at most `maxInFlight` requests at once: a mainnet block at
 * verbosity 2 is megabytes of JSON); no retries, the scanner backs off.
 */
export function bitcoindNode(rpcUrl: string, opts: JsonRpcOptions = {}): BitcoinNode {
  const rpc = jsonRpcClient(rpcUrl, { name: 'bitcoin node', ...opts });
  /** The call's answer, or null when the node says there is no such block. */
  const orNone = async <T>(call: Promise<T>, code: number): Promise<T | null> => {
    try {
      return await call;
    } catch (e) {
      if (e instanceof JsonRpcError && e.code === code) return null;
      throw e;
    }
  };
  return {
    async chain() {
      const info = await rpc.call<{ chain?: unknown }>('getblockchaininfo');
      if (typeof info.chain !== 'string') throw new Error('getblockchaininfo: no chain in the answer');
      return info.chain;
    },
    async head() {
      const n = await rpc.call<unknown>('getblockcount');
      if (!Number.isSafeInteger(n)) throw new Error('getblockcount: not a height');
      return n as number;
    },
    async blockHash(height) {
      const hash = await orNone(rpc.call<unknown>('getblockhash', [height]), RPC_INVALID_PARAMETER);
      if (hash !== null && (typeof hash !== 'string' || !HASH.test(hash)))
        throw new Error('getblockhash: not a block hash');
      return hash;
    },
    async block(hash) {
      const b = await orNone(rpc.call<RpcBlock>('getblock', [hash, 2]), RPC_INVALID_ADDRESS_OR_KEY);
      return b && blockOf(b);
    },
  };
}
