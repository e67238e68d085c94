/**
 * A real local Ethereum chain: anvil, whose binary ships inside the npm package
 * @foundry-rs/anvil-<platform> (nothing is downloaded at run time). The server's development chain
 * (dev-chain.ts), `npm run chain:dev` and the tests (test/anvil.ts) start it with `startAnvil`;
 * `connectAnvil` gives the helpers over a running one: send from anvil's funded dev accounts
 * (unlocked on the node, so `eth_sendTransaction` signs), deploy the test USDT, mine,
 * snapshot/revert, re-org (`anvil_reorg`), roll back.
 *
 * anvil runs under a small shell guard: it ends anvil (SIGTERM, so a chain with a state file writes
 * it) when the process that started it is gone, even killed with SIGKILL, whose end closes the
 * guard's standard input. The guard and anvil have a process group of their own, so a Ctrl-C in
 * the terminal reaches the server alone, which stops the chain after everything that uses it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { encodeFunctionData, parseAbi, type Address, type Hash, type Hex } from 'viem';
import { DEV_CHAIN_ID } from '../../config';
import testUsdt from './test-usdt/TestUSDT.json' with { type: 'json' };

/** The chain id of every local node (anvil's usual one); the scanner is configured with it. */
export const ANVIL_CHAIN_ID = DEV_CHAIN_ID;

/** anvil's default dev accounts (its default mnemonic), each funded with 10,000 ETH. */
export const DEV_ACCOUNTS: readonly Address[] = [
  '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
  '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
  '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65',
  '0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc',
  '0x976ea74026e726554db657fa54763abd0c3a0aa9',
  '0x14dc79964da2c08b23698b3d3cc7ca32193d9955',
  '0x23618e81e3f5cdf7f54c3d65f7fbc0abf5b21e8f',
  '0xa0ee7a142d267c1f36714e4a8f75612f20a79720',
];

/** The token's deployer and owner (mints); the other dev accounts are the senders of test deposits. */
export const TOKEN_OWNER = DEV_ACCOUNTS[0]!;
/** The USDT each dev account but the owner holds right after `deployTestUsdt` (base units, 6 decimals). */
export const DEV_USDT_BALANCE = 1_000_000_000n * 10n ** 6n;

