import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compressDir } from './compress.mjs';
import {
  FIRST_VIEW_MODULE,
  firstRouteFiles,
  firstRouteReport,
  formatReport,
  HOME_ROUTE_MODULE,
} from './first-route-size.mjs';

let dist: string;
beforeEach(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'first-route-'));
});
afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  fs.writeFileSync(path.join(dist, file), text);
}

/**
 * A dist as vite writes it: a small entry, the app it preloads (sharing a vendor chunk with the
 * home route), and another route with a chunk of its own.
 */
function fixture(entryFile = 'assets/index-A1.js') {
  const manifest = {
    'index.html': {
      file: entryFile,
      isEntry: true,
      imports: ['_paths-P0.js'],
      dynamicImports: ['src/app/start.tsx', HOME_ROUTE_MODULE, 'src/features/trade/index.ts'],
      css: ['assets/index-C3.css'],
    },
    '_paths-P0.js': { file: 'assets/paths-P0.js' },
    'src/app/start.tsx': {
      file: 'assets/start-S1.js',
      isDynamicEntry: true,
      imports: ['_vendor-B2.js', '_paths-P0.js'],
    },
    '_vendor-B2.js': { file: 'assets/vendor-B2.js' },
    '_chart-E5.js': { file: 'assets/chart-E5.js' },
    [HOME_ROUTE_MODULE]: {
      file: 'assets/home-D4.js',
      isDynamicEntry: true,
      imports: ['_vendor-B2.js', '_icons-F6.js'],
      css: ['assets/home-G7.css'],
    },
    '_icons-F6.js': { file: 'assets/icons-F6.js' },
    [FIRST_VIEW_MODULE]: { file: 'assets/first-view-V9.js', isDynamicEntry: true },
    'src/features/trade/index.ts': {
      file: 'assets/trade-H8.js',
      isDynamicEntry: true,
      imports: ['_vendor-B2.js', '_chart-E5.js'],
    },
  };
  write('.vite/manifest.json', JSON.stringify(manifest));
  write(
    'index.html',
    [
      '<script type="module" crossorigin src="/assets/index-A1.js"></script>',
      '<link rel="stylesheet" crossorigin href="/assets/index-C3.css">',
      '<link rel="modulepreload" crossorigin href="/assets/start-S1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/vendor-B2.js">',
    ].join('\n'),
  );
  for (const [name, size] of Object.entries({
    'index-A1': 2000,
    'paths-P0': 1000,
    'start-S1': 1000,
    'vendor-B2': 8000,
    'home-D4': 2000,
    'icons-F6': 1000,
    'first-view-V9': 1000,
    'chart-E5': 50_000,
    'trade-H8': 4000,
  })) {
    write(`assets/${name}.js`, crypto.randomBytes(size / 2).toString('hex'));
  }
  write('assets/index-C3.css', 'body{margin:0}'.repeat(50));
  write('assets/home-G7.css', '.home{display:grid}'.repeat(50));
}

describe("the first route's size check", () => {
  it("counts the entry, what index.html preloads, the home route and their static imports once each, and not the other routes' chunks", () => {
    fixture();
    expect(firstRouteFiles(dist)).toEqual({
      js: [
        'assets/index-A1.js',
        'assets/paths-P0.js',
        'assets/start-S1.js',
        'assets/vendor-B2.js',
        'assets/home-D4.js',
        'assets/icons-F6.js',
      ],
      css: ['assets/index-C3.css', 'assets/home-G7.css'],
    });
  });

  it('reads the gzip and brotli sizes from the files the build wrote, and compares the gzip total with the budget', () => {
    fixture();
    const written = new Map(compressDir(dist).map((s) => [s.file.split(path.sep).join('/'), s]));
    const report = firstRouteReport(dist, 1_000_000);
    for (const s of report.js) {
      expect(s.gzip).toBe(written.get(s.file)!.gzip);
      expect(s.br).toBe(written.get(s.file)!.br);
    }
    expect(report.jsTotal.raw).toBe(16_000);
    expect(report.jsTotal.gzip).toBe(report.js.reduce((n, s) => n + s.gzip, 0));
    expect(report.withinBudget).toBe(true);
    const over = firstRouteReport(dist, report.jsTotal.gzip - 1);
    expect(over.withinBudget).toBe(false);
    expect(formatReport(over)).toMatch(/OVER/);
  });

  it('sizes a route made of several lazily imported modules (the desktop layout and its dashboard) with each shared file once', () => {
    fixture();
    expect(firstRouteFiles(dist, ['src/features/trade/index.ts', HOME_ROUTE_MODULE]).js).toEqual([
      'assets/index-A1.js',
      'assets/paths-P0.js',
      'assets/start-S1.js',
      'assets/vendor-B2.js',
      'assets/trade-H8.js',
      'assets/chart-E5.js',
      'assets/home-D4.js',
      'assets/icons-F6.js',
    ]);
    const report = firstRouteReport(dist, 1_000_000, {
      label: 'two modules',
      modules: ['src/features/trade/index.ts'],
      budget: 1000,
    });
    expect(report.budget).toBe(1000);
    expect(report.withinBudget).toBe(false);
  });

  it('refuses a dist whose index.html loads another entry than the manifest names', () => {
    fixture('assets/index-Z9.js');
    expect(() => firstRouteFiles(dist)).toThrow(/does not load the manifest's entry/);
  });
});
