/**
 * A bitcoind stand-in for tests: no Bitcoin node can be installed here, so this small HTTP server
 * answers bitcoind 27's JSON-RPC (`getblockchaininfo`, `getblockcount`, `getbestblockhash`,
 * `getblockhash`, `getblockheader`, `getblock` at verbosity 0, 1 and 2) in bitcoind's exact JSON
 * shapes, fields the scanner does not read included, over blocks it builds from real data:
 *
 * - transactions are signed and serialised with @scure/btc-signer (P2WPKH, a faucet key), so a
 *   `txid` is the double SHA-256 of the transaction without witness and `hash` that with it;
 * - a block has bitcoind's coinbase (BIP-34 height, the subsidy plus fees to a miner address, the
 *   segwit commitment to the witness merkle root) and a real 80-byte header: version, previous
 *   hash, merkle root of the txids, time, bits, nonce; its hash is the header's double SHA-256;
 * - the chain starts from the network's real genesis block (the hashes match bitcoind's), and every
 *   later block carries regtest's target (bits 207fffff) with a nonce that meets it: valid proof of
 *   work by regtest's rules, none by mainnet's, which nothing here checks.
 *
 * It is a serving harness, not a node: it checks no scripts, signatures, spends or coinbase
 * maturity (the faucet spends its own change, unconfirmed or not). A test appends blocks (`pay`
 * then `mine`), replaces the last k blocks (`reorg`: a re-org; the replaced blocks' transactions
 * are gone unless put into the new ones, as if a conflicting spend had won, where bitcoind would
 * put them back in its mempool), takes the node down (connection refused) and up again, makes it
 * answer errors or nothing, and watches what it is asked.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { Address, NETWORK, OutScript, p2wpkh, RawTx, Script, TEST_NETWORK, Transaction } from '@scure/btc-signer';
import { formatAmount } from '@app/contract';

export type BitcoindChain = 'main' | 'test' | 'signet' | 'regtest';

type Network = typeof NETWORK;
const REGTEST: Network = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef };
const NETWORKS: Record<BitcoindChain, Network> = {
  main: NETWORK,
  test: TEST_NETWORK,
  signet: TEST_NETWORK,
  regtest: REGTEST,
};

/** The genesis block of each network: time, bits and nonce of its header (the coinbase is the same on all four). */
const GENESIS: Record<BitcoindChain, { time: number; bits: number; nonce: number }> = {
  main: { time: 1231006505, bits: 0x1d00ffff, nonce: 2083236893 },
  test: { time: 1296688602, bits: 0x1d00ffff, nonce: 414098458 },
  signet: { time: 1598918400, bits: 0x1e0377ae, nonce: 52613770 },
  regtest: { time: 1296688602, bits: 0x207fffff, nonce: 2 },
};
/** The genesis coinbase ("The Times 03/Jan/2009 Chancellor on brink of second bailout for banks", 50 BTC to a bare public key). */
const GENESIS_COINBASE = hexToBytes(
  '01000000010000000000000000000000000000000000000000000000000000000000000000ffffffff4d04ffff001d0104455468652054696d65732030332f4a616e2f32303039204368616e63656c6c6f72206f6e206272696e6b206f66207365636f6e64206261696c6f757420666f722062616e6b73ffffffff0100f2052a01000000434104678afdb0fe5548271967f1a67130b7105cd6a828e03909a67962e0ea1f61deb649f6bc3f4cef38c4f35504e51ec112de5c384df7ba0b8d578a4c702b6bf11d5fac00000000',
);
const REGTEST_BITS = 0x207fffff;
/** What a block after genesis pays its miner before fees halves every this many blocks. */
const HALVING: Record<BitcoindChain, number> = { main: 210_000, test: 210_000, signet: 210_000, regtest: 150 };
const COIN = 100_000_000n;
/** bitcoind's block version with no soft-fork signalling (BIP-9 top bits). */
const BLOCK_VERSION = 0x20000000;
const FEE = 2_000n;

const sha256d = (b: Uint8Array) => sha256(sha256(b));
/** Hashes are shown byte-reversed (bitcoind's uint256 GetHex). */
const display = (b: Uint8Array) => bytesToHex(Uint8Array.from(b).reverse());
const internal = (hex: string) => hexToBytes(hex).reverse();

/** A JSON number written as given. */
class JsonNumber {
  constructor(readonly text: string) {}
}

