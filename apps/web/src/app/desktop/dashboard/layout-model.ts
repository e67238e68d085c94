import {
  DASHBOARD_COLUMNS,
  DASHBOARD_LAYOUT_VERSION,
  DASHBOARD_PANELS,
  type DashboardLayout,
  type DashboardPanelId,
  type DashboardPanelPlace,
} from '@app/contract';

/**
 * The dashboard's arrangement as data (docs/decisions/0045-dashboard-arrangement-model.md,
 * docs/decisions/0047-dashboard-arrangement-stored-per-user.md): each panel's
 * column and whether it is hidden, the list in reading order (a column's panels top to bottom).
 * Pure functions; the page places the panels with `placement`.
 */

/** The arrangement before the user changes anything: the dashboard as issue 15 built it. */
export const DEFAULT_LAYOUT: DashboardLayout = {
  version: DASHBOARD_LAYOUT_VERSION,
  panels: [
    { id: 'markets', column: 0, hidden: false },
    { id: 'chart', column: 1, hidden: false },
    { id: 'orders', column: 1, hidden: false },
    { id: 'book', column: 2, hidden: false },
    { id: 'trades', column: 2, hidden: false },
    { id: 'entry', column: 3, hidden: false },
    { id: 'account', column: 3, hidden: false },
  ],
};

interface PanelSize {
  /** Share of the width (as `fr`) the panel asks of its column. */
  width: number;
  /** Narrowest the panel is usable at, px. */
  minWidth: number;
  /** Share of its column's height. */
  height: number;
  /**
   * Fewest of the GRID_ROWS it gets when it shares a column, whatever its share: the markets under
   * the chart and the orders kept one list row high by their share alone (issue 34). When the
   * minimums of a column add up to more than the rows, each gets its part of them.
   */
  minRows: number;
}

/** The widths are the first dashboard's: 19 % markets, 16 % book, 21 % entry, the chart the rest. */
const SIZES: Record<DashboardPanelId, PanelSize> = {
  markets: { width: 19, minWidth: 230, height: 4, minRows: 30 },
  chart: { width: 44, minWidth: 0, height: 7, minRows: 18 },
  orders: { width: 44, minWidth: 0, height: 3, minRows: 12 },
  book: { width: 16, minWidth: 190, height: 3, minRows: 18 },
  trades: { width: 16, minWidth: 190, height: 2, minRows: 12 },
  entry: { width: 21, minWidth: 280, height: 7.3, minRows: 36 },
  account: { width: 21, minWidth: 280, height: 2.7, minRows: 14 },
};

/** Rows the panels' heights are divided into (the price strip's row comes first). */
export const GRID_ROWS = 60;
/** The columns' narrowest widths together never exceed this (a 1001 px window less its padding and gaps). */
const MIN_WIDTH_BUDGET = 920;

const sortByColumn = (panels: DashboardPanelPlace[]) =>
  panels
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.column - b.p.column || a.i - b.i)
    .map(({ p }) => p);

/**
 * Any stored value made a complete arrangement: known panels once each (the first wins), columns
 * in range, and a panel it does not name (added to the dashboard later) in its default column.
 * Anything that is not a layout of this version is the default.
 */
export function normalizeLayout(stored: unknown): DashboardLayout {
  if (!stored || typeof stored !== 'object') return DEFAULT_LAYOUT;
  const { version, panels } = stored as { version?: unknown; panels?: unknown };
  if (version !== DASHBOARD_LAYOUT_VERSION || !Array.isArray(panels)) return DEFAULT_LAYOUT;
  const known = new Set<string>(DASHBOARD_PANELS);
  const seen = new Set<DashboardPanelId>();
  const kept: DashboardPanelPlace[] = [];
  for (const item of panels as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const { id, column, hidden } = item as Record<string, unknown>;
    if (typeof id !== 'string' || !known.has(id) || seen.has(id as DashboardPanelId)) continue;
    seen.add(id as DashboardPanelId);
    const col =
      typeof column === 'number' && Number.isInteger(column) ? Math.min(Math.max(column, 0), DASHBOARD_COLUMNS - 1) : 0;
    kept.push({ id: id as DashboardPanelId, column: col, hidden: hidden === true });
  }
  for (const place of DEFAULT_LAYOUT.panels) if (!seen.has(place.id)) kept.push({ ...place });
  return { version: DASHBOARD_LAYOUT_VERSION, panels: sortByColumn(kept) };
}

export type Move = 'up' | 'down' | 'previous' | 'next';

/** Whether the move is possible (the first panel of a column cannot go up, the last column has no next). */
export function canMove(layout: DashboardLayout, id: DashboardPanelId, move: Move): boolean {
  const place = layout.panels.find((p) => p.id === id);
  if (!place) return false;
  const column = layout.panels.filter((p) => p.column === place.column);
  const at = column.indexOf(place);
  switch (move) {
    case 'up':
      return at > 0;
    case 'down':
      return at < column.length - 1;
    case 'previous':
      return place.column > 0;
    case 'next':
      return place.column < DASHBOARD_COLUMNS - 1;
  }
}

/** The arrangement with one panel moved: up or down within its column, or to the end of the column beside. */
export function movePanel(layout: DashboardLayout, id: DashboardPanelId, move: Move): DashboardLayout {
  if (!canMove(layout, id, move)) return layout;
  const panels = [...layout.panels];
  const from = panels.findIndex((p) => p.id === id);
  const place = panels[from] as DashboardPanelPlace;
  if (move === 'up' || move === 'down') {
    const step = move === 'up' ? -1 : 1;
    let to = from + step;
    while (panels[to]?.column !== place.column) to += step;
    panels[from] = panels[to] as DashboardPanelPlace;
    panels[to] = place;
    return { ...layout, panels };
  }
  panels.splice(from, 1);
  panels.push({ ...place, column: place.column + (move === 'next' ? 1 : -1) });
  return { ...layout, panels: sortByColumn(panels) };
}

