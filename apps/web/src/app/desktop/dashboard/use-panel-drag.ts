import { useRef, useState, type PointerEvent } from 'react';
import { DASHBOARD_PANELS, type DashboardLayout, type DashboardPanelId } from '@app/contract';
import { placePanel } from './layout-model';

/** Pixels the pointer moves before a press on a title becomes a drag (a click stays a click). */
const DRAG_THRESHOLD = 6;

const isPanelId = (value: string | undefined): value is DashboardPanelId =>
  (DASHBOARD_PANELS as readonly string[]).includes(value ?? '');

export interface DropTarget {
  id: DashboardPanelId;
  /** The dragged panel goes after this one (the pointer is in its lower half), else before. */
  after: boolean;
}

function targetAt(x: number, y: number): DropTarget | null {
  const slot = document.elementFromPoint(x, y)?.closest<HTMLElement>('.dash-slot');
  const id = slot?.dataset.panel;
  if (!slot || !isPanelId(id)) return null;
  const box = slot.getBoundingClientRect();
  return { id, after: y > box.top + box.height / 2 };
}

/** The drop as a place: the target's column, before the target or before the panel after it. */
function dropped(layout: DashboardLayout, id: DashboardPanelId, target: DropTarget): DashboardLayout {
  const on = layout.panels.find((p) => p.id === target.id);
  if (!on || target.id === id) return layout;
  if (!target.after) return placePanel(layout, id, on.column, target.id);
  const column = layout.panels.filter((p) => p.column === on.column && p.id !== id);
  return placePanel(layout, id, on.column, column[column.indexOf(on) + 1]?.id ?? null);
}

/**
 * Dragging a panel by its title on the dashboard, with a mouse or a pen (the Customise layout
 * dialog does the same by keyboard): pointer events on the grid, so nothing is drawn by the drag
 * library of a browser and the panels' own content is untouched. Returns the grid's handlers and
 * what to highlight.
 */
export function usePanelDrag(layout: DashboardLayout, onChange: (next: DashboardLayout) => void) {
  const press = useRef<{ id: DashboardPanelId; x: number; y: number; active: boolean } | null>(null);
  const [drag, setDrag] = useState<{ id: DashboardPanelId; target: DropTarget | null } | null>(null);

  const end = () => {
    press.current = null;
    setDrag(null);
  };

  const handlers = {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.button !== 0 || !event.isPrimary) return;
      const id = (event.target as Element).closest('.dash-panel__title')?.closest<HTMLElement>('.dash-slot')
        ?.dataset.panel;
      if (!isPanelId(id)) return;
      press.current = { id, x: event.clientX, y: event.clientY, active: false };
      event.currentTarget.setPointerCapture(event.pointerId);
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const current = press.current;
      if (!current) return;
      if (!current.active && Math.hypot(event.clientX - current.x, event.clientY - current.y) < DRAG_THRESHOLD) return;
      current.active = true;
      const target = targetAt(event.clientX, event.clientY);
      setDrag({ id: current.id, target: target?.id === current.id ? null : target });
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      const current = press.current;
      if (current?.active) {
        const target = targetAt(event.clientX, event.clientY);
        if (target) {
          const next = dropped(layout, current.id, target);
          if (next !== layout) onChange(next);
        }
      }
      end();
    },
    onPointerCancel: end,
    onLostPointerCapture: end,
  };
  return { handlers, drag };
}
