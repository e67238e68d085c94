import { Type, type Static } from 'typebox';
import { DASHBOARD_COLUMNS, DASHBOARD_LAYOUT_VERSION, DASHBOARD_PANELS, type DashboardPanelId } from '../dashboard';
import { Envelope } from './common';

export const DashboardPanelPlace = Type.Object(
  {
    id: Type.Enum(DASHBOARD_PANELS),
    /** 0 is the leftmost column. */
    column: Type.Integer({ minimum: 0, maximum: DASHBOARD_COLUMNS - 1 }),
    /** A hidden panel keeps its place, so showing it again puts it back where it was. */
    hidden: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type DashboardPanelPlace = Static<typeof DashboardPanelPlace>;

/**
 * A user's arrangement of the dashboard: each panel once, in reading order (a column's panels
 * top to bottom in the order they come in the list). The server also refuses a list that names
 * a panel twice or leaves one out (DASHBOARD_LAYOUT_INVALID).
 */
export const DashboardLayout = Type.Object(
  {
    version: Type.Integer({ minimum: DASHBOARD_LAYOUT_VERSION, maximum: DASHBOARD_LAYOUT_VERSION }),
    panels: Type.Array(DashboardPanelPlace, { minItems: 1, maxItems: DASHBOARD_PANELS.length }),
  },
  { additionalProperties: false },
);
export type DashboardLayout = Static<typeof DashboardLayout>;

/** The stored arrangement, or null when the user has not changed the default. */
export const DashboardLayoutResponse = Envelope(Type.Union([DashboardLayout, Type.Null()]));

/** Whether each known panel appears exactly once. */
export function panelsEachOnce(panels: readonly { id: DashboardPanelId }[]): boolean {
  const ids = new Set(panels.map((p) => p.id));
  return panels.length === DASHBOARD_PANELS.length && ids.size === DASHBOARD_PANELS.length;
}
