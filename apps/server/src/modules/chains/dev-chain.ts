/**
 * The development chain (docs/deposits.md "The development chain", docs/decisions/0138-development-chain.md):
 * what `npm start` runs on the embedded default so that deposits and withdrawals work on one
 * machine with test coins. A local anvil (anvil.ts) on 127.0.0.1, its state kept in the data folder
 * beside the embedded database (`<data>/dev-chain/state.json`, written every few seconds and when
 * it stops), the test USDT deployed once at a fixed address, the hot wallet funded (and topped up
 * at each start). anvil mines a block for each transaction as it comes; `follow` then mines one
 * block a second until the newest transaction has the confirmations deposits and withdrawals wait
 * for, so the chain grows only while something waits and a deposit is credited in seconds.
 *
 * Test coins, never real money: the config (config/dev-chain.ts) never lets it start beside a
 * production setting, and every answer about its routes says so (`devChain: true`).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { getAddress, type Address, type Hash, type Hex } from 'viem';
import { DEV_CHAIN_ID, DEV_CHAIN_USDT } from '../../config';
import { SERVER_DIR } from '../../server-dir';
import { DEV_ACCOUNTS, TOKEN_OWNER, startAnvil, type AnvilNode } from './anvil';

/**
 * Where a running development chain leaves its address and token for `npm run chain:send` (the file
 * `npm run chain:dev` writes too): the repository's .tmp folder.
 */
export const CHAIN_DEV_FILE = path.join(SERVER_DIR, '../../.tmp/chain-dev.json');

export interface ChainDevInfo {
  rpcUrl: string;
  chainId: number;
  usdt: `0x${string}`;
  pid: number;
}

/** The folder of the chain's files inside the data folder. */
export const DEV_CHAIN_DIR = 'dev-chain';
/** anvil's state (blocks, transactions, accounts): loaded at start, written every STATE_INTERVAL_SECONDS and on exit. */
const STATE_FILE = 'state.json';
/**
 * What this data folder's chain is: the hash of its first block (the token's deployment; not the
 * genesis block's, which anvil makes anew at each start) and its token, written once it was set up.
 */
const RECORD_FILE = 'chain.json';
/** The running anvil's pid, to end one a killed server left behind. */
const PID_FILE = 'anvil.pid';
const STATE_INTERVAL_SECONDS = 5;

/** The dev account test coins are sent from (anvil's second; the first owns the token). */
export const FAUCET_ACCOUNT = DEV_ACCOUNTS[1]!;
/** What the hot wallet holds at least after each start: ETH for gas and payouts, USDT to pay out. */
export const HOT_WALLET_ETH = 100n * 10n ** 18n;
export const HOT_WALLET_USDT = 1_000_000n * 10n ** 6n;
/** The faucet account's ETH is raised back to this at each start (anvil_setBalance). */
const FAUCET_ETH = 10_000n * 10n ** 18n;

/** The coins the development chain sends: its own ETH and the test USDT. */
export type DevChainCoin = 'ETH' | 'USDT';

interface ChainRecord {
  firstBlockHash: string;
  usdt: Address;
  createdAt: string;
}

export interface DevChainLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface DevChainOptions {
  /** The server's data folder: the chain's files go into `<dataDir>/dev-chain/`. */
  dataDir: string;
  /** The port asked for; a busy one gives way to a free port. */
  port: number;
  /** Blocks mined after a block with transactions (one a second): the most confirmations a route waits for. */
  confirmations: number;
  /** Addresses funded with HOT_WALLET_ETH and HOT_WALLET_USDT (the withdrawal hot wallet). */
  fund: readonly Address[];
  log: DevChainLog;
  /** Default CHAIN_DEV_FILE; tests give their own. */
  infoFile?: string;
  /** The pause between two looks at the chain (ms, default 1000). */
  followMs?: number;
}

export interface DevChain {
  rpcUrl: string;
  chainId: number;
  usdt: Address;
  /** anvil's process id. */
  pid: number;
  /** The chain was made now (no state kept from an earlier start). */
  fresh: boolean;
  /** Test coins from the faucet account to `to` (base units), mined; throws when the node refuses. */
  send(coin: DevChainCoin, to: Address, amount: bigint): Promise<{ txHash: Hash; blockNumber: number }>;
  /** Mines the confirmation blocks now (what the timer does once a second); tests call it. */
  follow(): Promise<void>;
  /** Stops the chain: anvil writes its state and ends; the info file goes. */
  stop(): Promise<void>;
}

