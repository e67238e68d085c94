import { currentLayout } from './layout-mode';

/** Paths the shared code links to. The full route table is app/route-table.ts. */
export const HOME_PATH = '/pages/home/index';
export const DESKTOP_HOME_PATH = '/pages/desktop/dashboard/index';

/** The home of the layout in use (the desktop dashboard or the mobile home). */
export function layoutHomePath(): string {
  return currentLayout() === 'desktop' ? DESKTOP_HOME_PATH : HOME_PATH;
}
export const LOGIN_PATH = '/pages/login/login';

export const TAB_PATHS = {
  home: HOME_PATH,
  quote: '/pages/quote/index',
  trade: '/pages/trade-chart/index',
  asset: '/pages/assets/index',
  profile: '/pages/profile/index',
} as const;

/** Login, remembering where to return afterwards. */
export function loginPathFor(returnTo: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(returnTo)}`;
}

/** Pages of several features that link to each other (routes compose them in app/). */
export const ASSETS_PATH = '/pages/assets/index';
export const OTC_PATH = '/pages/otc/index';
export const WALLET_PATH = '/pages/wallet/index';
export const TRANSFER_PATH = '/pages/assets/transfer';
/** The user's seconds contracts and spot orders (the Asset tab's order history, spec §2). */
export const ORDER_HISTORY_PATH = '/pages/assets/order-history';
