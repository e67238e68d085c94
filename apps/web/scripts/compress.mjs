/**
 * Precompresses the built web app: beside every compressible file in the dist it writes a `.br`
 * (brotli, quality 11) and a `.gz` (gzip, level 9), which the server sends to a browser that
 * accepts them (@fastify/static `preCompressed`). Run after `vite build` by the workspace's build
 * script; `node scripts/compress.mjs [dir]` (default: dist). A compressed copy that would not be
 * smaller than the file is not written (the server then sends the file as it is).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

/** Text formats worth compressing; images other than SVG, fonts and source maps are left alone. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml|ico)$/i;

/** Every file under `dir`, as absolute paths. */
function filesUnder(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

/**
 * Writes `<file>.br` and `<file>.gz` for each compressible file under `dir`.
 * @param {string} dir
 * @returns {{ file: string, raw: number, br: number, gzip: number }[]} the sizes, per file
 */
export function compressDir(dir) {
  const out = [];
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const raw = fs.readFileSync(file);
    const br = zlib.brotliCompressSync(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gzip = zlib.gzipSync(raw, { level: 9 });
    if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
    if (gzip.length < raw.length) fs.writeFileSync(`${file}.gz`, gzip);
    out.push({ file: path.relative(dir, file), raw: raw.length, br: br.length, gzip: gzip.length });
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  const sizes = compressDir(dir);
  const sum = (k) => sizes.reduce((n, s) => n + s[k], 0);
  console.log(
    `precompressed ${sizes.length} files in ${path.relative(process.cwd(), dir) || '.'}: ` +
      `${(sum('raw') / 1024).toFixed(0)} KB → ${(sum('gzip') / 1024).toFixed(0)} KB gzip, ${(sum('br') / 1024).toFixed(0)} KB brotli`,
  );
}