/** The development chain cannot start as the data folder stands; the message says what to do. */
export class DevChainError extends Error {}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether `pid` is an anvil (a pid file may name a process that has since been reused). */
function isAnvil(pid: number): boolean {
  try {
    return /anvil/.test(execFileSync('ps', ['-o', 'comm=', '-p', String(pid)], { encoding: 'utf8' }));
  } catch {
    return false;
  }
}

/**
 * An anvil left running by a server that was killed before its guard ended it: ended now, before a
 * new one loads the state it may still be writing.
 */
async function endLeftover(pidFile: string, log: DevChainLog): Promise<void> {
  const pid = Number(readJson<number>(pidFile));
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid) || !isAnvil(pid)) return;
  log.warn({ pid }, 'development chain: ending the anvil an earlier server left running');
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** Starts the development chain on the data folder (sets it up on the first start); see the file's comment. */
export async function startDevChain(opts: DevChainOptions): Promise<DevChain> {
  const dir = path.join(opts.dataDir, DEV_CHAIN_DIR);
  fs.mkdirSync(dir, { recursive: true });
  const stateFile = path.join(dir, STATE_FILE);
  const recordFile = path.join(dir, RECORD_FILE);
  const pidFile = path.join(dir, PID_FILE);
  const infoFile = opts.infoFile ?? CHAIN_DEV_FILE;
  await endLeftover(pidFile, opts.log);

  const record = readJson<ChainRecord>(recordFile);
  if (record && !fs.existsSync(stateFile))
    throw new DevChainError(
      `the development chain's state (${stateFile}) is missing, but this data folder has used one (${recordFile}): ` +
        'its deposits and withdrawals would not match a new chain. Put the file back, delete the data folder to start afresh, or set DEV_CHAIN=false.',
    );

  const port = (await portFree(opts.port)) ? opts.port : 0;
  const node = await startAnvil({
    port,
    chainId: DEV_CHAIN_ID,
    mining: 'auto',
    stateFile,
    stateIntervalSeconds: STATE_INTERVAL_SECONDS,
  });
  fs.writeFileSync(pidFile, `${node.pid}\n`);
  if (port !== opts.port)
    opts.log.warn({ asked: opts.port, port: node.port }, 'development chain: the port was taken, a free one is used');

  let usdt: Address;
  let fresh = false;
  try {
    const firstBlock = async () =>
      (await node.rpc<{ hash: string } | null>('eth_getBlockByNumber', ['0x1', false]))?.hash ?? null;
    if (record) {
      if ((await firstBlock()) !== record.firstBlockHash)
        throw new DevChainError(
          `the development chain's state (${stateFile}) is of another chain than this data folder's (${recordFile}). ` +
            'Put the right file back, delete the data folder to start afresh, or set DEV_CHAIN=false.',
        );
      usdt = getAddress(record.usdt);
    } else {
      ({ usdt, deployed: fresh } = await setUp(node));
      const created: ChainRecord = { firstBlockHash: (await firstBlock())!, usdt, createdAt: new Date().toISOString() };
      fs.writeFileSync(recordFile, `${JSON.stringify(created, null, 2)}\n`);
    }
    if ((await node.rpc<Hex>('eth_getCode', [usdt, 'latest'])) === '0x')
      throw new DevChainError(`the development chain has no token at ${usdt}; delete the data folder to start afresh`);
    await topUp(node, usdt, opts.fund);
  } catch (e) {
    await node.stop();
    fs.rmSync(pidFile, { force: true });
    throw e;
  }

  const info: ChainDevInfo = { rpcUrl: node.rpcUrl, chainId: node.chainId, usdt, pid: node.pid };
  fs.mkdirSync(path.dirname(infoFile), { recursive: true });
  fs.writeFileSync(infoFile, `${JSON.stringify(info, null, 2)}\n`);

  // Confirmation blocks: one a second after the newest block with transactions, until it has them.
  let seen = Math.max(0, (await node.head()) - opts.confirmations);
  let lastTxBlock = -1;
  let following: Promise<void> | null = null;
  const followOnce = async () => {
    const head = await node.head();
    for (let n = seen + 1; n <= head; n++) {
      const count = Number(await node.rpc<Hex>('eth_getBlockTransactionCountByNumber', [`0x${n.toString(16)}`]));
      if (count > 0) lastTxBlock = n;
    }
    seen = head;
    // The transaction's own block is its first confirmation.
    if (lastTxBlock >= 0 && head < lastTxBlock + opts.confirmations - 1) {
      await node.mine(1);
      seen = head + 1;
    }
  };
  const follow = () => {
    following ??= followOnce().finally(() => {
      following = null;
    });
    return following;
  };
  const timer = setInterval(() => {
    follow().catch((err: unknown) =>
      opts.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'development chain: mining failed'),
    );
  }, opts.followMs ?? 1000);
  timer.unref();

  let stopped: Promise<void> | null = null;
  return {
    rpcUrl: node.rpcUrl,
    chainId: node.chainId,
    usdt,
    pid: node.pid,
    fresh,
    async send(coin, to, amount) {
      const txHash =
        coin === 'ETH'
          ? await node.sendEth(to, amount, FAUCET_ACCOUNT)
          : await node.sendUsdt(usdt, to, amount, FAUCET_ACCOUNT);
      // Mined as it arrives (automine); a moment's wait covers a node that is busy writing its state.
      for (let i = 0; i < 50; i++) {
        const receipt = await node.receipt(txHash);
        if (receipt) {
          if (receipt.status !== '0x1') throw new Error(`the test ${coin} transfer ${txHash} reverted`);
          return { txHash, blockNumber: Number(receipt.blockNumber) };
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`the test ${coin} transfer ${txHash} was not mined`);
    },
    follow,
    stop() {
      stopped ??= (async () => {
        clearInterval(timer);
        await following?.catch(() => undefined);
        await node.stop();
        fs.rmSync(pidFile, { force: true });
        if (readJson<ChainDevInfo>(infoFile)?.pid === node.pid) fs.rmSync(infoFile, { force: true });
      })();
      return stopped;
    },
  };
}