/** The arrangement with one panel put in a column, before another panel or at the column's end (a drop). */
export function placePanel(
  layout: DashboardLayout,
  id: DashboardPanelId,
  column: number,
  before: DashboardPanelId | null,
): DashboardLayout {
  const place = layout.panels.find((p) => p.id === id);
  if (!place || before === id || column < 0 || column >= DASHBOARD_COLUMNS) return layout;
  const rest = layout.panels.filter((p) => p.id !== id);
  const target = before === null ? -1 : rest.findIndex((p) => p.id === before && p.column === column);
  const moved = { ...place, column };
  if (target < 0) return { ...layout, panels: sortByColumn([...rest, moved]) };
  return { ...layout, panels: sortByColumn([...rest.slice(0, target), moved, ...rest.slice(target)]) };
}

export function setHidden(layout: DashboardLayout, id: DashboardPanelId, hidden: boolean): DashboardLayout {
  return { ...layout, panels: layout.panels.map((p) => (p.id === id ? { ...p, hidden } : p)) };
}

/** Where a visible panel goes in the grid: its column track, its rows, and whether a panel is above it. */
export interface PanelPlacement {
  id: DashboardPanelId;
  gridColumn: string;
  gridRow: string;
  below: boolean;
}

export interface Placement {
  /** The value of grid-template-columns: one track per column that shows a panel. */
  columns: string;
  /** The price strip's grid-column: across every column but a full-height one (see `placement`). */
  top: string;
  panels: PanelPlacement[];
}

/**
 * The grid for an arrangement: hidden panels and empty columns take no room; each column is as
 * wide as its widest panel asks (in `fr`, so the columns always fill the window), never narrower
 * than its panels' minimum unless the minimums together would not fit a 1001 px window; each
 * panel gets a share of its column's height by its weight, on GRID_ROWS rows under the price strip.
 * The column of the order entry, when it is the first or the last, runs the full height beside
 * the price strip: the order form is the tallest panel, and its buttons and figures then fit a
 * 1440×900 window without scrolling inside the panel.
 */
export function placement(layout: DashboardLayout): Placement {
  const visible = layout.panels.filter((p) => !p.hidden);
  const columns = [...new Set(visible.map((p) => p.column))]
    .sort((a, b) => a - b)
    .map((c) => visible.filter((p) => p.column === c));
  const mins = columns.map((panels) => Math.max(...panels.map((p) => SIZES[p.id].minWidth)));
  const scale = Math.min(
    1,
    MIN_WIDTH_BUDGET /
      Math.max(
        1,
        mins.reduce((a, b) => a + b, 0),
      ),
  );
  const tracks = columns.map(
    (panels, i) =>
      `minmax(${Math.floor((mins[i] ?? 0) * scale)}px, ${Math.max(...panels.map((p) => SIZES[p.id].width))}fr)`,
  );
  const entryColumn = columns.findIndex((panels) => panels.some((p) => p.id === 'entry'));
  const fullHeight = columns.length > 1 && (entryColumn === 0 || entryColumn === columns.length - 1) ? entryColumn : -1;
  const top = fullHeight === 0 ? '2 / -1' : fullHeight > 0 ? `1 / ${fullHeight + 1}` : '1 / -1';
  const placed = columns.flatMap((panels, c) => {
    const shares = rowShares(panels.map((p) => SIZES[p.id]));
    let cumulative = 0;
    let start = 0;
    return panels.map((p, i) => {
      cumulative += shares[i] ?? 0;
      // At least one row each, and room left for the panels below.
      const end = Math.min(Math.max(Math.round(cumulative), start + 1), GRID_ROWS - (panels.length - 1 - i));
      const first = i === 0 && c === fullHeight ? 1 : start + 2;
      const row = { id: p.id, gridColumn: String(c + 1), gridRow: `${first} / ${end + 2}`, below: i > 0 };
      start = end;
      return row;
    });
  });
  return { columns: tracks.join(' ') || 'minmax(0, 1fr)', top, panels: placed };
}

/**
 * Each panel's rows of its column (fractions; `placement` rounds their running sum): its share of
 * GRID_ROWS by its height, raised to its `minRows` with the rest shared by height among the others;
 * minimums that together exceed the rows are scaled down to fit.
 */
function rowShares(sizes: readonly PanelSize[]): number[] {
  const minTotal = sizes.reduce((sum, s) => sum + s.minRows, 0);
  const scale = minTotal > GRID_ROWS ? GRID_ROWS / minTotal : 1;
  const mins = sizes.map((s) => s.minRows * scale);
  const fixed = new Set<number>();
  let shares: number[] = [];
  // Each pass fixes at least one more panel at its minimum, or ends: at most one pass per panel.
  for (;;) {
    const free = GRID_ROWS - [...fixed].reduce((sum, i) => sum + (mins[i] ?? 0), 0);
    const weight = sizes.reduce((sum, s, i) => (fixed.has(i) ? sum : sum + s.height), 0);
    shares = sizes.map((s, i) => (fixed.has(i) ? (mins[i] ?? 0) : weight > 0 ? (free * s.height) / weight : 0));
    const short = shares.findIndex((share, i) => !fixed.has(i) && share < (mins[i] ?? 0) - 1e-9);
    if (short < 0) return shares;
    fixed.add(short);
  }
}
