/**
 * The desktop trading dashboard's panels (apps/web app/desktop/dashboard/), by stable id. The
 * price strip is not one of them: it heads the dashboard and holds the "Customise layout" button.
 * Plain values apart from the arrangement's schema (schemas/dashboard-layout.ts), so the web's
 * dashboard frame, which places the panels, does not carry TypeBox (docs/performance.md).
 */
export const DASHBOARD_PANELS = ['markets', 'chart', 'orders', 'book', 'trades', 'entry', 'account'] as const;
export type DashboardPanelId = (typeof DASHBOARD_PANELS)[number];

/** The dashboard has at most this many columns; an empty one is not shown. */
export const DASHBOARD_COLUMNS = 4;
/** The version of the layout's shape; a stored layout of another version is replaced by the default. */
export const DASHBOARD_LAYOUT_VERSION = 1;
