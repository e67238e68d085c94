import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compressDir } from './compress.mjs';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compress-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const TEXT = 'const price = "64,000.00";\n'.repeat(200);

describe("the build's compress step", () => {
  it('writes a .br and a .gz beside each text file, in every folder, that decompress to the file', () => {
    const files = [
      'index.html',
      'assets/index-Ab12.js',
      'assets/index-Cd34.css',
      'coins/btc.svg',
      'manifest.webmanifest',
      'data.json',
    ];
    for (const f of files) {
      fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
      fs.writeFileSync(path.join(dir, f), TEXT);
    }
    const sizes = compressDir(dir);
    expect(sizes.map((s) => s.file.split(path.sep).join('/')).sort()).toEqual([...files].sort());
    for (const f of files) {
      const br = fs.readFileSync(path.join(dir, `${f}.br`));
      const gz = fs.readFileSync(path.join(dir, `${f}.gz`));
      expect(zlib.brotliDecompressSync(br).toString(), f).toBe(TEXT);
      expect(zlib.gunzipSync(gz).toString(), f).toBe(TEXT);
      expect(br.length, f).toBeLessThan(gz.length);
    }
  });

  it('leaves images and source maps alone, and writes no copy that would not be smaller', () => {
    fs.writeFileSync(path.join(dir, 'logo.png'), TEXT);
    fs.writeFileSync(path.join(dir, 'index.js.map'), TEXT);
    fs.writeFileSync(path.join(dir, 'tiny.js'), 'x');
    compressDir(dir);
    expect(fs.readdirSync(dir).sort()).toEqual(['index.js.map', 'logo.png', 'tiny.js']);
  });
});
