import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { RawTx } from '@scure/btc-signer';
import { descriptor, startBitcoind, type BitcoindNode } from './bitcoind';

/** The harness's own checks: what it serves is what bitcoind would, hashes and all. */
const sha256d = (b: Uint8Array) => sha256(sha256(b));
const display = (b: Uint8Array) => bytesToHex(Uint8Array.from(b).reverse());
const ALICE = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';

let node: BitcoindNode;
beforeAll(async () => {
  node = await startBitcoind();
});
afterAll(async () => {
  await node?.stop();
});

/** A raw JSON-RPC request to the server: the HTTP status and the body as text. */
async function post(body: unknown, auth = true): Promise<{ status: number; text: string }> {
  const u = new URL(node.rpcUrl);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (auth) headers.authorization = `Basic ${Buffer.from(`${u.username}:${u.password}`).toString('base64')}`;
  const res = await fetch(`http://127.0.0.1:${node.port}/`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, text: await res.text() };
}
const call = async <T>(method: string, params: unknown[] = []): Promise<T> =>
  (JSON.parse((await post({ jsonrpc: '1.0', id: 1, method, params })).text) as { result: T }).result;

describe('the bitcoind test server', () => {
  it('starts every network from its real genesis block', async () => {
    const genesis = {
      main: '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f',
      test: '000000000933ea01ad0ee984209779baaec3ced90fa3f408719526f8d77f4943',
      signet: '00000008819873e925422c1ff0f99f7cc9bbb232af63a077a480a3633bee1ef6',
      regtest: '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
    } as const;
    for (const [chain, hash] of Object.entries(genesis) as [keyof typeof genesis, string][]) {
      const n = await startBitcoind({ chain, blocks: 0 });
      try {
        expect(n.block(0).hash, chain).toBe(hash);
        expect(n.block(0).merkleRoot).toBe('4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b');
      } finally {
        await n.stop();
      }
    }
  });

  it('serves blocks whose hashes, txids and merkle roots recompute from their bytes, with regtest proof of work', async () => {
    const tx = node.pay([
      { address: ALICE, sats: 50_000n },
      { address: ALICE, sats: 70_000n },
    ]);
    const [mined] = node.mine();
    const hex = await call<string>('getblock', [mined!.hash, 0]);
    const bytes = hexToBytes(hex);
    const header = bytes.subarray(0, 80);
    expect(display(sha256d(header))).toBe(mined!.hash);
    // Regtest's target (bits 207fffff): the hash, read as a number, is at most 0x7fffff << 232.
    expect(BigInt(`0x${mined!.hash}`) <= 0x7fffffn << 232n).toBe(true);
    const block = await call<{
      tx: { txid: string; hash: string; hex: string }[];
      merkleroot: string;
      previousblockhash: string;
    }>('getblock', [mined!.hash, 2]);
    expect(block.previousblockhash).toBe(node.block(mined!.height - 1).hash);
    expect(block.tx.map((t) => t.txid)).toEqual([mined!.txs[0]!.txid, tx.txid]);
    for (const t of block.tx) {
      const raw = RawTx.decode(hexToBytes(t.hex));
      expect(display(sha256d(RawTx.encode({ ...raw, segwitFlag: false, witnesses: undefined })))).toBe(t.txid);
      expect(display(sha256d(hexToBytes(t.hex)))).toBe(t.hash);
    }
    const txids = block.tx.map((t) => hexToBytes(t.txid).reverse());
    const level = [sha256d(new Uint8Array([...txids[0]!, ...txids[1]!]))];
    expect(display(level[0]!)).toBe(block.merkleroot);
    expect(bytesToHex(header.subarray(36, 68))).toBe(bytesToHex(hexToBytes(block.merkleroot).reverse()));
  });

  it('writes amounts with 8 decimals and the fields of bitcoind 27, in its order', async () => {
    const tx = node.pay([
      { address: ALICE, sats: 50_000n },
      { script: hexToBytes('6a04deadbeef'), sats: 0n },
    ]);
    const [mined] = node.mine();
    const { text } = await post({ jsonrpc: '1.0', id: 'x', method: 'getblock', params: [mined!.hash, 2] });
    expect(text).toContain(
      '"value":0.00050000,"n":0,"scriptPubKey":{"asm":"0 c0cebcd6c3d3ca8c75dc5ec62ebe55330ef910e2"',
    );
    // The same key as ALICE, written for regtest.
    expect(text).toMatch(
      /"desc":"addr\(bcrt1qcr8te4kr609gcawutmrza0j4xv80jy8z[a-z0-9]{6}\)#[a-z0-9]{8}","hex":"0014c0ce[0-9a-f]{36}","address":"bcrt1qcr8te4kr609gcawutmrza0j4xv80jy8z[a-z0-9]{6}","type":"witness_v0_keyhash"\}/,
    );
    // Pushes of up to 4 bytes are shown as numbers (CScriptNum, little-endian, sign bit last): 0xefbeadde is negative.
    expect(text).toContain(
      '"value":0.00000000,"n":1,"scriptPubKey":{"asm":"OP_RETURN -1874767326","desc":"raw(6a04deadbeef)#',
    );
    expect(text).toContain('"difficulty":4.656542373906925e-10,');
    expect(text).toContain('"fee":0.00002000,"hex":');
    const body = JSON.parse(text) as {
      result: Record<string, unknown> & { tx: Record<string, unknown>[] };
      error: null;
      id: string;
    };
    expect(body.error).toBeNull();
    expect(body.id).toBe('x');
    expect(Object.keys(body.result)).toEqual([
      'hash',
      'confirmations',
      'height',
      'version',
      'versionHex',
      'merkleroot',
      'time',
      'mediantime',
      'nonce',
      'bits',
      'difficulty',
      'chainwork',
      'nTx',
      'previousblockhash',
      'strippedsize',
      'size',
      'weight',
      'tx',
    ]);
    expect(body.result).toMatchObject({ confirmations: 1, versionHex: '20000000', bits: '207fffff' });
    const [coinbase, payment] = body.result.tx;
    expect(Object.keys(coinbase!)).toEqual([
      'txid',
      'hash',
      'version',
      'size',
      'vsize',
      'weight',
      'locktime',
      'vin',
      'vout',
      'hex',
    ]);
    expect(Object.keys(payment!)).toEqual([
      'txid',
      'hash',
      'version',
      'size',
      'vsize',
      'weight',
      'locktime',
      'vin',
      'vout',
      'fee',
      'hex',
    ]);
    expect(payment!.txid).toBe(tx.txid);
    expect((coinbase!.vin as unknown[])[0]).toEqual({
      coinbase: expect.stringMatching(/00$/),
      txinwitness: ['00'.repeat(32)],
      sequence: 4294967295,
    });
    expect(Object.keys((payment!.vin as Record<string, unknown>[])[0]!)).toEqual([
      'txid',
      'vout',
      'scriptSig',
      'txinwitness',
      'sequence',
    ]);
    // The coinbase's second output commits to the witnesses (BIP-141).
    expect((coinbase!.vout as { scriptPubKey: { hex: string; type: string } }[])[1]!.scriptPubKey).toMatchObject({
      hex: expect.stringMatching(/^6a24aa21a9ed/),
      type: 'nulldata',
    });
  });

  it('computes BIP-380 descriptor checksums', () => {
    expect(descriptor('raw(deadbeef)')).toBe('raw(deadbeef)#89f8spxm');
  });

  it('answers errors as bitcoind does: a lone call with HTTP 500 or 404, a batch with HTTP 200; a wrong password with 401', async () => {
    const range = await post({ jsonrpc: '1.0', id: 7, method: 'getblockhash', params: [node.height() + 1] });
    expect(range.status).toBe(500);
    expect(JSON.parse(range.text)).toEqual({
      result: null,
      error: { code: -8, message: 'Block height out of range' },
      id: 7,
    });
    expect((await post({ jsonrpc: '1.0', id: 1, method: 'nosuchmethod', params: [] })).status).toBe(404);
    const batch = await post([
      { jsonrpc: '1.0', id: 1, method: 'getblock', params: ['00'.repeat(32), 2] },
      { jsonrpc: '1.0', id: 2, method: 'getblockcount', params: [] },
    ]);
    expect(batch.status).toBe(200);
    expect(JSON.parse(batch.text)).toEqual([
      { result: null, error: { code: -5, message: 'Block not found' }, id: 1 },
      { result: node.height(), error: null, id: 2 },
    ]);
    const refused = await post({ jsonrpc: '1.0', id: 1, method: 'getblockcount', params: [] }, false);
    expect(refused).toEqual({ status: 401, text: '' });
  });

  it('keeps a re-orged block and serves it off the best chain (confirmations −1)', async () => {
    node.mine(2);
    const old = node.block(node.height());
    node.reorg(2);
    expect(node.block(node.height()).hash).not.toBe(old.hash);
    expect(await call<{ confirmations: number; hash: string }>('getblockheader', [old.hash])).toMatchObject({
      hash: old.hash,
      confirmations: -1,
    });
    expect(
      (await call<{ nextblockhash?: string }>('getblockheader', [node.block(node.height() - 1).hash])).nextblockhash,
    ).toBe(node.block(node.height()).hash);
  });

  it('goes down (connection refused) and comes back', async () => {
    await node.down();
    await expect(call('getblockcount')).rejects.toThrow();
    await node.up();
    expect(await call('getblockcount')).toBe(node.height());
  });
});
