/**
 * The server's module graph, generated for docs/architecture.md ("Modules").
 *
 * It reads every non-test `.ts` file under apps/server/src/modules/<m>/ and keeps the relative
 * imports that land in another module's folder (`../ledger`, `../../modules/ledger/index`, …):
 * static imports and re-exports (type-only ones too: they are dependencies of the design even
 * though they vanish at run time), side-effect imports, `import('…')` and `require('…')`. Imports
 * written in comments do not count. It prints a Markdown block: a table with one row per module
 * (what it depends on, what depends on it) and a Mermaid `graph LR` of the same edges.
 *
 *   node scripts/docs/module-graph.mjs            print the block
 *   node scripts/docs/module-graph.mjs --write    put it between the markers in docs/architecture.md
 *   node scripts/docs/module-graph.mjs --check    exit 1, with a diff, when the doc's block differs
 *
 * Plain Node, no dependencies; `moduleGraphMarkdown(root)` is what the test compares the doc with.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const START = '<!-- module-graph:start -->';
export const END = '<!-- module-graph:end -->';
/** The page the block lives in, relative to the repository root. */
export const DOC = 'docs/architecture.md';
/** Where the server's modules are, relative to the repository root. */
export const MODULES_DIR = 'apps/server/src/modules';
/** The repository root (this file is scripts/docs/module-graph.mjs). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const NONE = '—';

/** Characters after which a `/` starts a regular expression literal rather than a division. */
const REGEX_PRECEDERS = new Set([
  '',
  '(',
  ',',
  '=',
  ':',
  '[',
  '!',
  '&',
  '|',
  '?',
  '{',
  '}',
  ';',
  '+',
  '-',
  '*',
  '%',
  '<',
  '>',
  '~',
  '^',
]);
/** Keywords after which a `/` starts a regular expression literal. */
const REGEX_KEYWORDS = /^(return|typeof|case|do|else|in|of|void|yield|await)$/;

/**
 * The source with its comments blanked (strings, template literals and regular expressions kept),
 * so that an import named in a comment is not taken for one.
 */
export function stripComments(src) {
  let out = '';
  let i = 0;
  let last = ''; // the last significant character written
  let word = ''; // the last identifier written (a regex may follow `return`, `typeof`, …)
  while (i < src.length) {
    const c = src[i];
    const n = src[i + 1];
    if (c === '/' && n === '/') {
      const end = src.indexOf('\n', i);
      i = end < 0 ? src.length : end;
      continue;
    }
    if (c === '/' && n === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end < 0 ? src.length : end + 2;
      out += src.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\') j += 1;
        else if (c !== '`' && src[j] === '\n') break;
        j += 1;
      }
      out += src.slice(i, j + 1);
      i = j + 1;
      last = c;
      word = '';
      continue;
    }
    if (c === '/' && (REGEX_PRECEDERS.has(last) || REGEX_KEYWORDS.test(word))) {
      let j = i + 1;
      let inClass = false;
      while (j < src.length && src[j] !== '\n') {
        if (src[j] === '\\') j += 1;
        else if (src[j] === '[') inClass = true;
        else if (src[j] === ']') inClass = false;
        else if (src[j] === '/' && !inClass) break;
        j += 1;
      }
      out += src.slice(i, j + 1);
      i = j + 1;
      last = '/';
      word = '';
      continue;
    }
    out += c;
    if (/[\w$]/.test(c)) {
      // a new identifier starts unless the previous character belonged to this one
      word = /[\w$]/.test(src[i - 1] ?? '') ? word + c : c;
      last = 'a';
    } else if (!/\s/.test(c)) {
      last = c;
      word = '';
    }
    i += 1;
  }
  return out;
}

const IMPORT_PATTERNS = [
  // import x from '…', import type { X } from '…', export * from '…', export { x } from '…'
  /\b(?:import|export)\b[^'"`;]*?\bfrom\s*(['"])([^'"\n]+)\1/g,
  // import '…' (for its side effects)
  /\bimport\s*(['"])([^'"\n]+)\1/g,
  // import('…') and require('…')
  /\b(?:import|require)\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g,
];

/** Every module specifier a TypeScript source names in code (not in comments). */
export function importSpecifiers(src) {
  const code = stripComments(src);
  const found = new Set();
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of code.matchAll(pattern)) found.add(match[2]);
  }
  return [...found];
}

/** Non-test `.ts` files under `dir`, recursively, sorted. */
function sourceFiles(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') files.push(...sourceFiles(full));
    } else if (entry.isFile() && entry.name.endsWith('.ts') && !/\.test\.ts$/.test(entry.name)) {
      files.push(full);
    }
  }
  return files.sort();
}

/**
 * The modules (folders under apps/server/src/modules, sorted) and, for each, the other modules
 * its non-test files import (sorted).
 * @param {string} root the repository root
 * @returns {{ modules: string[], dependsOn: Map<string, string[]>, usedBy: Map<string, string[]>, edges: [string, string][] }}
 */
