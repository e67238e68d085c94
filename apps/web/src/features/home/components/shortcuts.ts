import type { ComponentType, SVGProps } from 'react';
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

/** Shortcuts whose behaviour docs/product.md §1 does not show: they open the "coming soon" page. */
export const COMING_SOON: readonly ShortcutKey[] = ['vip', 'cloudMining', 'noviceGuide', 'ranking'];

export const COMING_SOON_PATH = PATHS.comingSoon;

export interface Shortcut {
  key: ShortcutKey;
  to: string;
  Icon: ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;
}

/** The home shortcuts of docs/product.md §1, in its order. */
export const SHORTCUTS: readonly Shortcut[] = [
  { key: 'deposit', to: PATHS.recharge, Icon: IconDeposit },
  { key: 'vip', to: `${COMING_SOON_PATH}?feature=vip`, Icon: IconVip },
  { key: 'otc', to: PATHS.otc, Icon: IconSwap },
  { key: 'cloudMining', to: `${COMING_SOON_PATH}?feature=cloudMining`, Icon: IconCloud },
  { key: 'noviceGuide', to: `${COMING_SOON_PATH}?feature=noviceGuide`, Icon: IconBook },
  { key: 'liveChat', to: `${PATHS.customerService}?from=home`, Icon: IconChat },
  { key: 'ranking', to: `${COMING_SOON_PATH}?feature=ranking`, Icon: IconRanking },
  { key: 'announcements', to: `${PATHS.news}?tab=announcement`, Icon: IconMegaphone },
];
