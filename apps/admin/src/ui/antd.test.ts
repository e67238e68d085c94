import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANTD_COMPONENTS, THEME } from '../theme';
import { csvCell, csvFileName, toCsv } from './csv';

const SRC = path.join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('antd in the back office (docs/decisions/0134-back-office-on-antd.md)', () => {
  it('extracts the styles of every antd component the pages import', () => {
    const used = new Set<string>();
    for (const file of sources(SRC)) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/import \{([^}]*)\} from 'antd';/g)) {
        for (const name of (m[1] ?? '')
          .split(',')
          .map((n) => n.trim())
          .filter((n) => n && !n.startsWith('type ')))
          used.add(name.split(' as ')[0] ?? name);
      }
    }
    expect(used.size).toBeGreaterThan(10);
    // ConfigProvider has no styles of its own.
    const extracted = new Set<string>([...ANTD_COMPONENTS, 'ConfigProvider']);
    expect([...used].filter((name) => !extracted.has(name))).toEqual([]);
  });

  it('imports antd only from its package root, so the list above sees every component', () => {
    const deep = sources(SRC).filter((file) =>
      /from 'antd\/(?!es\/table\b|es\/table\/interface\b)/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(deep.map((f) => path.relative(SRC, f))).toEqual([]);
  });

  it('runs antd with a fixed CSS-variable key and no hashed class names, as the extracted CSS was made', () => {
    expect(THEME.hashed).toBe(false);
    expect(THEME.cssVar.key).toMatch(/^css-var-/);
    // Only main.tsx starts antd, in zero-runtime mode, under a StyleProvider whose container is never attached.
    const main = fs.readFileSync(path.join(SRC, 'main.tsx'), 'utf8');
    expect(main).toMatch(/theme=\{\{ \.\.\.THEME, zeroRuntime: true \}\}/);
    expect(main).toMatch(/<StyleProvider container=\{detachedStyles\}>/);
  });
});

describe('CSV export', () => {
  it('quotes what needs quoting and keeps a formula from running', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('-125.500000')).toBe('-125.500000');
    expect(csvCell('@me')).toBe("'@me");
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('writes a header and a line per row, CRLF-ended', () => {
    const rows = [
      { id: 1, note: 'ok' },
      { id: 2, note: 'a, b' },
    ];
    expect(
      toCsv(
        [
          { title: 'Id', csv: (r: (typeof rows)[number]) => r.id },
          { title: 'Note', csv: (r) => r.note },
        ],
        rows,
      ),
    ).toBe('Id,Note\r\n1,ok\r\n2,"a, b"\r\n');
  });

  it('names the file after the list and the local time', () => {
    expect(csvFileName('Audit log', new Date(2026, 10, 29, 14, 5))).toBe('audit-log-2026-11-29-1405.csv');
    expect(csvFileName('approvals pending', new Date(2026, 0, 2, 3, 4))).toBe('approvals-pending-2026-01-02-0304.csv');
  });
});