export const TEST_USDT_ABI = parseAbi([
  'function transfer(address to, uint256 value)',
  'function transferFrom(address from, address to, uint256 value)',
  'function approve(address spender, uint256 value)',
  'function mint(address to, uint256 value)',
  'function mintMany(address[] to, uint256[] values)',
  'function balanceOf(address) view returns (uint256)',
  'function decimals() view returns (uint8)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);

/** The test USDT's creation bytecode (test-usdt/TestUSDT.json, compiled from TestUSDT.sol beside it by `npm run chain:compile`). */
export const TEST_USDT_BYTECODE = testUsdt.bytecode as Hex;

const PLATFORM_PACKAGES: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
};

/**
 * The anvil binary inside node_modules (the platform package @foundry-rs/anvil depends on), found
 * from this file's place: the sources under apps/server/src and the bundle apps/server/dist/main.mjs
 * resolve the same node_modules.
 */
export function anvilBinary(): string {
  const pkg = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
  if (!pkg) throw new Error(`no anvil package for ${process.platform}-${process.arch}`);
  const require = createRequire(import.meta.url);
  let manifest: string;
  try {
    manifest = require.resolve(`${pkg}/package.json`);
  } catch {
    throw new Error(
      `${pkg} is not installed: run npm ci (with the dev dependencies; it is an optional dependency of @foundry-rs/anvil)`,
    );
  }
  const bin = path.join(path.dirname(manifest), 'bin', 'anvil');
  if (!fs.existsSync(bin)) throw new Error(`${bin} is missing`);
  return bin;
}

/** How blocks are made: only when asked (`mine`), one per transaction as it arrives, or every N seconds. */
export type Mining = 'manual' | 'auto' | { blockTime: number };

export interface StartAnvilOptions {
  chainId?: number;
  /** A fixed port; default a free one chosen by the system. */
  port?: number;
  host?: string;
  /** Default manual (tests mine when they say so). */
  mining?: Mining;
  /** Load the chain from this file if it exists, write it there on exit and every `stateIntervalSeconds`. */
  stateFile?: string;
  stateIntervalSeconds?: number;
}

export interface RpcError extends Error {
  code?: number;
}

export interface Receipt {
  status: Hex;
  blockNumber: Hex;
  blockHash: Hash;
  contractAddress: Address | null;
  logs: { address: Address; topics: Hex[]; data: Hex; logIndex: Hex; transactionHash: Hash; blockHash: Hash }[];
}

/** The helpers over a running anvil. */
export interface AnvilChain {
  rpcUrl: string;
  chainId: number;
  /** One JSON-RPC call; a node error is thrown with its code. */
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  head(): Promise<number>;
  /** Mines `n` blocks (with whatever is in the pool in the first). */
  mine(n?: number): Promise<void>;
  snapshot(): Promise<Hex>;
  revert(id: Hex): Promise<boolean>;
  /**
   * anvil_reorg: the last `depth` blocks are replaced by `depth` new ones (the height stays), and
   * the transactions they held are gone (not put back in the pool). `txs` go into the new blocks:
   * `block` 0 is the first new block (head − depth + 1), up to depth − 1; a sender's nonces are
   * counted from the common ancestor.
   */
  reorg(depth: number, txs?: { tx: TxRequest; block: number }[]): Promise<void>;
  /** anvil_rollback: the last `depth` blocks are removed (the height drops by `depth`). */
  rollback(depth: number): Promise<void>;
  /** Sends a transaction from an unlocked dev account (mined only as the chain's mining says). */
  send(tx: TxRequest): Promise<Hash>;
  /** Sends and mines one block; the receipt (throws if it reverted). */
  sendAndMine(tx: TxRequest): Promise<Receipt>;
  receipt(hash: Hash): Promise<Receipt | null>;
  /** Deploys TestUSDT from TOKEN_OWNER and gives every other dev account DEV_USDT_BALANCE (mines 2 blocks). */
  deployTestUsdt(): Promise<Address>;
  /** A native ETH transfer (wei) from a dev account (default DEV_ACCOUNTS[1]); not mined. */
  sendEth(to: Address, wei: bigint, from?: Address): Promise<Hash>;
  /** A USDT `transfer` (base units) from a dev account (default DEV_ACCOUNTS[1]); not mined. */
  sendUsdt(token: Address, to: Address, amount: bigint, from?: Address): Promise<Hash>;
  /** Mines by the owner: one transaction, one Transfer log per recipient (in order); not mined. */
  mintUsdt(token: Address, credits: { to: Address; amount: bigint }[]): Promise<Hash>;
  usdtBalance(token: Address, of: Address): Promise<bigint>;
  ethBalance(of: Address): Promise<bigint>;
}

/** An anvil this process started. */
export interface AnvilNode extends AnvilChain {
  port: number;
  /** anvil's own process id. */
  pid: number;
  /** Resolves when anvil has ended (stopped, killed or crashed). */
  exited: Promise<void>;
  /** Ends anvil with SIGTERM (it writes its state file, if any), SIGKILL after `graceMs` (default 10 s); idempotent. */
  stop(graceMs?: number): Promise<void>;
}

export interface TxRequest {
  from: Address;
  to?: Address;
  value?: bigint;
  data?: Hex;
  gas?: bigint;
}

const hex = (n: bigint | number) => `0x${n.toString(16)}` as Hex;

function txJson(tx: TxRequest): Record<string, string> {
  const out: Record<string, string> = { from: tx.from };
  if (tx.to) out.to = tx.to;
  if (tx.value !== undefined) out.value = hex(tx.value);
  if (tx.data) out.data = tx.data;
  // A fixed gas limit skips estimation, which a pool of not-yet-mined transactions can mislead.
  out.gas = hex(tx.gas ?? (tx.data ? 3_000_000n : 21_000n));
  return out;
}

/**
 * The guard anvil runs under (`sh -c GUARD anvil-guard <binary> <args…>`): anvil gets no standard
 * input and the guard prints its pid; a watcher reads the guard's standard input until it closes,
 * which happens when the process that started the guard ends, however it ends (even SIGKILL), and
 * then ends anvil with SIGTERM. The guard waits for anvil (so no zombie is left), ends the watcher
 * and exits with anvil's status.
 */
const GUARD = [
  'exec 3<&0 </dev/null',
  '"$@" 3<&- &',
  'pid=$!',
  'echo "anvil pid $pid"',
  'exec >/dev/null 2>&1',
  '(while read -r _ <&3; do :; done; kill -TERM "$pid") &',
  'watcher=$!',
  'exec 3<&-',
  'wait "$pid"',
  'code=$?',
  'kill "$watcher"',
  'exit "$code"',
].join('\n');

interface Started {
  child: ChildProcess;
  pid: number;
}
const running = new Set<Started>();
let exitHookInstalled = false;
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // A process that ends without stopping its nodes (a test's crash, a timeout) still takes them
  // along at once; the guard would do it too, a moment later.
  process.on('exit', () => {
    for (const s of running) killQuietly(s.pid, 'SIGTERM');
  });
}

