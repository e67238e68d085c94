import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DOC,
  END,
  REPO_ROOT,
  START,
  importSpecifiers,
  moduleGraph,
  moduleGraphMarkdown,
  readBlock,
  replaceBlock,
} from './module-graph.mjs';

describe('docs/architecture.md shows the server modules as they import each other', () => {
  it('the module graph block in docs/architecture.md is the generated one', () => {
    const doc = fs.readFileSync(path.join(REPO_ROOT, DOC), 'utf8');
    const block = readBlock(doc);
    expect(block, `${DOC} has lost its ${START} … ${END} markers`).not.toBeNull();
    expect(
      block,
      `${DOC}'s module graph is out of date: a module gained or lost a dependency on another. ` +
        'Run `node scripts/docs/module-graph.mjs --write` (`--check` shows the difference) and commit docs/architecture.md.',
    ).toBe(moduleGraphMarkdown(REPO_ROOT));
  });

  it('the generator finds known edges of the repository and no module depending on itself', () => {
    const { modules, dependsOn, usedBy, edges } = moduleGraph(REPO_ROOT);
    expect(modules).toContain('ledger');
    expect(dependsOn.get('wallet')).toContain('ledger');
    expect(dependsOn.get('deposits')).toContain('ledger');
    expect(usedBy.get('ledger')).toContain('wallet');
    // The ledger sits at the bottom: it imports no module (its feed events leave through an interface).
    expect(dependsOn.get('ledger')).toEqual([]);
    expect(edges.length).toBeGreaterThan(0);
    for (const [from, to] of edges) {
      expect(from, `${from} → ${to}`).not.toBe(to);
      expect(modules).toContain(to);
    }
  });
});

describe('what counts as an import between modules', () => {
  /** Temporary repositories in miniature, removed after each test. */
  const roots: string[] = [];
  afterEach(() => {
    for (const dir of roots.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('relative imports into another module count, whatever their spelling; tests, comments and other folders do not', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'module-graph-'));
    roots.push(root);
    const write = (rel: string, text: string) => {
      const file = path.join(root, 'apps/server/src/modules', rel);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    };
    write('ledger/index.ts', "export { LedgerService } from './service';\nimport { x } from '../../lib/clock';\n");
    write('ledger/service.ts', 'export class LedgerService {}\n');
    write('wallet/index.ts', "import type { LedgerService } from '../ledger';\n");
    write('otc/service.ts', "import {\n  LedgerService,\n} from '../../modules/ledger/index';\n");
    write('spot/deep/service.ts', "const ledger = () => import('../../ledger');\n");
    write(
      'market/index.ts',
      "// import { x } from '../ledger';\n/** import('../wallet') */\nconst re = /'/; export const s = 'from \\'x\\'';\n",
    );
    write('market/market.test.ts', "import { LedgerService } from '../ledger';\n");
    write('market/test-helpers.ts', "import type { TestApp } from '../../../test/harness';\n");
    const { dependsOn, edges } = moduleGraph(root);
    expect(dependsOn.get('wallet')).toEqual(['ledger']);
    expect(dependsOn.get('otc')).toEqual(['ledger']);
    expect(dependsOn.get('spot')).toEqual(['ledger']);
    expect(dependsOn.get('market')).toEqual([]);
    expect(edges).toEqual([
      ['otc', 'ledger'],
      ['spot', 'ledger'],
      ['wallet', 'ledger'],
    ]);
    const md = moduleGraphMarkdown(root);
    expect(md).toContain('| `ledger` | — | `otc`, `spot`, `wallet` |');
    expect(md).toContain('  otc --> ledger');
  });

  it('reads specifiers from code only', () => {
    expect(
      importSpecifiers("import a from './a';\nexport * from '../b';\nimport './c';\n/* import d from '../d' */"),
    ).toEqual(['./a', '../b', './c']);
  });

  it('--write puts the block between the markers and keeps the rest of the page', () => {
    const doc = `# Page\n\nbefore\n${START}\nold\n${END}\nafter\n`;
    const next = replaceBlock(doc, 'new block');
    expect(next).toBe(`# Page\n\nbefore\n${START}\n\nnew block\n\n${END}\nafter\n`);
    expect(readBlock(next)).toBe('new block');
  });
});
