import { useMemo, type HTMLAttributes, type ReactNode } from 'react';
import type { DashboardLayout, DashboardPanelId } from '@app/contract';
import { GRID_ROWS, placement } from './layout-model';

/** What a panel drag (use-panel-drag.ts) shows on the grid: the dragged panel and where it would go. */
export interface GridDrag {
  id: DashboardPanelId;
  target: { id: DashboardPanelId; after: boolean } | null;
}

interface GridProps {
  /** What to place: each shown panel in its column and rows. */
  shown: DashboardLayout;
  top: ReactNode;
  panels: Partial<Record<DashboardPanelId, ReactNode>>;
  drag?: GridDrag | null;
  /** The grid's pointer handlers (use-panel-drag.ts); none while the panels' code loads. */
  handlers?: HTMLAttributes<HTMLDivElement>;
  /** The panels' code is still loading (the frame shows their boxes meanwhile). */
  busy?: boolean;
}

/**
 * The grid: the price strip across the top, then each shown panel in its column and rows
 * (layout-model.ts `placement`), in reading order in the document, so the tab order follows the
 * arrangement. Each panel sits in a slot keyed by its id, so moving it keeps its state. The frame
 * (dashboard-page.tsx) draws it with empty boxes before the panels' code has arrived, the panels
 * (dashboard-panels.tsx) with their content: the same grid, so nothing moves when they replace it.
 */
export function DashboardGrid({ shown, top, panels, drag = null, handlers, busy = false }: GridProps) {
  const grid = useMemo(() => placement(shown), [shown]);
  const slotClass = (id: DashboardPanelId, below: boolean) => {
    let name = below ? 'dash-slot is-below' : 'dash-slot';
    if (drag?.id === id) name += ' is-dragged';
    if (drag?.target?.id === id) name += drag.target.after ? ' is-drop-after' : ' is-drop-before';
    return name;
  };
  return (
    <div
      className={`dash${drag ? ' is-dragging' : ''}`}
      data-testid="dashboard"
      aria-busy={busy || undefined}
      style={{
        gridTemplateColumns: grid.columns,
        gridTemplateRows: `auto repeat(${GRID_ROWS}, minmax(0, 1fr))`,
        ['--dash-top-column' as string]: grid.top,
      }}
      {...handlers}
    >
      {top}
      {grid.panels.map((p) => (
        <div
          key={p.id}
          className={slotClass(p.id, p.below)}
          data-panel={p.id}
          style={{ gridColumn: p.gridColumn, gridRow: p.gridRow }}
        >
          {panels[p.id]}
        </div>
      ))}
    </div>
  );
}

/**
 * A panel's box while its code loads: the panel's border and background, nothing inside, so the
 * page does not flicker with spinners; the panel replaces it in the same box.
 */
export function PanelPlaceholder({ className = '' }: { className?: string }) {
  return <div className={`dash-panel dash-placeholder ${className}`.trimEnd()} aria-hidden="true" />;
}
