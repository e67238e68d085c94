import { describe, expect, it } from 'vitest';
import type { AdminHomeShortcut } from '@app/contract';
import { LANG_LABELS } from './product-names';
import { labelsText, shortcutBody, shortcutDraft, shortcutProblems } from './shortcut-forms';

const row: AdminHomeShortcut = {
  key: 'cloudMining',
  visible: false,
  position: 3,
  labels: { de: 'Mining' },
  target: '/pages/home/coming-soon?feature=cloudMining',
  updatedAt: null,
  updatedBy: null,
};

describe('the home shortcut form', () => {
  it('starts from the row, with an empty label for each language without one', () => {
    const d = shortcutDraft(row);
    expect(d).toMatchObject({ visible: false, position: '3', target: row.target });
    expect(d.labels.de).toBe('Mining');
    expect(d.labels.en).toBe('');
    expect(shortcutProblems(d)).toEqual({});
  });

  it('refuses a target outside the app, a position out of range and a label too long', () => {
    const d = shortcutDraft(row);
    for (const target of ['https://mine.example/', '//evil.example', '/pages/../admin', '/admin/', 'pages/home/vip'])
      expect(shortcutProblems({ ...d, target }).target, target).toBe(
        'Enter an app page starting with /pages/, for example /pages/home/vip (no other site).',
      );
    expect(shortcutProblems({ ...d, position: '100' }).position).toBeDefined();
    expect(shortcutProblems({ ...d, position: '-1' }).position).toBeDefined();
    expect(shortcutProblems({ ...d, labels: { ...d.labels, fr: 'x'.repeat(25) } })['labels.fr']).toBe(
      'A label has at most 24 characters.',
    );
  });

  it('sends trimmed labels, leaving out the empty ones, and says them in one line', () => {
    const d = shortcutDraft(row);
    const body = shortcutBody('cloudMining', {
      ...d,
      visible: true,
      position: ' 8 ',
      target: ' /pages/profile/helper-center ',
      labels: { ...d.labels, en: ' Mining info ', de: '' },
    });
    expect(body).toEqual({
      key: 'cloudMining',
      visible: true,
      position: 8,
      labels: { en: 'Mining info' },
      target: '/pages/profile/helper-center',
    });
    expect(labelsText({ en: 'Top movers', de: 'Top-Werte' }, LANG_LABELS)).toBe(
      'English: Top movers; German: Top-Werte',
    );
    expect(labelsText({}, LANG_LABELS)).toBe("The app's own name");
  });
});