/** Starts anvil (under its guard) and waits until it answers JSON-RPC. */
export async function startAnvil(opts: StartAnvilOptions = {}): Promise<AnvilNode> {
  const chainId = opts.chainId ?? ANVIL_CHAIN_ID;
  const host = opts.host ?? '127.0.0.1';
  const args = [
    '--host',
    host,
    '--port',
    String(opts.port ?? 0),
    '--chain-id',
    String(chainId),
    '--accounts',
    String(DEV_ACCOUNTS.length),
  ];
  const mining = opts.mining ?? 'manual';
  if (mining === 'manual') args.push('--no-mining');
  else if (mining !== 'auto') args.push('--block-time', String(mining.blockTime));
  if (opts.stateFile) {
    args.push('--state', opts.stateFile);
    if (opts.stateIntervalSeconds) args.push('--state-interval', String(opts.stateIntervalSeconds));
  }
  installExitHook();
  const child = spawn('/bin/sh', ['-c', GUARD, 'anvil-guard', anvilBinary(), ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  // The guard's standard input stays open as long as this process lives: never written, never ended.
  child.stdin!.on('error', () => undefined);
  // The guard ends right after anvil (it waits for it).
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  // The guard prints `anvil pid <n>`; anvil prints `Listening on <host>:<port>` once it serves
  // (with --port 0 that is how we learn the port).
  let output = '';
  const { pid, port } = await new Promise<{ pid: number; port: number }>((resolve, reject) => {
    const timer = setTimeout(() => {
      killQuietly(child.pid, 'SIGKILL', true);
      reject(new Error(`anvil did not start in 20 s:\n${output}`));
    }, 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const p = /anvil pid (\d+)/.exec(output);
      const m = /Listening on [^\s:]+:(\d+)/.exec(output);
      if (p && m) {
        clearTimeout(timer);
        resolve({ pid: Number(p[1]), port: Number(m[1]) });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`anvil ended before it listened:\n${output}`));
    });
  });
  // From here on its log (one line per call) is read and dropped, so its pipe never fills.
  child.stdout!.removeAllListeners('data');
  child.stderr!.removeAllListeners('data');
  child.stdout!.resume();
  child.stderr!.resume();
  const started: Started = { child, pid };
  running.add(started);
  void exited.then(() => running.delete(started));

  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  const stop = async (graceMs = 10_000) => {
    if (ended) return;
    killQuietly(pid, 'SIGTERM');
    const killer = setTimeout(() => killQuietly(child.pid, 'SIGKILL', true), graceMs);
    await exited;
    clearTimeout(killer);
  };
  try {
    const chain = await connectAnvil(`http://${host}:${port}`, chainId);
    return { ...chain, port, pid, exited, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** A signal to a process, or to its whole group (`group`: the guard leads one); nothing if it is gone. */
function killQuietly(pid: number | undefined, signal: NodeJS.Signals, group = false): void {
  if (pid === undefined) return;
  try {
    process.kill(group ? -pid : pid, signal);
  } catch {
    // already gone
  }
}

/**
 * The helpers over a running anvil at `rpcUrl` (started by `startAnvil`, by the server's development
 * chain or by `npm run chain:dev`); waits until it answers with `chainId`.
 */
export async function connectAnvil(rpcUrl: string, chainId = ANVIL_CHAIN_ID): Promise<AnvilChain> {
  let nextId = 1;
  const rpc = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
    });
    const body = (await res.json()) as { result?: T; error?: { code: number; message: string } };
    if (body.error) {
      const err: RpcError = new Error(`${method}: ${body.error.message}`);
      err.code = body.error.code;
      throw err;
    }
    return body.result as T;
  };

  for (let i = 0; ; i++) {
    try {
      if (Number(await rpc<Hex>('eth_chainId')) !== chainId) throw new Error('anvil answered with another chain id');
      break;
    } catch (e) {
      if (i >= 100) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const send = (tx: TxRequest) => rpc<Hash>('eth_sendTransaction', [txJson(tx)]);
  const mine = async (n = 1) => {
    await rpc('anvil_mine', [hex(n)]);
  };
  const receipt = (hash: Hash) => rpc<Receipt | null>('eth_getTransactionReceipt', [hash]);
  const sendAndMine = async (tx: TxRequest) => {
    const hash = await send(tx);
    // On a chain that mines each transaction as it comes, it is mined already.
    if (!(await receipt(hash))) await mine(1);
    const r = await receipt(hash);
    if (!r) throw new Error(`${hash} was not mined`);
    if (r.status !== '0x1') throw new Error(`${hash} reverted`);
    return r;
  };

  return {
    rpcUrl,
    chainId,
    rpc,
    head: async () => Number(await rpc<Hex>('eth_blockNumber')),
    mine,
    snapshot: () => rpc<Hex>('evm_snapshot'),
    revert: (id) => rpc<boolean>('evm_revert', [id]),
    async reorg(depth, txs = []) {
      await rpc('anvil_reorg', [depth, txs.map((t) => [txJson(t.tx), t.block])]);
    },
    async rollback(depth) {
      await rpc('anvil_rollback', [depth]);
    },
    send,
    sendAndMine,
    receipt,
    async deployTestUsdt() {
      const deployed = await sendAndMine({ from: TOKEN_OWNER, data: TEST_USDT_BYTECODE });
      const token = deployed.contractAddress;
      if (!token) throw new Error('no contract address');
      const holders = DEV_ACCOUNTS.filter((a) => a !== TOKEN_OWNER);
      await sendAndMine({
        from: TOKEN_OWNER,
        to: token,
        data: encodeFunctionData({
          abi: TEST_USDT_ABI,
          functionName: 'mintMany',
          args: [holders, holders.map(() => DEV_USDT_BALANCE)],
        }),
      });
      return token;
    },
    sendEth: (to, wei, from = DEV_ACCOUNTS[1]!) => send({ from, to, value: wei }),
    sendUsdt: (token, to, amount, from = DEV_ACCOUNTS[1]!) =>
      send({
        from,
        to: token,
        data: encodeFunctionData({ abi: TEST_USDT_ABI, functionName: 'transfer', args: [to, amount] }),
        gas: 100_000n,
      }),
    mintUsdt: (token, credits) =>
      send({
        from: TOKEN_OWNER,
        to: token,
        data: encodeFunctionData({
          abi: TEST_USDT_ABI,
          functionName: 'mintMany',
          args: [credits.map((c) => c.to), credits.map((c) => c.amount)],
        }),
        gas: 60_000n + 40_000n * BigInt(credits.length),
      }),
    async usdtBalance(token, of) {
      const data = encodeFunctionData({ abi: TEST_USDT_ABI, functionName: 'balanceOf', args: [of] });
      return BigInt(await rpc<Hex>('eth_call', [{ to: token, data }, 'latest']));
    },
    ethBalance: async (of) => BigInt(await rpc<Hex>('eth_getBalance', [of, 'latest'])),
  };
}
