import { asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appDownloads, appVersions } from '../../db/schema-notices';

export type AppVersionRow = typeof appVersions.$inferSelect;
export type AppDownloadRow = typeof appDownloads.$inferSelect;

/** Published versions read per platform at most (a platform publishes a handful a year). */
export const VERSIONS_PER_PLATFORM_MAX = 1000;

/** The app-version module's SQL. Only this file reads or writes `app_versions` and `app_downloads`. */
export const appVersionRepo = {
  /** A platform's versions, newest published first (the caller orders them by number). */
  async versions(db: DbOrTx, platform?: string): Promise<AppVersionRow[]> {
    return db
      .select()
      .from(appVersions)
      .where(platform ? eq(appVersions.platform, platform) : undefined)
      .orderBy(desc(appVersions.publishedAt), desc(appVersions.id))
      .limit(platform ? VERSIONS_PER_PLATFORM_MAX : VERSIONS_PER_PLATFORM_MAX * 2);
  },

  /** Serialises publishing on one platform until the transaction ends (the newest-version check holds). */
  async lockPlatform(db: DbOrTx, platform: string): Promise<void> {
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'app_versions:' + platform}))`);
  },

  async insertVersion(db: DbOrTx, row: typeof appVersions.$inferInsert): Promise<AppVersionRow> {
    const [inserted] = await db.insert(appVersions).values(row).returning();
    if (!inserted) throw new Error('app_versions insert returned nothing');
    return inserted;
  },

  async downloads(db: DbOrTx): Promise<AppDownloadRow[]> {
    return db.select().from(appDownloads).orderBy(asc(appDownloads.sort), asc(appDownloads.id));
  },

  /** Replaces the whole download list (call inside a transaction). */
  async replaceDownloads(db: DbOrTx, rows: (typeof appDownloads.$inferInsert)[]): Promise<void> {
    await db.delete(appDownloads);
    if (rows.length) await db.insert(appDownloads).values(rows);
  },
};
