import {
  compareVersionNo,
  type AdminAppVersion,
  type AppDownload,
  type AppPlatform,
  type AppUpdateTag,
  type AppVersionPublish,
  type GetVersionQuery,
  type GetVersionResult,
} from '@app/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { AuditActor, AuditLog } from '../audit';
import { appVersionRepo, type AppDownloadRow, type AppVersionRow } from './repository';

const UP_TO_DATE: GetVersionResult = { version: null, newUpdateTag: null };

/** Newest version number first. */
const byNumberDesc = (a: AppVersionRow, b: AppVersionRow) => compareVersionNo(b.versionNo, a.versionNo);

const adminView = (r: AppVersionRow): AdminAppVersion => ({
  id: r.id,
  platform: r.platform as AppPlatform,
  versionNo: r.versionNo,
  description: r.description,
  linkUpdateHot: r.linkUpdateHot,
  linkUpdateFull: r.linkUpdateFull,
  newUpdateTag: r.newUpdateTag as AppUpdateTag,
  publishedAt: r.publishedAt.getTime(),
});
const downloadView = (r: AppDownloadRow): AppDownload => ({
  platform: r.platform as AppPlatform,
  label: r.label,
  url: r.url,
});

/**
 * App versions and downloads (docs/product.md §3, §4, §7; docs/app-version.md): what `get-version` tells an
 * installed app, the download list `app-qr` answers, and the operators' publishing of both. No
 * version is seeded: the running app is APP_VERSION (1.0.1) and nothing pretends an update exists.
 */
export class AppVersionService {
  constructor(
    private readonly ctx: AppContext,
    private readonly audit: AuditLog,
  ) {}

  /** Published versions of a platform, newest number first (only those published by now). */
  private async published(platform: string): Promise<AppVersionRow[]> {
    const now = this.ctx.clock.now();
    return (await appVersionRepo.versions(this.ctx.db, platform))
      .filter((r) => r.publishedAt <= now)
      .sort(byNumberDesc);
  }

  /**
   * `get-version`: the newest version when it is newer than the client's, with must_update when
   * any version between them is forced (a forced update cannot be skipped by publishing past
   * it), else choose_update; `{ version: null, newUpdateTag: null }` when up to date.
   */
  async getVersion(q: GetVersionQuery): Promise<GetVersionResult> {
    const newer = (await this.published(q.platform)).filter((r) => compareVersionNo(r.versionNo, q.versionNo) > 0);
    const latest = newer[0];
    if (!latest) return UP_TO_DATE;
    const forced = newer.some((r) => r.newUpdateTag === 'must_update');
    return {
      version: {
        versionNo: latest.versionNo,
        description: latest.description,
        linkUpdateHot: latest.linkUpdateHot,
        linkUpdateFull: latest.linkUpdateFull,
      },
      newUpdateTag: forced ? 'must_update' : 'choose_update',
    };
  }

  /** `app-qr`: the download list in the operators' order. */
  async downloads(): Promise<AppDownload[]> {
    return (await appVersionRepo.downloads(this.ctx.db)).map(downloadView);
  }

  /** The company's address for /open-location: configuration COMPANY_ADDRESS, null when unset. */
  companyAddress(): { address: string | null } {
    return { address: this.ctx.config.companyAddress ?? null };
  }

  // ----- the back office ------------------------------------------------------------------------

  async adminList(): Promise<{ versions: AdminAppVersion[]; downloads: AppDownload[] }> {
    const rows = await appVersionRepo.versions(this.ctx.db);
    const versions = rows.sort((a, b) => a.platform.localeCompare(b.platform) || byNumberDesc(a, b)).map(adminView);
    return { versions, downloads: await this.downloads() };
  }

  /** Publishes a version at once: newer than every version of its platform; audited. */
  async publish(actor: AuditActor, body: AppVersionPublish): Promise<AdminAppVersion> {
    const row = await this.ctx.db.transaction(async (tx) => {
      await appVersionRepo.lockPlatform(tx, body.platform);
      const existing = (await appVersionRepo.versions(tx, body.platform)).sort(byNumberDesc);
      const latest = existing[0];
      if (latest) {
        const d = compareVersionNo(body.versionNo, latest.versionNo);
        if (existing.some((r) => compareVersionNo(r.versionNo, body.versionNo) === 0))
          throw new AppError('APP_VERSION_EXISTS');
        if (d <= 0) throw new AppError('APP_VERSION_NOT_NEWER', { latest: latest.versionNo });
      }
      const inserted = await appVersionRepo.insertVersion(tx, {
        ...body,
        publishedAt: this.ctx.clock.now(),
        createdBy: actor.operatorId,
      });
      await this.audit.write(tx, actor, {
        action: 'app_version.publish',
        targetType: 'app_version',
        targetId: inserted.id,
        after: body,
      });
      return inserted;
    });
    return adminView(row);
  }

  /** Replaces the download list (the QR codes of the profile's App download page); audited. */
  async saveDownloads(actor: AuditActor, items: AppDownload[]): Promise<AppDownload[]> {
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async (tx) => {
      const before = (await appVersionRepo.downloads(tx)).map(downloadView);
      await appVersionRepo.replaceDownloads(
        tx,
        items.map((d, i) => ({ ...d, sort: i, updatedAt: now, updatedBy: actor.operatorId })),
      );
      await this.audit.write(tx, actor, {
        action: 'app_download.save',
        targetType: 'app_downloads',
        before,
        after: items,
      });
    });
    return this.downloads();
  }
}
