import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { DashboardLayout, panelsEachOnce, type DashboardPanelId } from '@app/contract';
import {
  canMove,
  DEFAULT_LAYOUT,
  GRID_ROWS,
  movePanel,
  normalizeLayout,
  placePanel,
  placement,
  setHidden,
} from './layout-model';

const order = (layout: DashboardLayout) =>
  layout.panels.map((p) => `${p.id}@${p.column}${p.hidden ? '-' : ''}`).join(' ');

describe('the default arrangement', () => {
  it('is a layout the server accepts, every panel once', () => {
    expect(Value.Check(DashboardLayout, DEFAULT_LAYOUT)).toBe(true);
    expect(panelsEachOnce(DEFAULT_LAYOUT.panels)).toBe(true);
  });

  it('is the first dashboard: four columns, the chart the widest', () => {
    const { columns, panels } = placement(DEFAULT_LAYOUT);
    expect(columns).toBe('minmax(230px, 19fr) minmax(0px, 44fr) minmax(190px, 16fr) minmax(280px, 21fr)');
    expect(panels.find((p) => p.id === 'markets')).toEqual({
      id: 'markets',
      gridColumn: '1',
      gridRow: `2 / ${GRID_ROWS + 2}`,
      below: false,
    });
    expect(panels.find((p) => p.id === 'chart')).toEqual({
      id: 'chart',
      gridColumn: '2',
      gridRow: '2 / 44',
      below: false,
    });
    expect(panels.find((p) => p.id === 'orders')).toEqual({
      id: 'orders',
      gridColumn: '2',
      gridRow: `44 / ${GRID_ROWS + 2}`,
      below: true,
    });
  });
});

describe('normalizeLayout', () => {
  it('keeps a complete arrangement as it is', () => {
    const moved = movePanel(DEFAULT_LAYOUT, 'markets', 'next');
    expect(normalizeLayout(JSON.parse(JSON.stringify(moved)))).toEqual(moved);
  });

  it('adds a panel the stored one does not name (added later) in its default column, and drops unknown or repeated ones', () => {
    const stored = {
      version: 1,
      panels: [
        { id: 'chart', column: 0, hidden: false },
        { id: 'news', column: 1, hidden: false },
        { id: 'chart', column: 3, hidden: true },
        { id: 'markets', column: 9, hidden: 'yes' },
        { id: 'book', column: 1.5, hidden: true },
        null,
      ],
    };
    const layout = normalizeLayout(stored);
    expect(panelsEachOnce(layout.panels)).toBe(true);
    expect(Value.Check(DashboardLayout, layout)).toBe(true);
    expect(order(layout)).toBe('chart@0 book@0- orders@1 trades@2 markets@3 entry@3 account@3');
  });

  it('answers the default for anything that is not a layout of this version', () => {
    for (const value of [
      null,
      undefined,
      'x',
      7,
      [],
      { version: 2, panels: [] },
      { version: 1 },
      { version: 1, panels: 'x' },
    ]) {
      expect(normalizeLayout(value)).toBe(DEFAULT_LAYOUT);
    }
  });
});

