import fs from 'node:fs/promises';
import path from 'node:path';
import {
  compareVersionNo,
  WEB_BUILD_ID_PATTERN,
  webBuildTag,
  type AdminAppVersion,
  type AppDownload,
  type AppPlatform,
  type AppUpdateTag,
  type AppVersionPublish,
  type GetVersionQuery,
  type GetVersionResult,
  type WebBuildQuery,
  type WebBuildResult,
} from '@app/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { AuditActor, AuditLog } from '../audit';
import { appVersionRepo, type AppDownloadRow, type AppVersionRow } from './repository';

const UP_TO_DATE: GetVersionResult = { version: null, newUpdateTag: null };

/** The file of the web build (apps/web/vite.config.ts writes it) that names the build: `{ "buildId": "<hex>" }`. */
export const WEB_BUILD_FILE = 'build.json';
const BUILD_ID = new RegExp(WEB_BUILD_ID_PATTERN);

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
  /** The deployed web build's id as last read, and the file's modification time it was read at. */
  private webBuildRead: { mtimeMs: number; buildId: string | null } | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly audit: AuditLog,
  ) {}

  /**
   * The id of the web build this server serves: read from its dist's build.json, again whenever the
   * file changes (a deployment that replaces the dist under a running server counts at once, as its
   * index.html does); null without a build, or with a file that names none.
   */
  private async deployedWebBuild(): Promise<string | null> {
    const file = path.join(this.ctx.config.webDist, WEB_BUILD_FILE);
    let mtimeMs: number;
    try {
      mtimeMs = (await fs.stat(file)).mtimeMs;
    } catch {
      this.webBuildRead = null;
      return null;
    }
    if (this.webBuildRead?.mtimeMs === mtimeMs) return this.webBuildRead.buildId;
    let buildId: string | null = null;
    try {
      const parsed = JSON.parse(await fs.readFile(file, 'utf8')) as { buildId?: unknown };
      if (typeof parsed.buildId === 'string' && BUILD_ID.test(parsed.buildId)) buildId = parsed.buildId;
    } catch {
      buildId = null;
    }
    this.webBuildRead = { mtimeMs, buildId };
    return buildId;
  }

  /**
   * `web-build`: the web build served now, and whether a browser running `buildId` (built at API level
   * `apiLevel`) should reload: choose_update for another build, must_update when the API's level
   * (WEB_API_LEVEL) has moved past the browser's (docs/app-version.md "The web app's update check").
   */
  async webBuild(q: WebBuildQuery): Promise<WebBuildResult> {
    const deployed = await this.deployedWebBuild();
    return { buildId: deployed, newUpdateTag: webBuildTag(q.buildId, q.apiLevel, deployed) };
  }

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
