#!/usr/bin/env node
/**
 * The repository explains itself (README.md "Documentation"): every citation of a doc in the code and the docs
 * must point at something that exists, and nothing may cite a document outside the repository.
 *
 * A citation is `docs/<page>.md` (the page must exist), optionally followed by sections:
 * - `§N` (and `, §M` …): a heading numbered N (`## 7. …`, `### 8a …`) in that page;
 * - `"Heading"`: a heading of that page whose text starts with those words (case ignored).
 *
 * And the README links every page of docs/.
 *
 * `node scripts/docs/citations.mjs` prints the broken ones (exit 1 if any); the unit test
 * scripts/docs/citations.test.ts runs the same check.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TEXT = /\.(ts|tsx|mts|mjs|js|cjs|sql|md|sh|json|yml|yaml|css|html)$/;
/** Files that may name what they check for. */
const SKIP = new Set(['package-lock.json']);
/**
 * Documents that live outside the repository, by the names the code used for them (their names are
 * put together here, so that this file does not cite them itself).
 */
const DESIGN_DOC = ['DES', 'IGN'].join('');
const SPEC_DOC = ['product', 'spec'].join('-');
const OUTSIDE = [new RegExp(`\\b${DESIGN_DOC}(\\.md)?( §|\\b)`), new RegExp(`${SPEC_DOC}\\.md`), /\.\.\/shared\//];
const CITATION = /docs\/([\w./-]+?\.md)((?:,? ?(?:and )?§[0-9]+[a-z]?)*)(?: "([^"\n]+)")?/g;

/** The headings of a Markdown page, lower-cased, without their leading #s. */
function headings(file) {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => /^#{1,6} /.test(l))
    .map((l) => l.replace(/^#+ /, '').trim().toLowerCase());
}

/** Every broken citation and outside reference in the tracked files: `file:line: what`. */
export function brokenCitations(root) {
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => TEXT.test(f) && !SKIP.has(f) && fs.existsSync(path.join(root, f)));
  const cache = new Map();
  const headingsOf = (page) => {
    if (!cache.has(page))
      cache.set(page, fs.existsSync(path.join(root, page)) ? headings(path.join(root, page)) : null);
    return cache.get(page);
  };
  // The page's words, without Markdown's emphasis and line breaks.
  const textOf = (page) =>
    fs.readFileSync(path.join(root, page), 'utf8').replace(/[*_`]/g, '').replace(/\s+/g, ' ').toLowerCase();
  const broken = [];
  for (const file of files) {
    const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      const at = `${file}:${i + 1}`;
      for (const outside of OUTSIDE)
        if (outside.test(line)) broken.push(`${at}: cites a document outside the repository (${outside.source})`);
      for (const m of line.matchAll(CITATION)) {
        const page = `docs/${m[1]}`;
        const hs = headingsOf(page);
        if (hs === null) {
          broken.push(`${at}: ${page} does not exist`);
          continue;
        }
        for (const [, n] of (m[2] ?? '').matchAll(/§([0-9]+[a-z]?)/g)) {
          if (!hs.some((h) => h.startsWith(`${n}.`) || h.startsWith(`${n} `)))
            broken.push(`${at}: ${page} has no section §${n}`);
        }
        // After a section, the quoted words are a term of it; alone, they name a heading.
        const quoted = m[3]?.toLowerCase();
        if (quoted && m[2] && !textOf(page).includes(quoted)) broken.push(`${at}: ${page} does not say "${m[3]}"`);
        else if (quoted && !m[2] && !hs.some((h) => h.startsWith(quoted)))
          broken.push(`${at}: ${page} has no heading "${m[3]}"`);
      }
    });
  }
  // The README links every page of docs/ (and the decisions' index).
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const pages = [
    ...fs
      .readdirSync(path.join(root, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
    'docs/decisions/README.md',
  ];
  for (const page of pages) if (!readme.includes(`(${page})`)) broken.push(`README.md: does not link ${page}`);
  return broken;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const broken = brokenCitations(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'));
  for (const b of broken) console.log(b);
  console.log(`${broken.length} broken citation(s)`);
  process.exit(broken.length ? 1 : 0);
}