describe('moving and hiding', () => {
  it('moves up and down within a column, past hidden panels too', () => {
    const hidden = setHidden(DEFAULT_LAYOUT, 'trades', true);
    expect(order(movePanel(hidden, 'trades', 'up'))).toBe(
      'markets@0 chart@1 orders@1 trades@2- book@2 entry@3 account@3',
    );
    expect(order(movePanel(DEFAULT_LAYOUT, 'chart', 'down'))).toBe(
      'markets@0 orders@1 chart@1 book@2 trades@2 entry@3 account@3',
    );
  });

  it('moves to the end of the column beside', () => {
    expect(order(movePanel(DEFAULT_LAYOUT, 'entry', 'previous'))).toBe(
      'markets@0 chart@1 orders@1 book@2 trades@2 entry@2 account@3',
    );
    expect(order(movePanel(DEFAULT_LAYOUT, 'markets', 'next'))).toBe(
      'chart@1 orders@1 markets@1 book@2 trades@2 entry@3 account@3',
    );
  });

  it('puts a dropped panel before another or at the end of a column', () => {
    expect(order(placePanel(DEFAULT_LAYOUT, 'account', 0, 'markets'))).toBe(
      'account@0 markets@0 chart@1 orders@1 book@2 trades@2 entry@3',
    );
    expect(order(placePanel(DEFAULT_LAYOUT, 'chart', 1, null))).toBe(
      'markets@0 orders@1 chart@1 book@2 trades@2 entry@3 account@3',
    );
    expect(order(placePanel(DEFAULT_LAYOUT, 'orders', 1, 'chart'))).toBe(
      'markets@0 orders@1 chart@1 book@2 trades@2 entry@3 account@3',
    );
    // Before a panel of another column, or itself: the end of the column, or nothing.
    expect(order(placePanel(DEFAULT_LAYOUT, 'markets', 2, 'chart'))).toBe(
      'chart@1 orders@1 book@2 trades@2 markets@2 entry@3 account@3',
    );
    expect(placePanel(DEFAULT_LAYOUT, 'markets', 0, 'markets')).toBe(DEFAULT_LAYOUT);
    expect(placePanel(DEFAULT_LAYOUT, 'markets', 4, null)).toBe(DEFAULT_LAYOUT);
  });

  it('does nothing it cannot do', () => {
    const cases: [DashboardPanelId, 'up' | 'down' | 'previous' | 'next'][] = [
      ['markets', 'up'],
      ['markets', 'down'],
      ['markets', 'previous'],
      ['account', 'next'],
      ['orders', 'down'],
    ];
    for (const [id, move] of cases) {
      expect(canMove(DEFAULT_LAYOUT, id, move)).toBe(false);
      expect(movePanel(DEFAULT_LAYOUT, id, move)).toBe(DEFAULT_LAYOUT);
    }
  });
});