/** An amount as bitcoind prints it (ValueFromAmount): a JSON number with exactly 8 decimals, `0.00050000`. */
const btc = (sats: bigint) => new JsonNumber(formatAmount(sats, 8));

/** A double as UniValue prints it: C's %.16g (`4.656542373906925e-10`, where JavaScript writes 17 digits). */
function g16(x: number): JsonNumber {
  if (x === 0) return new JsonNumber('0');
  const trim = (t: string) => (t.includes('.') ? t.replace(/\.?0+$/, '') : t);
  const [mantissa, e] = x.toExponential(15).split('e');
  const exp = Number(e);
  if (exp < -4 || exp >= 16)
    return new JsonNumber(`${trim(mantissa!)}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`);
  return new JsonNumber(trim(x.toFixed(15 - exp)));
}

/** JSON as bitcoind's UniValue writes it: like JSON.stringify, but numbers in bitcoind's forms. */
function writeJson(v: unknown): string {
  if (v instanceof JsonNumber) return v.text;
  if (Array.isArray(v)) return `[${v.map(writeJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    return `{${Object.entries(v)
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => `${JSON.stringify(k)}:${writeJson(x)}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

// ----- descriptors (BIP-380 checksums, as bitcoind's `desc` fields carry them) -----

const DESC_INPUT = '0123456789()[],\'/*abcdefgh@:$%{}IJKLMNOPQRSTUVWXYZ&+-.;<=>?!^_|~ijklmnopqrstuvwxyzABCDEFGH`#"\\ ';
const DESC_CHECKSUM = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const DESC_GENERATOR = [0xf5dee51989n, 0xa9fdca3312n, 0x1bab10e32dn, 0x3706b1677an, 0x644d626ffdn];

function descPolymod(symbols: number[]): bigint {
  let chk = 1n;
  for (const value of symbols) {
    const top = chk >> 35n;
    chk = ((chk & 0x7ffffffffn) << 5n) ^ BigInt(value);
    for (let i = 0; i < 5; i++) if ((top >> BigInt(i)) & 1n) chk ^= DESC_GENERATOR[i]!;
  }
  return chk;
}

/** A descriptor with its checksum: `raw(deadbeef)` → `raw(deadbeef)#89f8spxm`. */
export function descriptor(desc: string): string {
  const symbols: number[] = [];
  let groups: number[] = [];
  for (const c of desc) {
    const v = DESC_INPUT.indexOf(c);
    if (v < 0) throw new Error(`not a descriptor character: ${c}`);
    symbols.push(v & 31);
    groups.push(v >> 5);
    if (groups.length === 3) {
      symbols.push(groups[0]! * 9 + groups[1]! * 3 + groups[2]!);
      groups = [];
    }
  }
  if (groups.length === 1) symbols.push(groups[0]!);
  else if (groups.length === 2) symbols.push(groups[0]! * 3 + groups[1]!);
  const checksum = descPolymod([...symbols, 0, 0, 0, 0, 0, 0, 0, 0]) ^ 1n;
  let out = '';
  for (let i = 0; i < 8; i++) out += DESC_CHECKSUM[Number((checksum >> BigInt(5 * (7 - i))) & 31n)];
  return `${desc}#${out}`;
}

// ----- scripts as bitcoind shows them -----

/** A CScriptNum (little-endian, sign bit in the last byte) as a number. */
function scriptNum(bytes: Uint8Array): number {
  if (!bytes.length) return 0;
  let n = 0;
  for (let i = 0; i < bytes.length; i++) n += bytes[i]! * 256 ** i;
  const last = bytes[bytes.length - 1]!;
  return last & 0x80 ? -(n - 0x80 * 256 ** (bytes.length - 1)) : n;
}

/** bitcoind's ScriptToAsmStr: small numbers as numbers, pushes of up to 4 bytes as numbers, longer ones as hex, opcodes by name. */
function asm(script: Uint8Array): string {
  if (!script.length) return '';
  return Script.decode(script)
    .map((op) => {
      if (typeof op === 'number') return String(op);
      if (typeof op === 'string') return `OP_${op}`;
      return op.length <= 4 ? String(scriptNum(op)) : bytesToHex(op);
    })
    .join(' ');
}

const OUTPUT_TYPES: Record<string, string> = {
  pk: 'pubkey',
  pkh: 'pubkeyhash',
  sh: 'scripthash',
  wpkh: 'witness_v0_keyhash',
  wsh: 'witness_v0_scripthash',
  tr: 'witness_v1_taproot',
};

/** `scriptPubKey` as bitcoind 27 writes it: asm, desc, hex, address (for scripts that have one, bare public keys not), type. */
function scriptPubKeyJson(script: Uint8Array, network: Network) {
  const hex = bytesToHex(script);
  if (script[0] === 0x6a) return { asm: asm(script), desc: descriptor(`raw(${hex})`), hex, type: 'nulldata' };
  const decoded = (() => {
    try {
      return OutScript.decode(script);
    } catch {
      return null;
    }
  })();
  const type = decoded ? OUTPUT_TYPES[decoded.type] : undefined;
  if (!decoded || !type) return { asm: asm(script), desc: descriptor(`raw(${hex})`), hex, type: 'nonstandard' };
  if (decoded.type === 'pk')
    return { asm: asm(script), desc: descriptor(`pk(${bytesToHex(decoded.pubkey)})`), hex, type };
  const address = Address(network).encode(decoded);
  return { asm: asm(script), desc: descriptor(`addr(${address})`), hex, address, type };
}

// ----- transactions and blocks -----

interface RawTransaction {
  version: number;
  segwitFlag?: boolean | undefined;
  inputs: { txid: Uint8Array; index: number; finalScriptSig: Uint8Array; sequence: number }[];
  outputs: { amount: bigint; script: Uint8Array }[];
  witnesses?: Uint8Array[][] | undefined;
  lockTime: number;
}

/** A transaction as the server keeps it: its bytes, ids and what its fee was. */
export interface BitcoindTx {
  txid: string;
  /** The witness txid (bitcoind's `hash`). */
  wtxid: string;
  raw: RawTransaction;
  bytes: Uint8Array;
  stripped: Uint8Array;
  /** Null for a coinbase (bitcoind shows no fee for it). */
  fee: bigint | null;
}

function txOf(bytes: Uint8Array, fee: bigint | null): BitcoindTx {
  const raw = RawTx.decode(bytes) as RawTransaction;
  const stripped = RawTx.encode({ ...raw, segwitFlag: false, witnesses: undefined });
  return { txid: display(sha256d(stripped)), wtxid: display(sha256d(bytes)), raw, bytes, stripped, fee };
}

export interface BitcoindBlock {
  hash: string;
  height: number;
  previous: string | null;
  version: number;
  merkleRoot: string;
  time: number;
  bits: number;
  nonce: number;
  header: Uint8Array;
  txs: BitcoindTx[];
  /** The total work up to and with this block. */
  chainwork: bigint;
}

/** The merkle root of these hashes (internal byte order): pairs hashed up, an odd last one paired with itself. */
function merkleRoot(hashes: Uint8Array[]): Uint8Array {
  let level = hashes;
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(sha256d(concatBytes(level[i]!, level[i + 1] ?? level[i]!)));
    level = next;
  }
  return level[0]!;
}

function headerBytes(
  version: number,
  previous: string | null,
  merkle: Uint8Array,
  time: number,
  bits: number,
  nonce: number,
): Uint8Array {
  const h = new Uint8Array(80);
  const v = new DataView(h.buffer);
  v.setInt32(0, version, true);
  if (previous) h.set(internal(previous), 4);
  h.set(merkle, 36);
  v.setUint32(68, time, true);
  v.setUint32(72, bits, true);
  v.setUint32(76, nonce, true);
  return h;
}

/** The target that `bits` (the compact form) stands for. */
function target(bits: number): bigint {
  return BigInt(bits & 0xffffff) << (8n * BigInt((bits >>> 24) - 3));
}

/** bitcoind's GetDifficulty: the genesis target (bits 1d00ffff) over this one, in floating point. */
function difficulty(bits: number): number {
  let shift = (bits >>> 24) & 0xff;
  let diff = 0xffff / (bits & 0xffffff);
  while (shift < 29) {
    diff *= 256;
    shift++;
  }
  while (shift > 29) {
    diff /= 256;
    shift--;
  }
  return diff;
}

/** BIP-34: the height pushed first in the coinbase's script (OP_1..OP_16 for 1 to 16), then OP_0, as bitcoind's miner writes it. */
function coinbaseScript(height: number): Uint8Array {
  if (height >= 1 && height <= 16) return new Uint8Array([0x50 + height, 0x00]);
  const bytes: number[] = [];
  for (let n = height; n > 0; n = Math.floor(n / 256)) bytes.push(n % 256);
  if (bytes[bytes.length - 1]! & 0x80) bytes.push(0);
  return new Uint8Array([bytes.length, ...bytes, 0x00]);
}

function compactSize(n: number): Uint8Array {
  if (n < 0xfd) return new Uint8Array([n]);
  if (n <= 0xffff) return new Uint8Array([0xfd, n & 0xff, n >> 8]);
  const b = new Uint8Array(5);
  b[0] = 0xfe;
  new DataView(b.buffer).setUint32(1, n, true);
  return b;
}

/** A test payment's output: to an address (of any network: a bc1q… one is paid as the same script) or a raw script. */
export type PayTo = { address: string; sats: bigint } | { script: Uint8Array; sats: bigint };

/** What a failing node answers instead: an HTTP status with a text body, or a JSON-RPC error for every call. */
export type Fault = { status: number; text: string } | { code: number; message: string };

export interface StartBitcoindOptions {
  /** The network the node says it serves (`getblockchaininfo`'s `chain`); default regtest. */
  chain?: BitcoindChain;
  /** Blocks mined at start (the faucet's first coinbase matures after 100); default 101, as `generatetoaddress 101` would. */
  blocks?: number;
  user?: string;
  password?: string;
}

export interface BitcoindNode {
  /** `http://user:password@127.0.0.1:<port>/`, what `BITCOIN_RPC_URL` takes. */
  rpcUrl: string;
  port: number;
  chain: BitcoindChain;
  /** The chain the node says it serves from now on (the blocks stay): a node of another network. */
  answerChain(chain: string): void;
  height(): number;
  /** The best chain's block at `height`. */
  block(height: number): BitcoindBlock;
  /** A transaction from the faucet paying these outputs (its change back to the faucet last), not in the mempool: for `reorg`. */
  transaction(outputs: PayTo[]): BitcoindTx;
  /** The same, put in the mempool: the next `mine` takes it. */
  pay(outputs: PayTo[]): BitcoindTx;
  /** Mines `n` blocks (the mempool goes into the first); `coinbaseTo` receives the first one's subsidy. */
  mine(n?: number, opts?: { coinbaseTo?: string }): BitcoindBlock[];
  /**
   * A re-org: the last `depth` blocks leave the best chain (bitcoind still serves them, with
   * confirmations −1) and `depth` new ones take their heights; `txs[i]` go into new block i. The
   * replaced blocks' other transactions are gone.
   */
  reorg(depth: number, txs?: BitcoindTx[][]): BitcoindBlock[];
  /** Stops listening: connections are refused until `up`. */
  down(): Promise<void>;
  up(): Promise<void>;
  /** Every request answers this (HTTP 200 batches carry it per call), until `fail(null)`. */
  fail(fault: Fault | null): void;
  /** Requests are read and never answered (a node that hangs), until `hang(false)`. */
  hang(on: boolean): void;
  /** Called before each call is answered (a test can change the chain between two calls). */
  beforeCall: ((method: string, params: unknown[]) => void) | null;
  /** The methods of each HTTP request served, in order (a batch is one entry). */
  requests: string[][];
  stop(): Promise<void>;
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Starts the server on a free port of 127.0.0.1, with `blocks` blocks after genesis. */
export async function startBitcoind(opts: StartBitcoindOptions = {}): Promise<BitcoindNode> {
  const chainName = opts.chain ?? 'regtest';
  const network = NETWORKS[chainName];
  const user = opts.user ?? 'scanner';
  const password =
    opts.password ?? bytesToHex(sha256(utf8ToBytes(`bitcoind test ${Date.now()} ${Math.random()}`))).slice(0, 32);
  const authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  let answeredChain: string = chainName;

  // The faucet: a P2WPKH key that receives the coinbases and pays the tests' deposits.
  const faucetKey = sha256(utf8ToBytes('bitcoind test faucet'));
  const faucet = p2wpkh(secp256k1.getPublicKey(faucetKey, true), network);
  let coin: { txid: string; index: number; amount: bigint } | null = null;

  const best: BitcoindBlock[] = [];
  const byHash = new Map<string, BitcoindBlock>();
  let mempool: BitcoindTx[] = [];
  let clock = 1_700_000_000;

  function scriptOf(to: PayTo): Uint8Array {
    if ('script' in to) return to.script;
    for (const n of [NETWORK, TEST_NETWORK, REGTEST]) {
      try {
        return OutScript.encode(Address(n).decode(to.address));
      } catch {
        // another network's address
      }
    }
    throw new Error(`not a Bitcoin address: ${to.address}`);
  }

  function addBlock(
    height: number,
    previous: BitcoindBlock | null,
    txs: BitcoindTx[],
    time: number,
    bits: number,
    version: number,
    nonce?: number,
  ) {
    const merkle = merkleRoot(txs.map((t) => internal(t.txid)));
    const t = target(bits);
    const headerWith = (n: number) => headerBytes(version, previous?.hash ?? null, merkle, time, bits, n);
    let header = headerWith(nonce ?? 0);
    // The first nonce that meets the target (regtest's lets about every second one through).
    for (let n = 1; nonce === undefined && BigInt(`0x${display(sha256d(header))}`) > t; n++) header = headerWith(n);
    const block: BitcoindBlock = {
      hash: display(sha256d(header)),
      height,
      previous: previous?.hash ?? null,
      version,
      merkleRoot: display(merkle),
      time,
      bits,
      nonce: new DataView(header.buffer).getUint32(76, true),
      header,
      txs,
      chainwork: (previous?.chainwork ?? 0n) + (1n << 256n) / (t + 1n),
    };
    byHash.set(block.hash, block);
    best[height] = block;
    best.length = height + 1;
    return block;
  }

  function mineOne(txs: BitcoindTx[], coinbaseTo?: string): BitcoindBlock {
    const previous = best.at(-1)!;
    const height = previous.height + 1;
    const subsidy = (50n * COIN) >> BigInt(Math.floor(height / HALVING[chainName]));
    const fees = txs.reduce((sum, t) => sum + (t.fee ?? 0n), 0n);
    // The segwit commitment: the witness merkle root (the coinbase's wtxid counts as zero) with the
    // coinbase's 32-byte witness reserved value, in an OP_RETURN output.
    const reserved = new Uint8Array(32);
    const witnessRoot = merkleRoot([new Uint8Array(32), ...txs.map((t) => internal(t.wtxid))]);
    const commitment = concatBytes(
      new Uint8Array([0x6a, 0x24, 0xaa, 0x21, 0xa9, 0xed]),
      sha256d(concatBytes(witnessRoot, reserved)),
    );
    const payee = coinbaseTo ? scriptOf({ address: coinbaseTo, sats: 0n }) : faucet.script;
    const coinbase = txOf(
      RawTx.encode({
        version: 2,
        segwitFlag: true,
        inputs: [
          { txid: new Uint8Array(32), index: 0xffffffff, finalScriptSig: coinbaseScript(height), sequence: 0xffffffff },
        ],
        outputs: [
          { amount: subsidy + fees, script: payee },
          { amount: 0n, script: commitment },
        ],
        witnesses: [[reserved]],
        lockTime: 0,
      }),
      null,
    );
    clock += 600;
    const block = addBlock(height, previous, [coinbase, ...txs], clock, REGTEST_BITS, BLOCK_VERSION);
    if (!coin && !coinbaseTo) coin = { txid: coinbase.txid, index: 0, amount: subsidy + fees };
    return block;
  }

  function transaction(outputs: PayTo[]): BitcoindTx {
    if (!coin) throw new Error('the faucet has nothing yet: mine a block first');
    const paid = outputs.reduce((sum, o) => sum + o.sats, 0n);
    const change = coin.amount - paid - FEE;
    if (change < 0n) throw new Error('the faucet cannot pay that much');
    const tx = new Transaction({ allowUnknownOutputs: true });
    tx.addInput({ txid: coin.txid, index: coin.index, witnessUtxo: { script: faucet.script, amount: coin.amount } });
    for (const o of outputs) tx.addOutput({ script: scriptOf(o), amount: o.sats });
    tx.addOutput({ script: faucet.script, amount: change });
    tx.sign(faucetKey);
    tx.finalize();
    const built = txOf(tx.extract(), FEE);
    coin = { txid: built.txid, index: outputs.length, amount: change };
    return built;
  }

  // Genesis, then the first blocks.
  const g = GENESIS[chainName];
  addBlock(0, null, [txOf(GENESIS_COINBASE, null)], g.time, g.bits, 1, g.nonce);
  for (let i = 0; i < (opts.blocks ?? 101); i++) mineOne([]);

  // ----- the JSON-RPC answers -----

  const inBest = (b: BitcoindBlock) => best[b.height]?.hash === b.hash;

  function headerJson(b: BitcoindBlock) {
    const tip = best.at(-1)!;
    const times: number[] = [];
    for (
      let x: BitcoindBlock | undefined = b;
      x && times.length < 11;
      x = x.previous ? byHash.get(x.previous) : undefined
    )
      times.push(x.time);
    times.sort((p, q) => p - q);
    const next = inBest(b) ? best[b.height + 1] : undefined;
    return {
      hash: b.hash,
      confirmations: inBest(b) ? tip.height - b.height + 1 : -1,
      height: b.height,
      version: b.version,
      versionHex: (b.version >>> 0).toString(16).padStart(8, '0'),
      merkleroot: b.merkleRoot,
      time: b.time,
      mediantime: times[Math.floor(times.length / 2)],
      nonce: b.nonce,
      bits: b.bits.toString(16).padStart(8, '0'),
      difficulty: g16(difficulty(b.bits)),
      chainwork: b.chainwork.toString(16).padStart(64, '0'),
      nTx: b.txs.length,
      previousblockhash: b.previous ?? undefined,
      nextblockhash: next?.hash,
    };
  }

  function txJson(t: BitcoindTx) {
    const coinbase = t.fee === null;
    const weight = t.stripped.length * 3 + t.bytes.length;
    return {
      txid: t.txid,
      hash: t.wtxid,
      version: t.raw.version,
      size: t.bytes.length,
      vsize: Math.ceil(weight / 4),
      weight,
      locktime: t.raw.lockTime,
      vin: t.raw.inputs.map((i, n) => {
        const witness = t.raw.witnesses?.[n]?.length ? t.raw.witnesses[n]!.map((w) => bytesToHex(w)) : undefined;
        return coinbase
          ? { coinbase: bytesToHex(i.finalScriptSig), txinwitness: witness, sequence: i.sequence }
          : {
              txid: display(i.txid),
              vout: i.index,
              scriptSig: { asm: asm(i.finalScriptSig), hex: bytesToHex(i.finalScriptSig) },
              txinwitness: witness,
              sequence: i.sequence,
            };
      }),
      vout: t.raw.outputs.map((o, n) => ({
        value: btc(o.amount),
        n,
        scriptPubKey: scriptPubKeyJson(o.script, network),
      })),
      fee: t.fee === null ? undefined : btc(t.fee),
      hex: bytesToHex(t.bytes),
    };
  }

  function blockBytes(b: BitcoindBlock, withWitness: boolean): Uint8Array {
    return concatBytes(b.header, compactSize(b.txs.length), ...b.txs.map((t) => (withWitness ? t.bytes : t.stripped)));
  }

  function blockParam(params: unknown[]): BitcoindBlock {
    const hash = params[0];
    if (typeof hash !== 'string') throw new RpcError(-3, 'JSON value of type null is not of expected type string');
    if (!/^[0-9a-fA-F]{64}$/.test(hash))
      throw new RpcError(-8, `blockhash must be of length 64 (not ${hash.length}, for '${hash}')`);
    const b = byHash.get(hash.toLowerCase());
    if (!b) throw new RpcError(-5, 'Block not found');
    return b;
  }

  function answer(method: string, params: unknown[]): unknown {
    switch (method) {
      case 'getblockchaininfo': {
        const tip = best.at(-1)!;
        return {
          chain: answeredChain,
          blocks: tip.height,
          headers: tip.height,
          bestblockhash: tip.hash,
          difficulty: g16(difficulty(tip.bits)),
          time: tip.time,
          mediantime: headerJson(tip).mediantime,
          verificationprogress: 1,
          initialblockdownload: false,
          chainwork: tip.chainwork.toString(16).padStart(64, '0'),
          size_on_disk: best.reduce((s, b) => s + blockBytes(b, true).length, 0),
          pruned: false,
          warnings: '',
        };
      }
      case 'getblockcount':
        return best.length - 1;
      case 'getbestblockhash':
        return best.at(-1)!.hash;
      case 'getblockhash': {
        const height = params[0];
        if (typeof height !== 'number' || !Number.isInteger(height))
          throw new RpcError(-3, `JSON value of type ${typeof height} is not of expected type number`);
        if (height < 0 || height >= best.length) throw new RpcError(-8, 'Block height out of range');
        return best[height]!.hash;
      }
      case 'getblockheader': {
        const b = blockParam(params);
        return params[1] === false ? bytesToHex(b.header) : headerJson(b);
      }
      case 'getblock': {
        const b = blockParam(params);
        const verbosity = params[1] === undefined ? 1 : params[1] === true ? 1 : params[1] === false ? 0 : params[1];
        if (verbosity === 0) return bytesToHex(blockBytes(b, true));
        const stripped = blockBytes(b, false).length;
        const size = blockBytes(b, true).length;
        return {
          ...headerJson(b),
          strippedsize: stripped,
          size,
          weight: stripped * 3 + size,
          tx: verbosity === 1 ? b.txs.map((t) => t.txid) : b.txs.map(txJson),
        };
      }
      default:
        throw new RpcError(-32601, 'Method not found');
    }
  }

  // ----- the HTTP server -----

  let fault: Fault | null = null;
  let hanging = false;
  const node: BitcoindNode = {
    rpcUrl: '',
    port: 0,
    chain: chainName,
    beforeCall: null,
    requests: [],
    answerChain(chain) {
      answeredChain = chain;
    },
    height: () => best.length - 1,
    block(height) {
      const b = best[height];
      if (!b) throw new Error(`no block ${height}`);
      return b;
    },
    transaction,
    pay(outputs) {
      const tx = transaction(outputs);
      mempool.push(tx);
      return tx;
    },
    mine(n = 1, o = {}) {
      const mined: BitcoindBlock[] = [];
      for (let i = 0; i < n; i++) {
        mined.push(mineOne(i === 0 ? mempool : [], i === 0 ? o.coinbaseTo : undefined));
        if (i === 0) mempool = [];
      }
      return mined;
    },
    reorg(depth, txs = []) {
      if (depth < 1 || depth >= best.length) throw new Error(`cannot re-org ${depth} blocks`);
      best.length -= depth;
      return Array.from({ length: depth }, (_, i) => mineOne(txs[i] ?? []));
    },
    async down() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    async up() {
      await new Promise<void>((resolve) => server.listen(node.port, '127.0.0.1', resolve));
    },
    fail(f) {
      fault = f;
    },
    hang(on) {
      hanging = on;
    },
    async stop() {
      if (!server.listening) return;
      await node.down();
    },
  };

  function callAnswer(call: unknown): { status: number; body: unknown } {
    const c = call as { id?: unknown; method?: unknown; params?: unknown };
    const id = c?.id ?? null;
    if (!c || typeof c !== 'object' || typeof c.method !== 'string') {
      return { status: 400, body: { result: null, error: { code: -32600, message: 'Method must be a string' }, id } };
    }
    const params = Array.isArray(c.params) ? c.params : [];
    try {
      if (fault && 'code' in fault) throw new RpcError(fault.code, fault.message);
      node.beforeCall?.(c.method, params);
      return { status: 200, body: { result: answer(c.method, params), error: null, id } };
    } catch (e) {
      const code = e instanceof RpcError ? e.code : -1;
      // bitcoind before JSON-RPC 2.0: a lone failed call answers 404 (no such method) or 500.
      return {
        status: code === -32601 ? 404 : 500,
        body: { result: null, error: { code, message: e instanceof Error ? e.message : String(e) }, id },
      };
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (hanging) return;
      if (req.headers.authorization !== authorization) {
        // bitcoind waits 250 ms before refusing a wrong password (against guessing).
        setTimeout(() => {
          res.writeHead(401, { 'www-authenticate': 'Basic realm="jsonrpc"' });
          res.end();
        }, 250);
        return;
      }
      if (req.method !== 'POST') {
        res.writeHead(405);
        res.end('JSONRPC server handles only POST requests');
        return;
      }
      if (fault && 'status' in fault) {
        res.writeHead(fault.status, { 'content-type': 'text/html' });
        res.end(fault.text);
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(`${writeJson({ result: null, error: { code: -32700, message: 'Parse error' }, id: null })}\n`);
        return;
      }
      const calls = Array.isArray(body) ? body : [body];
      node.requests.push(calls.map((c) => String((c as { method?: unknown })?.method)));
      const answers = calls.map(callAnswer);
      res.writeHead(Array.isArray(body) ? 200 : answers[0]!.status, { 'content-type': 'application/json' });
      res.end(`${writeJson(Array.isArray(body) ? answers.map((a) => a.body) : answers[0]!.body)}\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  node.port = (server.address() as AddressInfo).port;
  node.rpcUrl = `http://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${node.port}/`;
  return node;
}