export function moduleGraph(root = REPO_ROOT) {
  const modulesDir = path.join(root, MODULES_DIR);
  const modules = fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const known = new Set(modules);
  const deps = new Map(modules.map((m) => [m, new Set()]));
  for (const own of modules) {
    for (const file of sourceFiles(path.join(modulesDir, own))) {
      for (const spec of importSpecifiers(fs.readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const rel = path.relative(modulesDir, path.resolve(path.dirname(file), spec));
        if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) continue;
        const target = rel.split(path.sep)[0];
        if (target !== own && known.has(target)) deps.get(own).add(target);
      }
    }
  }
  const dependsOn = new Map(modules.map((m) => [m, [...deps.get(m)].sort()]));
  const usedBy = new Map(modules.map((m) => [m, modules.filter((other) => deps.get(other).has(m))]));
  const edges = modules.flatMap((m) => dependsOn.get(m).map((to) => [m, to]));
  return { modules, dependsOn, usedBy, edges };
}

/** A Mermaid node id for a module name (`app-version` → `app_version`). */
const nodeId = (name) => name.replace(/[^A-Za-z0-9_]/g, '_');

const list = (names) => (names.length ? names.map((n) => `\`${n}\``).join(', ') : NONE);

/**
 * The Markdown block between the markers in docs/architecture.md: a note on how it is made, the
 * table, and the Mermaid graph. No trailing newline.
 * @param {string} root the repository root
 */
export function moduleGraphMarkdown(root = REPO_ROOT) {
  const { modules, dependsOn, usedBy, edges } = moduleGraph(root);
  const lines = [
    '<!-- Generated by scripts/docs/module-graph.mjs: do not edit by hand. After a module gains or',
    '     loses a dependency, run `node scripts/docs/module-graph.mjs --write`. -->',
    '',
    `${modules.length} modules, ${edges.length} edges.`,
    '',
    '| module | depends on | depended on by |',
    '| --- | --- | --- |',
    ...modules.map((m) => `| \`${m}\` | ${list(dependsOn.get(m))} | ${list(usedBy.get(m))} |`),
    '',
    '```mermaid',
    'graph LR',
    ...modules.map((m) => `  ${nodeId(m)}["${m}"]`),
    ...edges.map(([from, to]) => `  ${nodeId(from)} --> ${nodeId(to)}`),
    '```',
  ];
  return lines.join('\n');
}

/** The text between the markers of `doc` (trimmed), or null when the markers are missing. */
export function readBlock(doc) {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END, start + START.length);
  if (start < 0 || end < 0) return null;
  return doc.slice(start + START.length, end).trim();
}

/** `doc` with `block` between its markers (one blank line on each side). */
export function replaceBlock(doc, block) {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END, start + START.length);
  if (start < 0 || end < 0) throw new Error(`${DOC} has no ${START} … ${END} markers`);
  return `${doc.slice(0, start + START.length)}\n\n${block}\n\n${doc.slice(end)}`;
}

/** A short line diff of two texts (longest common subsequence): `-` lines of `a`, `+` lines of `b`. */
export function lineDiff(a, b) {
  const x = a.split('\n');
  const y = b.split('\n');
  const lcs = Array.from({ length: x.length + 1 }, () => new Array(y.length + 1).fill(0));
  for (let i = x.length - 1; i >= 0; i -= 1) {
    for (let j = y.length - 1; j >= 0; j -= 1) {
      lcs[i][j] = x[i] === y[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const out = [];
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      i += 1;
      j += 1;
    } else if (j < y.length && (i === x.length || lcs[i][j + 1] >= lcs[i + 1][j])) {
      out.push(`+ ${y[j]}`);
      j += 1;
    } else {
      out.push(`- ${x[i]}`);
      i += 1;
    }
  }
  return out;
}

function main(args) {
  const root = REPO_ROOT;
  const block = moduleGraphMarkdown(root);
  const docPath = path.join(root, DOC);
  if (args.includes('--write')) {
    const doc = fs.readFileSync(docPath, 'utf8');
    const next = replaceBlock(doc, block);
    if (next !== doc) fs.writeFileSync(docPath, next);
    console.log(next === doc ? `${DOC}: module graph already up to date` : `${DOC}: module graph written`);
    return 0;
  }
  if (args.includes('--check')) {
    const current = readBlock(fs.readFileSync(docPath, 'utf8'));
    if (current === null) {
      console.error(`${DOC} has no ${START} … ${END} markers.`);
      return 1;
    }
    if (current === block) {
      console.log(`${DOC}: module graph up to date`);
      return 0;
    }
    console.error(`${DOC}: the module graph differs from the imports (- in the doc, + generated):`);
    for (const line of lineDiff(current, block)) console.error(`  ${line}`);
    console.error('Run `node scripts/docs/module-graph.mjs --write` and commit docs/architecture.md.');
    return 1;
  }
  console.log(block);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
