/**
 * The first route's JavaScript budget (issue 14): what each layout loads to show its first page
 * (FIRST_ROUTES: the mobile home, /pages/home/index; the desktop dashboard,
 * /pages/desktop/dashboard/index) must stay within FIRST_ROUTE_JS_GZIP_MAX bytes gzip.
 *
 * "What it loads" is the entry script of dist/index.html with its static imports, every script
 * index.html preloads (the app, which the small entry imports dynamically) with theirs, and the
 * route's chunks with their static imports, each file once; the CSS is index.html's stylesheets
 * and those chunks' CSS. The build's manifest (dist/.vite/manifest.json) names the chunks and their
 * static imports; the compressed sizes are those of the `.gz` and `.br` files the build writes
 * (scripts/compress.mjs).
 *
 * `node scripts/first-route-size.mjs [dist]` prints raw, gzip and brotli per file and in total
 * for each layout's first route, and exits 1 when either is over budget. The web build runs it last.
 * `node scripts/first-route-size.mjs dist src/features/market/index.ts` sizes another route the
 * same way (the budget is the first route's; other routes are reported, not checked).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

/** 150 KB (KiB, as docs/performance.md counts) of JavaScript, gzip, on a layout's first route. */
export const FIRST_ROUTE_JS_GZIP_MAX = 150 * 1024;

/** The module that app/route-table.ts lazily imports for /pages/home/index. */
export const HOME_ROUTE_MODULE = 'src/features/home/index.ts';
/** The home page's first view, which the entry imports there (src/main.tsx). */
export const FIRST_VIEW_MODULE = 'src/app/first-view.ts';

/**
 * Each layout's first page and the modules the app lazily imports to show it: the mobile home (and
 * its first view, which the entry imports there); the desktop layout's routes (app/start.tsx) and
 * the dashboard they open on (a desktop window opening / lands there).
 */
export const FIRST_ROUTES = [
  { label: '/pages/home/index, mobile layout', modules: [HOME_ROUTE_MODULE, FIRST_VIEW_MODULE] },
  {
    label: '/pages/desktop/dashboard/index, desktop layout',
    // The dashboard's chunk is its frame (the arrangement's empty boxes); the panels' code loads
    // after it (docs/decisions/0050-dashboard-frame-first.md).
    modules: ['src/app/desktop/desktop-routes.tsx', 'src/app/desktop/dashboard/dashboard-page.tsx'],
  },
];

const MANIFEST = '.vite/manifest.json';

/**
 * The files a first route loads: JavaScript in load order (entry first), then CSS.
 * @param {string} dist
 * @param {string[]} [routeModules] the route's lazily imported modules (default: the mobile home)
 * @returns {{ js: string[], css: string[] }} paths relative to `dist`
 */
export function firstRouteFiles(dist, routeModules = [HOME_ROUTE_MODULE]) {
  const manifestPath = path.join(dist, MANIFEST);
  if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} is missing (build.manifest in vite.config.ts)`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const entry = manifest['index.html'];
  if (!entry?.isEntry) throw new Error('the manifest has no index.html entry');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  if (!html.includes(`src="/${entry.file}"`))
    throw new Error(`index.html does not load the manifest's entry ${entry.file}`);
  for (const m of routeModules) if (!manifest[m]) throw new Error(`the manifest has no chunk for ${m}`);
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const linked = (rel) =>
    [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="/([^"]+)"`, 'g'))].map((m) => m[1]);

  const js = [];
  const css = new Set(linked('stylesheet'));
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest names ${key} as an import but has no entry for it`);
    js.push(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  // What index.html preloads beside the entry (the app, which the small entry imports dynamically).
  for (const file of linked('modulepreload')) {
    const key = keyOfFile.get(file);
    if (!key) throw new Error(`index.html preloads ${file}, which the manifest does not know`);
    visit(key);
  }
  for (const m of routeModules) visit(m);
  return { js, css: [...css] };
}

/**
 * A file's size as sent: raw, and the build's precompressed copies (compressed here when a
 * copy is absent because it would not have been smaller).
 * @param {string} dist
 * @param {string} file relative to dist
 */
export function sentSizes(dist, file) {
  const abs = path.join(dist, file);
  const raw = fs.readFileSync(abs);
  const sizeOf = (ext, compress) =>
    fs.existsSync(`${abs}${ext}`) ? fs.statSync(`${abs}${ext}`).size : compress(raw).length;
  return {
    file,
    raw: raw.length,
    gzip: Math.min(
      raw.length,
      sizeOf('.gz', (b) => zlib.gzipSync(b, { level: 9 })),
    ),
    br: Math.min(
      raw.length,
      sizeOf('.br', (b) => zlib.brotliCompressSync(b)),
    ),
  };
}

/**
 * A first route's sizes and whether its JavaScript is within budget.
 * @param {string} dist
 * @param {number} [budget] gzip bytes
 * @param {{ label: string, modules: string[], checked?: boolean, budget?: number }} [route] default: the mobile home; its own budget replaces `budget`
 */
export function firstRouteReport(dist, budget = FIRST_ROUTE_JS_GZIP_MAX, route = FIRST_ROUTES[0]) {
  budget = route.budget ?? budget;
  const { js, css } = firstRouteFiles(dist, route.modules);
  const jsSizes = js.map((f) => sentSizes(dist, f));
  const cssSizes = css.map((f) => sentSizes(dist, f));
  const total = (sizes) => ({
    raw: sizes.reduce((n, s) => n + s.raw, 0),
    gzip: sizes.reduce((n, s) => n + s.gzip, 0),
    br: sizes.reduce((n, s) => n + s.br, 0),
  });
  const jsTotal = total(jsSizes);
  const checked = route.checked ?? true;
  return {
    route: route.label,
    checked,
    js: jsSizes,
    css: cssSizes,
    jsTotal,
    cssTotal: total(cssSizes),
    budget,
    withinBudget: !checked || jsTotal.gzip <= budget,
  };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** @param {ReturnType<typeof firstRouteReport>} report */
export function formatReport(report) {
  const row = (name, s) =>
    `${name.padEnd(44)} ${kb(s.raw).padStart(10)} ${kb(s.gzip).padStart(10)} ${kb(s.br).padStart(10)}`;
  return [
    report.checked
      ? `first route (${report.route}): ${report.js.length} JavaScript files`
      : `${report.route} opened first: ${report.js.length} JavaScript files`,
    `${''.padEnd(44)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)}`,
    ...report.js.map((s) => row(s.file, s)),
    row('JavaScript total', report.jsTotal),
    row(`CSS total (${report.css.length} files)`, report.cssTotal),
    report.checked
      ? `budget: JavaScript ≤ ${kb(report.budget)} gzip: ${report.withinBudget ? 'within' : 'OVER'} (${kb(report.jsTotal.gzip)})`
      : "(the budget is the first route's; this route is not checked)",
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(process.argv[2] ?? 'dist');
  const other = process.argv[3];
  const reports = other
    ? [firstRouteReport(dist, FIRST_ROUTE_JS_GZIP_MAX, { label: other, modules: [other], checked: false })]
    : FIRST_ROUTES.map((route) => firstRouteReport(dist, FIRST_ROUTE_JS_GZIP_MAX, route));
  console.log(reports.map(formatReport).join('\n\n'));
  if (reports.some((r) => !r.withinBudget)) process.exit(1);
}
