/** A local chain for the journeys that deposit or withdraw on one: `npm run chain:dev` (anvil with a test USDT). */
import { spawn } from 'node:child_process';
import { ROOT, sleep } from './config';
import { freePort } from './server';

/** A running local chain: startDevChain's answer. */
export interface DevChain {
  rpcUrl: string;
  /** The test USDT's contract address. */
  token: string;
  usdtOf: (address: string) => Promise<bigint>;
  mine: (n: number) => Promise<unknown>;
  stop: () => Promise<void>;
}

const TOKEN_LINE = /Test USDT \(6 decimals\): (0x[0-9a-fA-F]{40})/;

/**
 * Starts `chain:dev` on a free port, mining only when asked, and waits (up to 60 s) for the test
 * USDT's address. Answers its RPC URL, that address (`token`), the test USDT held by an address
 * (`usdtOf`, in base units), `mine(n)` blocks, and a stop.
 */
export async function startDevChain(): Promise<DevChain> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/scripts/chain-dev.ts', '--port', String(port), '--block-time', '0'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (b: Buffer) => {
    out += b;
  });
  child.stderr.on('data', (b: Buffer) => {
    out += b;
  });
  const deadline = Date.now() + 60_000;
  while (!TOKEN_LINE.test(out)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`chain:dev did not start:\n${out}`);
    await sleep(100);
  }
  const rpcUrl = `http://127.0.0.1:${port}`;
  const token = TOKEN_LINE.exec(out)?.[1];
  if (!token) throw new Error(`chain:dev printed no token address:\n${out}`);
  const rpc = async <T = unknown>(method: string, params: unknown[] = []): Promise<T> => {
    const json = (await (
      await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
    ).json()) as { result: T; error?: { message: string } };
    if (json.error) throw new Error(`${method}: ${json.error.message}`);
    return json.result;
  };
  const usdtOf = async (address: string) =>
    BigInt(
      await rpc<string>('eth_call', [
        { to: token, data: `0x70a08231${address.slice(2).toLowerCase().padStart(64, '0')}` },
        'latest',
      ]),
    );
  const mine = (n: number) => rpc('anvil_mine', [`0x${n.toString(16)}`]);
  const stop = async () => {
    if (child.exitCode !== null) return;
    const ended = new Promise((r) => child.once('exit', r));
    child.kill('SIGINT');
    await ended;
  };
  return { rpcUrl, token, usdtOf, mine, stop };
}

/** `npm run chain:send`: `amount` test USDT to `to` from a dev account, mined in one block. */
export async function sendUsdt(chain: Pick<DevChain, 'rpcUrl' | 'token'>, to: string, amount: string): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/scripts/chain-send.ts',
      '--rpc',
      chain.rpcUrl,
      '--token',
      chain.token,
      '--to',
      to,
      '--amount',
      amount,
      '--coin',
      'usdt',
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (b: Buffer) => {
    out += b;
  });
  child.stderr.on('data', (b: Buffer) => {
    out += b;
  });
  const code = await new Promise((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`chain:send failed: ${out}`);
}
