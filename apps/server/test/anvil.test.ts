import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEventLog, type Address } from 'viem';
import {
  DEV_ACCOUNTS,
  DEV_USDT_BALANCE,
  TEST_USDT_ABI,
  anvilBinary,
  processAlive,
  startAnvil,
  type AnvilNode,
} from './anvil';

describe('the anvil test harness', () => {
  let node: AnvilNode;
  let token: Address;
  const alice = '0x00000000000000000000000000000000000a11ce' as Address;

  beforeAll(async () => {
    node = await startAnvil();
    token = await node.deployTestUsdt();
  });
  afterAll(async () => {
    await node?.stop();
  });

  it('runs the binary from node_modules with manual mining and a fixed chain id', async () => {
    expect(node.chainId).toBe(31337);
    // The binary of the npm package (nothing downloaded): node_modules/@foundry-rs/anvil-<platform>/bin/anvil.
    expect(anvilBinary()).toMatch(/node_modules\/@foundry-rs\/anvil-[a-z0-9]+-[a-z0-9]+\/bin\/anvil$/);
    if (process.platform === 'linux')
      expect(fs.readlinkSync(`/proc/${node.pid}/exe`)).toBe(fs.realpathSync(anvilBinary()));
    const head = await node.head();
    await node.sendEth(alice, 1n);
    expect(await node.head()).toBe(head); // nothing is mined by itself
    await node.mine(3);
    expect(await node.head()).toBe(head + 3);
  });

  it('deploys the token, funds the dev accounts, and a transfer emits a standard Transfer log', async () => {
    expect(await node.usdtBalance(token, DEV_ACCOUNTS[2]!)).toBe(DEV_USDT_BALANCE);
    const hash = await node.sendUsdt(token, alice, 25_000_000n, DEV_ACCOUNTS[2]);
    await node.mine();
    const receipt = (await node.receipt(hash))!;
    expect(receipt.status).toBe('0x1');
    expect(receipt.logs).toHaveLength(1);
    const log = receipt.logs[0]!;
    expect(log.address).toBe(token);
    const ev = decodeEventLog({
      abi: TEST_USDT_ABI,
      data: log.data,
      topics: log.topics as [`0x${string}`, ...`0x${string}`[]],
    });
    expect(ev.eventName).toBe('Transfer');
    expect(ev.args).toEqual({
      from: expect.stringMatching(/^0x3c44cdd/i),
      to: expect.stringMatching(/^0x0+a11ce$/i),
      value: 25_000_000n,
    });
    expect(await node.usdtBalance(token, alice)).toBe(25_000_000n);
  });

  it('transfer returns no value, as the real USDT', async () => {
    const { encodeFunctionData } = await import('viem');
    const data = encodeFunctionData({ abi: TEST_USDT_ABI, functionName: 'transfer', args: [alice, 1n] });
    expect(await node.rpc('eth_call', [{ from: DEV_ACCOUNTS[3], to: token, data }, 'latest'])).toBe('0x');
  });

  it('snapshot and revert; reorg replaces blocks at the same height; rollback shortens the chain', async () => {
    const snap = await node.snapshot();
    await node.mine(2);
    const head = await node.head();
    expect(await node.revert(snap)).toBe(true);
    expect(await node.head()).toBe(head - 2);

    const hash = await node.sendUsdt(token, alice, 7n, DEV_ACCOUNTS[4]);
    await node.mine(2);
    const top = await node.head();
    const before = await node.rpc<{ hash: string }>('eth_getBlockByNumber', [`0x${(top - 1).toString(16)}`, false]);
    await node.reorg(2, [{ tx: { from: DEV_ACCOUNTS[4]!, to: alice, value: 5n }, block: 1 }]);
    expect(await node.head()).toBe(top);
    const after = await node.rpc<{ hash: string; transactions: string[] }>('eth_getBlockByNumber', [
      `0x${(top - 1).toString(16)}`,
      false,
    ]);
    expect(after.hash).not.toBe(before.hash);
    expect(after.transactions).toEqual([]);
    expect(await node.receipt(hash)).toBeNull(); // the re-org dropped the transfer
    const last = await node.rpc<{ transactions: string[] }>('eth_getBlockByNumber', ['latest', false]);
    expect(last.transactions).toHaveLength(1);

    await node.rollback(1);
    expect(await node.head()).toBe(top - 1);
  });

  it('stop ends the process', async () => {
    const other = await startAnvil();
    expect(processAlive(other.pid)).toBe(true);
    await other.stop();
    expect(processAlive(other.pid)).toBe(false);
    await other.stop();
  });
});
