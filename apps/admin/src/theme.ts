import type { ThemeConfig } from 'antd';

/**
 * The back office's antd theme (docs/decisions/0134-back-office-on-antd.md). The build extracts the
 * CSS of ANTD_COMPONENTS under this theme into a stylesheet (antd-vite.ts); at run time antd runs in
 * zero-runtime mode with the same theme, so no style is made in the browser (the CSP allows only our
 * files, docs/security.md "Headers").
 *
 * Colours: the accent and the danger red of the back office's stylesheet; antd's default grey for
 * secondary text (45 % black), its red and its amber are below WCAG AA contrast on white, so they are
 * darker here.
 */
export const THEME = {
  hashed: false,
  // A fixed key: the class the extracted CSS scopes its variables to is the one the components carry.
  cssVar: { key: 'css-var-bo' },
  token: {
    colorPrimary: '#0b4fd6',
    colorLink: '#0b4fd6',
    colorError: '#b3261e',
    colorWarning: '#8a5a00',
    colorTextSecondary: '#3d4757',
    colorTextTertiary: '#4a5668',
    colorTextDescription: '#4a5668',
    colorTextPlaceholder: '#6b7585',
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    fontSize: 14,
    borderRadius: 6,
    // An operator's tool: dialogs, menus and messages appear at once (and axe never judges one half shown).
    motion: false,
  },
} as const satisfies ThemeConfig;

/**
 * The antd components whose styles the build extracts: every one the back office renders, itself or
 * inside another (a Table's Pagination, Spin and Empty; a Form's Row and Col). A unit test checks
 * that each component imported from antd in src/ is here.
 */
export const ANTD_COMPONENTS = [
  'Alert',
  'App',
  'Button',
  'Card',
  'Checkbox',
  'Col',
  'DatePicker',
  'Descriptions',
  'Divider',
  'Dropdown',
  'Empty',
  'Flex',
  'Form',
  'Input',
  'InputNumber',
  'Layout',
  'Modal',
  'Pagination',
  'Radio',
  'Row',
  'Select',
  'Space',
  'Spin',
  'Table',
  'Tabs',
  'Tag',
  'Tooltip',
  'Typography',
  'message',
] as const;
