import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_INPUTS, BUILDS, STAMP, WEB_INPUTS, needsBuild, writeStamp } from './build-web-if-changed.mjs';

/** A repository in miniature: a few of the web build's inputs and a built dist. */
let root: string;
let dist: string;
const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-stamp-'));
  dist = path.join(root, 'apps/web/dist');
  write('apps/web/src/main.tsx', 'render(<App />);\n');
  write('apps/web/src/features/home/Home.tsx', 'export const Home = 1;\n');
  write('apps/web/index.html', '<!doctype html>\n');
  write('packages/contract/src/index.ts', 'export const A = 1;\n');
  write('package-lock.json', '{}\n');
  write('apps/web/dist/index.html', '<!doctype html><script src="/assets/x.js"></script>\n');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('npm start builds the web app only when its sources changed', () => {
  it('a dist without a stamp (never built by this script, or a build that failed) needs a build', () => {
    expect(needsBuild(root, dist)).toBe(true);
  });

  it('a missing dist needs a build, stamp or not', () => {
    writeStamp(root, dist);
    fs.rmSync(path.join(dist, 'index.html'));
    expect(needsBuild(root, dist)).toBe(true);
  });

  it('the same sources as at the last build: no build', () => {
    writeStamp(root, dist);
    expect(needsBuild(root, dist)).toBe(false);
    // Touching a file without changing it is no change.
    fs.utimesSync(path.join(root, 'apps/web/src/main.tsx'), new Date(), new Date(2020, 1, 1));
    expect(needsBuild(root, dist)).toBe(false);
  });

  it.each([
    ['a changed web source', () => write('apps/web/src/features/home/Home.tsx', 'export const Home = 2;\n')],
    ['a new web source', () => write('apps/web/src/features/new.ts', 'export {};\n')],
    ['a deleted web source', () => fs.rmSync(path.join(root, 'apps/web/src/features/home/Home.tsx'))],
    [
      'a renamed web source',
      () => fs.renameSync(path.join(root, 'apps/web/src/main.tsx'), path.join(root, 'apps/web/src/index.tsx')),
    ],
    ['a changed contract source', () => write('packages/contract/src/index.ts', 'export const A = 2;\n')],
    ['a changed lockfile', () => write('package-lock.json', '{ "v": 2 }\n')],
    ['a new public file', () => write('apps/web/public/coins/eth.svg', '<svg/>')],
    ['a changed vite config', () => write('apps/web/vite.config.ts', 'export default {};\n')],
  ])('%s needs a build', (_name, change) => {
    writeStamp(root, dist);
    change();
    expect(needsBuild(root, dist)).toBe(true);
  });

  it("a change outside the web build's inputs (the server) needs no build", () => {
    writeStamp(root, dist);
    write('apps/server/src/app.ts', 'export {};\n');
    write('apps/web/dist/assets/x.js', 'console.log(1);\n');
    expect(needsBuild(root, dist)).toBe(false);
  });

  it('the stamp is written into the dist under its name, and the real inputs include the web sources and the contract', () => {
    writeStamp(root, dist);
    expect(fs.readFileSync(path.join(dist, STAMP), 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    expect(WEB_INPUTS).toEqual(
      expect.arrayContaining(['apps/web/src', 'apps/web/public', 'packages/contract/src', 'package-lock.json']),
    );
  });
});

describe('the back office build', () => {
  it("has inputs of its own (apps/admin and the contract), apart from the web app's", () => {
    expect(ADMIN_INPUTS).toEqual(
      expect.arrayContaining(['apps/admin/src', 'apps/admin/index.html', 'packages/contract/src', 'package-lock.json']),
    );
    expect(ADMIN_INPUTS.some((p) => p.startsWith('apps/web/src'))).toBe(false);
    expect(BUILDS.map((b) => [b.dist, b.stampFlag])).toEqual([
      ['apps/web/dist', '--stamp'],
      ['apps/admin/dist', '--stamp-admin'],
    ]);
  });
});

describe('the script as npm start runs it', () => {
  it('on this repository: --stamp, then no build is needed', () => {
    const repo = path.resolve(import.meta.dirname, '..');
    const tmpDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-stamp-dist-'));
    try {
      fs.writeFileSync(path.join(tmpDist, 'index.html'), '<!doctype html>\n');
      expect(needsBuild(repo, tmpDist)).toBe(true);
      writeStamp(repo, tmpDist);
      expect(needsBuild(repo, tmpDist)).toBe(false);
      // The package scripts wire it in: start checks, the web build stamps.
      const pkg = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      };
      expect(pkg.scripts.start).toMatch(/^node scripts\/build-web-if-changed\.mjs && /);
      const web = JSON.parse(fs.readFileSync(path.join(repo, 'apps/web/package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      };
      expect(web.scripts.build).toMatch(/build-web-if-changed\.mjs --stamp$/);
      // The back office likewise, with its own stamp; `npm run build` builds both.
      const admin = JSON.parse(fs.readFileSync(path.join(repo, 'apps/admin/package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      };
      expect(admin.scripts.build).toMatch(/build-web-if-changed\.mjs --stamp-admin$/);
      expect(pkg.scripts.build).toContain('-w apps/admin');
    } finally {
      fs.rmSync(tmpDist, { recursive: true, force: true });
    }
  });
});
