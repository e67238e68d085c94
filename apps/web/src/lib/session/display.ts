import type { Theme, TypeUser } from '@app/contract';

/** Browser chrome colour per theme, matching --color-bg in styles/tokens.css. */
const THEME_COLOR: Record<Theme, string> = { light: '#f4f6fb', dark: '#0e131d' };

/**
 * Applies theme and account mode to the whole document: our CSS variables key off
 * `data-theme` and `data-type-user` (demo mode changes the colours, docs/product.md §4), and
 * antd-mobile's dark mode keys off `data-prefers-color-scheme`. No library: the entry
 * (main.tsx) calls it with the stored choice before anything is painted.
 */
export function applyDisplay(theme: Theme, typeUser: TypeUser): void {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.dataset.typeUser = typeUser;
  root.setAttribute('data-prefers-color-scheme', theme);
  root.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOR[theme]);
}
