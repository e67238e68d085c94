/**
 * `npm start` builds the web app and the back office (apps/admin) only when their sources changed
 * since their last build, each on its own.
 *
 * A successful build (`npm run build`, which always builds) ends by writing a stamp into the dist:
 * a hash of everything the build reads (apps/web sources and config, the shared contract
 * package, the lockfile). `node scripts/build-web-if-changed.mjs` compares that stamp with the
 * sources as they are and runs `npm run build` when they differ, the stamp is missing or the dist
 * has no index.html; `--stamp` writes the stamp (the web workspace's build script calls it).
 * The back office the same way: ADMIN_INPUTS, its own stamp in apps/admin/dist, `--stamp-admin`
 * from its build script, `npm run build -w apps/admin` when it changed.
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

/** What the back office's build reads (apps/admin; it runs the web app's compress script). */
export const ADMIN_INPUTS = [
  'apps/admin/src',
  'apps/admin/index.html',
  'apps/admin/vite.config.ts',
  'apps/admin/tsconfig.json',
  'apps/admin/package.json',
  'apps/web/scripts/compress.mjs',
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
  return fs
    .readdirSync(abs, { recursive: true, withFileTypes: true })
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

/** The two builds `npm start` keeps up to date: where each is built, what it reads, how it is built. */
export const BUILDS = [
  { name: 'web app', dist: 'apps/web/dist', inputs: WEB_INPUTS, stampFlag: '--stamp', workspace: 'apps/web' },
  {
    name: 'back office',
    dist: 'apps/admin/dist',
    inputs: ADMIN_INPUTS,
    stampFlag: '--stamp-admin',
    workspace: 'apps/admin',
  },
];

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, '..');
  const stamping = BUILDS.find((b) => process.argv.includes(b.stampFlag));
  if (stamping) {
    writeStamp(root, path.join(root, stamping.dist), stamping.inputs);
  } else {
    for (const build of BUILDS) {
      if (needsBuild(root, path.join(root, build.dist), build.inputs)) {
        console.log(`${build.name} sources changed since the last build (or no build yet): building`);
        const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
        const res = spawnSync(npm, ['run', 'build', '-w', build.workspace], {
          cwd: root,
          stdio: 'inherit',
          shell: process.platform === 'win32',
        });
        if (res.status !== 0) process.exit(res.status ?? 1);
      } else {
        console.log(`${build.name} is up to date with its sources: not rebuilding (npm run build forces a build)`);
      }
    }
  }
}
