import type { ComponentType, SVGProps } from 'react';
import type { HomeShortcut, HomeShortcutKey } from '@app/contract';
import {
  IconBook,
  IconChat,
  IconCloud,
  IconDeposit,
  IconMegaphone,
  IconRanking,
  IconSwap,
  IconVip,
} from '../../../components/icons';
import { PATHS } from '../../../lib/routing/paths';
import type { Messages } from '../../../locales';

export type ShortcutKey = keyof Pick<
  Messages['home'],
  'deposit' | 'vip' | 'otc' | 'cloudMining' | 'noviceGuide' | 'liveChat' | 'ranking' | 'announcements'
>;

/**
 * Shortcuts whose default page is the "coming soon" page: Cloud Mining Pool alone, hidden until an
 * operator shows it (docs/decisions/0153-home-shortcuts-configured-by-operators.md).
 */
export const COMING_SOON: readonly ShortcutKey[] = ['cloudMining'];

export const COMING_SOON_PATH = PATHS.comingSoon;

type Icon = ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;

export interface Shortcut {
  key: ShortcutKey;
  to: string;
  Icon: Icon;
  /** The operators' label in the app's language; null: the app's own name (`home.<key>`). */
  label: string | null;
}

const ICONS: Record<HomeShortcutKey, Icon> = {
  deposit: IconDeposit,
  vip: IconVip,
  otc: IconSwap,
  cloudMining: IconCloud,
  noviceGuide: IconBook,
  liveChat: IconChat,
  ranking: IconRanking,
  announcements: IconMegaphone,
};

/**
 * The home shortcuts of docs/product.md §1, in its order, as the server's configuration starts
 * (apps/server migration 0034): the grid shows them only when the configuration cannot be read.
 */
export const SHORTCUTS: readonly (Shortcut & { visible: boolean })[] = [
  { key: 'deposit', to: PATHS.recharge, visible: true },
  { key: 'vip', to: PATHS.vip, visible: true },
  { key: 'otc', to: PATHS.otc, visible: true },
  { key: 'cloudMining', to: `${COMING_SOON_PATH}?feature=cloudMining`, visible: false },
  { key: 'noviceGuide', to: PATHS.noviceGuide, visible: true },
  { key: 'liveChat', to: `${PATHS.customerService}?from=home`, visible: true },
  { key: 'ranking', to: PATHS.ranking, visible: true },
  { key: 'announcements', to: `${PATHS.news}?tab=announcement`, visible: true },
].map((s) => ({ ...s, key: s.key as ShortcutKey, Icon: ICONS[s.key as HomeShortcutKey], label: null }));

/**
 * An app page (the server checks SHORTCUT_TARGET_PATTERN when an operator saves one; this second
 * guard keeps any other address out of the grid without the contract's schemas on the first route).
 */
const isAppPage = (target: string) => target.startsWith('/pages/') && !target.includes('..') && !target.includes('//');

/** The shortcuts the server says to show, in its order, with their icons; a target that is not an app page is left out. */
export function shortcutsFrom(shown: readonly HomeShortcut[]): Shortcut[] {
  return shown
    .filter((s) => s.key in ICONS && isAppPage(s.target))
    .map((s) => ({ key: s.key, to: s.target, Icon: ICONS[s.key], label: s.label }));
}

/** What the grid shows when the configuration cannot be read: the default shown shortcuts. */
export const FALLBACK_SHORTCUTS: readonly Shortcut[] = SHORTCUTS.filter((s) => s.visible);
