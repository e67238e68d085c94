import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startBundle } from '../test/bundle-process';

/**
 * The development chain as `npm start` runs it (docs/deposits.md "The development chain"): the
 * prebuilt bundle on the embedded default starts anvil (the binary and the token's artifact found
 * from dist/main.mjs), says so in its log, stops it when stopped, keeps its chain across a restart,
 * and takes it along when killed.
 */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The server as npm start runs it, with its development chain on a port of its own. */
async function start(dataDir: string) {
  // Another chain port than a developer's running npm start would hold; it falls back to a free one anyway.
  return startBundle(dataDir, await freePort(), {
    MARKET_BACKFILL_DAYS: '1',
    DEV_CHAIN_PORT: String(await freePort()),
  });
}

/** anvil's pid (the pid file the chain writes) and its JSON-RPC URL (the server's log line). */
function chainOf(dataDir: string, output: string): { pid: number; rpcUrl: string } {
  const pid = Number(fs.readFileSync(path.join(dataDir, 'dev-chain', 'anvil.pid'), 'utf8'));
  const rpcUrl = /"rpcUrl":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(output)?.[1];
  if (!rpcUrl) throw new Error(`no development chain in the log:\n${output}`);
  return { pid, rpcUrl };
}

async function firstBlockHash(rpcUrl: string): Promise<string> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: ['0x1', false] }),
  });
  return ((await res.json()) as { result: { hash: string } }).result.hash;
}

describe('npm start on the embedded default and its development chain', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'main-dev-chain-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts anvil, says it is a development chain, stops it on SIGTERM; after a restart the same chain; SIGKILL takes it along', async () => {
    const first = await start(dataDir);
    children.push(first.child);
    await until('the chain', () => /DEVELOPMENT CHAIN/.test(first.output()), 90_000);
    expect(first.output()).toMatch(/TEST coins, not real money/);
    const chain = chainOf(dataDir, first.output());
    expect(alive(chain.pid)).toBe(true);
    const hash = await firstBlockHash(chain.rpcUrl);
    await until('ready', async () => /Development chain \(TEST coins, not real money\)/.test(first.output()), 90_000);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(alive(chain.pid)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'dev-chain', 'state.json'))).toBe(true);

    const second = await start(dataDir);
    children.push(second.child);
    await until('the chain again', () => /DEVELOPMENT CHAIN/.test(second.output()), 90_000);
    const again = chainOf(dataDir, second.output());
    expect(again.pid).not.toBe(chain.pid);
    expect(await firstBlockHash(again.rpcUrl)).toBe(hash);

    // Killed outright: its guard ends anvil within moments.
    second.child.kill('SIGKILL');
    await second.exited;
    await until('anvil gone after its server was killed', () => !alive(again.pid), 10_000);
  }, 240_000);
});
