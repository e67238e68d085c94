/**
 * `npm start` runs the server from one prebuilt file, apps/server/dist/main.mjs, built by esbuild
 * from apps/server/src/main.ts when the sources changed since the last build
 * (docs/decisions/0032-server-starts-from-a-bundle.md). The operators' CLI (`npm run ops`) is built
 * beside it, as apps/server/dist/ops.mjs from apps/server/scripts/ops.ts, for the same reason.
 *
 * Why: running the TypeScript sources through tsx compiled ~130 files at every start, in a loader
 * thread with its own heap (about 2 s of CPU and 60 MB of memory before the server did anything).
 * The bundle holds the server's own code and the shared contract package; every npm dependency
 * stays an import from node_modules, as it is when run from source. It is not minified and keeps
 * the names of functions and classes; a source map is written beside it (`node
 * --enable-source-maps` shows the TypeScript lines in stack traces).
 *
 * `node scripts/build-server-if-changed.mjs` builds when the stamp in the dist is missing or
 * stale (a hash of SERVER_INPUTS, as the web build's stamp); `--force` always builds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { sourcesHash, STAMP } from './build-web-if-changed.mjs';

/** What the bundle is built from, relative to the repository root. */
export const SERVER_INPUTS = [
  'apps/server/src',
  'apps/server/scripts/ops.ts',
  'apps/server/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/build-server-if-changed.mjs',
];

export const SERVER_DIST = 'apps/server/dist';
export const SERVER_BUNDLE = 'main.mjs';
export const OPS_BUNDLE = 'ops.mjs';

/**
 * Builds the bundle of `root`'s server into `dist` and stamps it.
 * @param {string} root the repository root
 * @param {string} [dist] absolute output folder
 */
export async function buildServer(root, dist = path.join(root, SERVER_DIST)) {
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: {
      [path.parse(SERVER_BUNDLE).name]: 'apps/server/src/main.ts',
      [path.parse(OPS_BUNDLE).name]: 'apps/server/scripts/ops.ts',
    },
    outdir: dist,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    keepNames: true,
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [
      {
        // npm packages are loaded from node_modules at run time, except the workspace's own
        // TypeScript packages (@app/*), which node cannot run unbuilt.
        name: 'node-modules-external',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  fs.writeFileSync(path.join(dist, STAMP), `${sourcesHash(root, SERVER_INPUTS)}\n`);
}

/**
 * Whether the bundle is missing, unstamped, or stamped for other sources.
 * @param {string} root
 * @param {string} [dist]
 */
export function serverNeedsBuild(root, dist = path.join(root, SERVER_DIST)) {
  const stamp = path.join(dist, STAMP);
  if (![SERVER_BUNDLE, OPS_BUNDLE, STAMP].every((f) => fs.existsSync(path.join(dist, f)))) return true;
  return fs.readFileSync(stamp, 'utf8').trim() !== sourcesHash(root, SERVER_INPUTS);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, '..');
  if (process.argv.includes('--force') || serverNeedsBuild(root)) {
    const t0 = performance.now();
    await buildServer(root);
    console.log(
      `server bundle built in ${Math.round(performance.now() - t0)} ms (${SERVER_DIST}/${SERVER_BUNDLE}, ${OPS_BUNDLE})`,
    );
  } else {
    console.log('server bundle is up to date with its sources: not rebuilding');
  }
}
