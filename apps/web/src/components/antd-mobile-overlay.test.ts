import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const OVERLAY = path.join('components', 'antd-mobile-overlay.ts');

/** The names imported from 'antd-mobile' in a source text. */
function kitImports(text: string): string[] {
  return [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd-mobile'/g)].flatMap((m) =>
    m[1]!
      .split(',')
      .map(
        (s) =>
          s
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!,
      )
      .filter(Boolean),
  );
}

const sources = () =>
  fs
    .readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'));

describe('antd-mobile overlays', () => {
  it('come only through components/antd-mobile-overlay.ts, which installs their React 19 renderer (Dialog), or not at all (Toast)', () => {
    const offenders = sources().filter(
      (f) =>
        f !== OVERLAY &&
        kitImports(fs.readFileSync(path.join(SRC, f), 'utf8')).some((n) => n === 'Dialog' || n === 'Toast'),
    );
    expect(offenders).toEqual([]);
  });

  it('load on the first question: nothing imports the overlay module statically (components/confirm-dialog.ts loads it)', () => {
    const offenders = sources().filter((f) =>
      /from\s*'[^']*antd-mobile-overlay'/.test(fs.readFileSync(path.join(SRC, f), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
