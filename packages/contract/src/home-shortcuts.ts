/**
 * The home page's shortcuts and the novice guide's steps as plain values (no schema here: the web
 * app's first route imports them, and the schemas' module would bring the schema library along).
 * Their schemas are in schemas/home.ts (docs/content.md "Home shortcuts", "Novice guide").
 */

/** The shortcuts of docs/product.md §1, in its order. */
export const HOME_SHORTCUT_KEYS = [
  'deposit',
  'vip',
  'otc',
  'cloudMining',
  'noviceGuide',
  'liveChat',
  'ranking',
  'announcements',
] as const;
export type HomeShortcutKey = (typeof HOME_SHORTCUT_KEYS)[number];

export const SHORTCUT_LABEL_MAX = 24;
export const SHORTCUT_TARGET_MAX = 200;
export const SHORTCUT_POSITION_MAX = 99;
/** An app page: `/pages/…` with an optional query of plain characters (no scheme, no host, no `..`). */
export const SHORTCUT_TARGET_PATTERN = '^/pages/[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*(\\?[A-Za-z0-9=&_.%-]*)?$';

/**
 * The novice guide's steps (docs/decisions/0154-novice-guide-from-facts.md), in order: a trade with the demo
 * account's play money, a first seconds contract, a first deposit credited to the real account, the
 * fund password set.
 */
export const GUIDE_STEPS = ['demo', 'contract', 'deposit', 'security'] as const;
export type GuideStepKey = (typeof GUIDE_STEPS)[number];
