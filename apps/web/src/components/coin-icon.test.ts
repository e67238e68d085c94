import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DARK_MARK_COINS } from './coin-icon';

const WEB = path.resolve(import.meta.dirname, '../..');
const COINS = path.join(WEB, 'public/coins');

/** WCAG relative luminance of "#rrggbb". */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The dark theme's page and card colours (styles/tokens.css), which an icon sits on. */
function darkSurfaces(): string[] {
  const tokens = readFileSync(path.join(WEB, 'src/styles/tokens.css'), 'utf8');
  const dark = tokens.slice(tokens.indexOf(':root[data-theme="dark"] {'));
  const block = dark.slice(0, dark.indexOf('}'));
  return ['--color-bg', '--color-surface', '--color-surface-2'].map((name) => {
    const value = new RegExp(`${name}:\\s*(#[0-9a-fA-F]{6});`).exec(block)?.[1];
    if (!value) throw new Error(`${name} is not a #rrggbb colour in the dark theme`);
    return value;
  });
}

describe('coin icons in the dark theme', () => {
  it('rings exactly the coins whose mark is under 2:1 against a dark surface', () => {
    const surfaces = darkSurfaces();
    const dark = readdirSync(COINS)
      .filter((f) => f.endsWith('.svg'))
      .filter((file) => {
        const svg = readFileSync(path.join(COINS, file), 'utf8');
        const fill = /<circle[^>]*fill="(#[0-9a-fA-F]{6})"/.exec(svg)?.[1];
        if (!fill) throw new Error(`${file}: no #rrggbb circle to measure`);
        return Math.min(...surfaces.map((s) => contrast(fill, s))) < 2;
      })
      .map((file) => file.replace(/\.svg$/, '').toUpperCase())
      .sort();
    // The four a newcomer saw vanish, and the two others as dark.
    expect(dark).toEqual(expect.arrayContaining(['EOS', 'OMG', 'XRP', 'ZRX']));
    expect([...DARK_MARK_COINS].sort()).toEqual(dark);
  });

  it('has a ring rule for them in the dark theme', () => {
    const css = readFileSync(path.join(WEB, 'src/styles/components.css'), 'utf8');
    expect(css).toMatch(
      /:root\[data-theme="dark"\] \.coin-icon--dark-mark \{\s*box-shadow: 0 0 0 [\d.]+px #[0-9a-f]{6};/,
    );
  });
});