describe('placement', () => {
  it("gives a hidden panel's room to the others and drops an empty column", () => {
    const layout = setHidden(setHidden(DEFAULT_LAYOUT, 'markets', true), 'trades', true);
    const { columns, panels } = placement(layout);
    expect(columns).toBe('minmax(0px, 44fr) minmax(190px, 16fr) minmax(280px, 21fr)');
    expect(panels.map((p) => p.id)).toEqual(['chart', 'orders', 'book', 'entry', 'account']);
    expect(panels.find((p) => p.id === 'book')).toMatchObject({ gridColumn: '2', gridRow: `2 / ${GRID_ROWS + 2}` });
  });

  it("keeps the columns' minimums within a 1001 px window whatever is where", () => {
    let layout = DEFAULT_LAYOUT;
    for (const [id, to] of [
      ['chart', 3],
      ['orders', 3],
      ['account', 1],
      ['trades', 1],
    ] as const) {
      while (layout.panels.find((p) => p.id === id)!.column !== to)
        layout = movePanel(layout, id, to > layout.panels.find((p) => p.id === id)!.column ? 'next' : 'previous');
    }
    const mins = [...placement(layout).columns.matchAll(/minmax\((\d+)px/g)].map((m) => Number(m[1]));
    expect(mins).toHaveLength(4);
    expect(mins.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(920);
  });

  it('gives every panel at least one row when all share a column', () => {
    let layout = DEFAULT_LAYOUT;
    for (const p of DEFAULT_LAYOUT.panels)
      while (layout.panels.find((q) => q.id === p.id)!.column > 0) layout = movePanel(layout, p.id, 'previous');
    const rows = placement(layout).panels.map((p) => p.gridRow.split(' / ').map(Number) as [number, number]);
    expect(rows).toHaveLength(7);
    expect(rows[0]![0]).toBe(2);
    expect(rows.at(-1)![1]).toBe(GRID_ROWS + 2);
    rows.forEach(([a, b], i) => {
      expect(b).toBeGreaterThan(a);
      if (i > 0) expect(a).toBe(rows[i - 1]![1]);
    });
  });

  it('keeps the markets half a column high under the chart and the orders (issue 34: one list row was left)', () => {
    let layout = setHidden(DEFAULT_LAYOUT, 'trades', true);
    layout = movePanel(movePanel(layout, 'markets', 'next'), 'markets', 'next');
    const rowsOf = (id: string) => {
      const [a, b] = placement(layout)
        .panels.find((p) => p.id === id)!
        .gridRow.split(' / ')
        .map(Number) as [number, number];
      return b - a;
    };
    expect(
      placement(layout)
        .panels.filter((p) => p.gridColumn === '2')
        .map((p) => p.id),
    ).toEqual(['book', 'markets']);
    expect(rowsOf('markets')).toBe(34);
    expect(rowsOf('book')).toBe(26);
    layout = movePanel(layout, 'markets', 'previous');
    expect(
      placement(layout)
        .panels.filter((p) => p.gridColumn === '1')
        .map((p) => p.id),
    ).toEqual(['chart', 'orders', 'markets']);
    // By their shares alone: chart 30, orders 13, markets 17. The markets get their 30 rows, the
    // orders their 12, the chart what is left.
    expect(rowsOf('markets')).toBe(30);
    expect(rowsOf('orders')).toBe(12);
    expect(rowsOf('chart')).toBe(18);
  });

  it("leaves the default arrangement's heights as its shares give them", () => {
    const rows = Object.fromEntries(placement(DEFAULT_LAYOUT).panels.map((p) => [p.id, p.gridRow]));
    expect(rows).toEqual({
      markets: '2 / 62',
      chart: '2 / 44',
      orders: '44 / 62',
      book: '2 / 38',
      trades: '38 / 62',
      entry: '1 / 46',
      account: '46 / 62',
    });
  });

  it('never leaves the grid without a column', () => {
    const none = DEFAULT_LAYOUT.panels.reduce((l, p) => setHidden(l, p.id, true), DEFAULT_LAYOUT);
    expect(placement(none)).toEqual({ columns: 'minmax(0, 1fr)', top: '1 / -1', panels: [] });
  });

  it("runs the order entry's column the full height beside the price strip when it is the first or the last", () => {
    const last = placement(DEFAULT_LAYOUT);
    expect(last.top).toBe('1 / 4');
    expect(last.panels.find((p) => p.id === 'entry')!.gridRow).toMatch(/^1 \/ /);
    expect(last.panels.find((p) => p.id === 'account')!.gridRow).toMatch(new RegExp(` / ${GRID_ROWS + 2}$`));
    expect(last.panels.find((p) => p.id === 'markets')!.gridRow).toBe(`2 / ${GRID_ROWS + 2}`);

    let first = DEFAULT_LAYOUT;
    while (first.panels.find((p) => p.id === 'entry')!.column > 0) first = movePanel(first, 'entry', 'previous');
    expect(placement(first).top).toBe('2 / -1');
    // The column's first panel (the markets, above the entry) starts at the top.
    expect(
      placement(first)
        .panels.filter((p) => p.gridColumn === '1')
        .map((p) => p.gridRow.split(' / ')[0]),
    ).toEqual(['1', expect.any(String)]);
    expect(
      placement(first)
        .panels.filter((p) => p.gridColumn === '1')
        .map((p) => p.id),
    ).toEqual(['markets', 'entry']);

    // In a middle column (the entry moved in with the order book), the strip runs across and every column starts under it.
    const placed = placement(movePanel(DEFAULT_LAYOUT, 'entry', 'previous'));
    expect(placed.panels.find((p) => p.id === 'entry')!.gridColumn).toBe('3');
    expect(placed.top).toBe('1 / -1');
    expect(placed.panels.every((p) => !p.gridRow.startsWith('1 /'))).toBe(true);
  });
});