/**
 * A new chain's first blocks: the test USDT from TOKEN_OWNER's first transaction (so at
 * DEV_CHAIN_USDT), each other dev account given USDT to send. A chain whose state already holds
 * the token (its record file was lost) keeps it.
 */
async function setUp(node: AnvilNode): Promise<{ usdt: Address; deployed: boolean }> {
  if ((await node.rpc<Hex>('eth_getCode', [DEV_CHAIN_USDT, 'latest'])) !== '0x')
    return { usdt: getAddress(DEV_CHAIN_USDT), deployed: false };
  const nonce = Number(await node.rpc<Hex>('eth_getTransactionCount', [TOKEN_OWNER, 'latest']));
  if (nonce !== 0) throw new DevChainError('the development chain was used before its token was deployed');
  const token = getAddress(await node.deployTestUsdt());
  if (token !== getAddress(DEV_CHAIN_USDT))
    throw new DevChainError(`the test USDT was deployed at ${token}, not at ${DEV_CHAIN_USDT}`);
  return { usdt: token, deployed: true };
}

/** The hot wallet holds at least HOT_WALLET_ETH and HOT_WALLET_USDT; the faucet account its ETH. */
async function topUp(node: AnvilNode, usdt: Address, fund: readonly Address[]): Promise<void> {
  await node.rpc('anvil_setBalance', [FAUCET_ACCOUNT, `0x${FAUCET_ETH.toString(16)}`]);
  for (const address of fund) {
    const eth = await node.ethBalance(address);
    if (eth < HOT_WALLET_ETH)
      await node.sendAndMine({ from: DEV_ACCOUNTS[9]!, to: address, value: HOT_WALLET_ETH - eth });
    const tokens = await node.usdtBalance(usdt, address);
    if (tokens < HOT_WALLET_USDT) {
      const hash = await node.mintUsdt(usdt, [{ to: address, amount: HOT_WALLET_USDT - tokens }]);
      if (!(await node.receipt(hash))) await node.mine(1);
    }
  }
}
