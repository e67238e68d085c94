import {
  HEADER_LANGS,
  SHORTCUT_LABEL_MAX,
  SHORTCUT_POSITION_MAX,
  SHORTCUT_TARGET_PATTERN,
  type AdminHomeShortcut,
  type HeaderLang,
  type HomeShortcutKey,
  type HomeShortcutSave,
  type ShortcutLabels,
} from '@app/contract';
import type { Problems } from './withdrawal-forms';

/**
 * The home shortcuts' form (issue 34; docs/content.md "Home shortcuts") in plain words: the
 * contract's rules said field by field, so the form refuses what the server would refuse.
 */

/** The shortcuts as the app names them in English (docs/product.md §1). */
export const SHORTCUT_NAMES: Record<HomeShortcutKey, string> = {
  deposit: 'Deposit',
  vip: 'VIP',
  otc: 'OTC',
  cloudMining: 'Cloud Mining Pool',
  noviceGuide: 'Novice Guide',
  liveChat: 'Live Chat',
  ranking: 'Rise and Drop Ranking',
  announcements: 'Announcements',
};

export type ShortcutField = 'position' | 'target' | `labels.${HeaderLang}`;

export interface ShortcutDraft {
  visible: boolean;
  position: string;
  target: string;
  labels: Record<HeaderLang, string>;
}

export function shortcutDraft(row: AdminHomeShortcut): ShortcutDraft {
  const labels = Object.fromEntries(HEADER_LANGS.map((l) => [l, row.labels[l] ?? ''])) as Record<HeaderLang, string>;
  return { visible: row.visible, position: String(row.position), target: row.target, labels };
}

const TARGET = new RegExp(SHORTCUT_TARGET_PATTERN);

export function shortcutProblems(d: ShortcutDraft): Problems<ShortcutField> {
  const out: Problems<ShortcutField> = {};
  const position = d.position.trim();
  if (!/^[0-9]{1,2}$/.test(position) || Number(position) > SHORTCUT_POSITION_MAX)
    out.position = `Enter a whole number from 0 to ${SHORTCUT_POSITION_MAX}: shortcuts show from the lowest.`;
  const target = d.target.trim();
  if (!TARGET.test(target) || target.length > 200)
    out.target = 'Enter an app page starting with /pages/, for example /pages/home/vip (no other site).';
  for (const lang of HEADER_LANGS) {
    if (d.labels[lang].trim().length > SHORTCUT_LABEL_MAX)
      out[`labels.${lang}`] = `A label has at most ${SHORTCUT_LABEL_MAX} characters.`;
  }
  return out;
}

/** The body of a save: labels trimmed, the empty ones left out (those languages show English, else the app's name). */
export function shortcutBody(key: HomeShortcutKey, d: ShortcutDraft): HomeShortcutSave {
  const labels: ShortcutLabels = {};
  for (const lang of HEADER_LANGS) {
    const text = d.labels[lang].trim();
    if (text) labels[lang] = text;
  }
  return { key, visible: d.visible, position: Number(d.position.trim()), labels, target: d.target.trim() };
}

/** An operator's labels in one line for the table: "English: Top movers; German: Top-Werte", or the app's own name. */
export function labelsText(labels: Record<string, string>, names: Record<HeaderLang, string>): string {
  const set = HEADER_LANGS.filter((l) => labels[l]);
  return set.length ? set.map((l) => `${names[l]}: ${labels[l]}`).join('; ') : "The app's own name";
}
