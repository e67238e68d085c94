import { eq } from 'drizzle-orm';
import { panelsEachOnce, type DashboardLayout } from '@app/contract';
import type { AppContext } from '../../context';
import { userDashboardLayouts } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * The desktop dashboard's arrangement of each user (docs/decisions/0047-dashboard-arrangement-stored-per-user.md),
 * stored as sent: the web app merges a stored arrangement with the panels it knows, so one saved
 * before a panel was added still opens.
 */
export class DashboardLayoutService {
  constructor(private readonly ctx: AppContext) {}

  /** The user's arrangement, or null when they never saved one. */
  async get(userId: number): Promise<DashboardLayout | null> {
    const [row] = await this.ctx.db
      .select({ layout: userDashboardLayouts.layout })
      .from(userDashboardLayouts)
      .where(eq(userDashboardLayouts.userId, userId))
      .limit(1);
    return (row?.layout as DashboardLayout | undefined) ?? null;
  }

  /** Stores the arrangement (the schema has checked its shape); each panel must appear once. */
  async save(userId: number, layout: DashboardLayout): Promise<DashboardLayout> {
    if (!panelsEachOnce(layout.panels)) throw new AppError('DASHBOARD_LAYOUT_INVALID');
    const value = { layout, updatedAt: this.ctx.clock.now() };
    await this.ctx.db
      .insert(userDashboardLayouts)
      .values({ userId, ...value })
      .onConflictDoUpdate({ target: userDashboardLayouts.userId, set: value });
    return layout;
  }
}
