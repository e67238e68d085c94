/**
 * `npm start` builds the web app only when its sources changed since the last build.
 *
 * A successful build (`npm run build`, which always builds) ends by writing a stamp into the dist:
 * a hash of everything the build reads (apps/web sources and config, the shared contract
 * package, the lockfile). `node scripts/build-web-if-changed.mjs` compares that stamp with the
 * sources as they are and runs `npm run build` when they differ, the stamp is missing or the dist
 * has no index.html; `--stamp` writes the stamp (the web workspace's build script calls it).
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the web build reads, relative to the repository root (files or folders). */
export const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/scripts',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'package-lock.json',
];

/** The stamp's name inside the dist (a dotfile: the server does not serve it). */
export const STAMP = '.build-stamp';

/** Every file under `p` (or `p` itself), sorted, as paths relative to `root`. */
function filesOf(root, p) {
  const abs = path.join(root, p);
  if (!fs.existsSync(abs)) return [];
  if (!fs.statSync(abs).isDirectory()) return [p];
  return fs.readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/**
 * A hash of the web build's inputs under `root`: each file's path and content.
 * @param {string} root the repository root
 * @param {readonly string[]} [inputs]
 */
export function sourcesHash(root, inputs = WEB_INPUTS) {
  const hash = crypto.createHash('sha256');
  const files = inputs.flatMap((p) => filesOf(root, p)).sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * Whether the dist is missing, unstamped, or stamped for other sources.
 * @param {string} root
 * @param {string} dist
 * @param {readonly string[]} [inputs]
 */
export function needsBuild(root, dist, inputs = WEB_INPUTS) {
  const stamp = path.join(dist, STAMP);
  if (!fs.existsSync(path.join(dist, 'index.html')) || !fs.existsSync(stamp)) return true;
  return fs.readFileSync(stamp, 'utf8').trim() !== sourcesHash(root, inputs);
}

/**
 * Records that `dist` was built from the sources as they are now.
 * @param {string} root
 * @param {string} dist
 * @param {readonly string[]} [inputs]
 */
export function writeStamp(root, dist, inputs = WEB_INPUTS) {
  fs.writeFileSync(path.join(dist, STAMP), `${sourcesHash(root, inputs)}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, '..');
  const dist = path.join(root, 'apps/web/dist');
  if (process.argv.includes('--stamp')) {
    writeStamp(root, dist);
  } else if (needsBuild(root, dist)) {
    console.log('web app sources changed since the last build (or no build yet): building');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const res = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
    process.exit(res.status ?? 1);
  } else {
    console.log('web app is up to date with its sources: not rebuilding (npm run build forces a build)');
  }
}
