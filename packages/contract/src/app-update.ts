import {
  APP_PLATFORMS,
  VERSION_NO_PATTERN,
  type AppPlatform,
  type GetVersionResult,
  type WebBuildResult,
} from './schemas/app-version';

/**
 * The app update decision (docs/product.md §4 "App update"; docs/app-version.md): one pure function the
 * server's answer and the client's dialog agree through. Version numbers compare numerically part
 * by part (1.10.0 > 1.9.3; a missing part is 0, so 1.2 = 1.2.0).
 */

const VERSION_NO = new RegExp(VERSION_NO_PATTERN);

/** The parts of a valid version number, or null for anything else. */
export function parseVersionNo(text: string): number[] | null {
  if (typeof text !== 'string' || !VERSION_NO.test(text)) return null;
  return text.split('.').map(Number);
}

export function isVersionNo(text: string): boolean {
  return parseVersionNo(text) !== null;
}

/** Negative when a is older than b, 0 when equal, positive when newer. Both must be valid. */
export function compareVersionNo(a: string, b: string): number {
  const pa = parseVersionNo(a);
  const pb = parseVersionNo(b);
  if (!pa || !pb) throw new Error(`not a version number: ${pa ? b : a}`);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** A new first number (major) installs the whole app; anything else is a hot update of its files. */
export function isMajorUpgrade(current: string, next: string): boolean {
  return (parseVersionNo(next)?.[0] ?? 0) > (parseVersionNo(current)?.[0] ?? 0);
}

export function isAppPlatform(platform: string): platform is AppPlatform {
  return (APP_PLATFORMS as readonly string[]).includes(platform);
}

export type UpdateKind = 'none' | 'optional' | 'forced';
export type UpdateDecision =
  /** The web build (or any platform other than ios and android): it never updates itself; show the download page. */
  | { kind: 'unsupported' }
  | { kind: 'none' }
  | {
      kind: 'optional' | 'forced';
      versionNo: string;
      description: string;
      /** Which package the link installs: the full app (a new major) or the hot-update files. */
      install: 'full' | 'hot';
      link: string;
    };

/**
 * What the app does with `get-version`'s answer: nothing (up to date, or the answer is not newer
 * than what runs), offer the update (choose_update) or require it (must_update).
 */
export function decideUpdate(platform: string, currentVersionNo: string, answer: GetVersionResult): UpdateDecision {
  if (!isAppPlatform(platform)) return { kind: 'unsupported' };
  const v = answer.version;
  if (!v || !answer.newUpdateTag || !isVersionNo(v.versionNo) || !isVersionNo(currentVersionNo))
    return { kind: 'none' };
  if (compareVersionNo(v.versionNo, currentVersionNo) <= 0) return { kind: 'none' };
  const install = isMajorUpgrade(currentVersionNo, v.versionNo) ? 'full' : 'hot';
  return {
    kind: answer.newUpdateTag === 'must_update' ? 'forced' : 'optional',
    versionNo: v.versionNo,
    description: v.description,
    install,
    link: install === 'full' ? v.linkUpdateFull : v.linkUpdateHot,
  };
}

// ----- the web app (docs/app-version.md "The web app's update check") -------------------------------

/**
 * The API's level for web builds: raised with a change to the API that a web app built before it
 * cannot work with (a removed or renamed route or field, a new required one). The web build carries
 * the level it was built with; the server answers must_update to a browser whose build is of a lower
 * level than its own, choose_update to one that only runs an older build.
 */
export const WEB_API_LEVEL = 1;

/**
 * What the server tells a browser running build `running` (of API level `apiLevel`) when the server
 * serves build `deployed` (null: it serves none, as behind a development server) at level `serverLevel`.
 */
export function webBuildTag(
  running: string,
  apiLevel: number,
  deployed: string | null,
  serverLevel: number = WEB_API_LEVEL,
): WebBuildResult['newUpdateTag'] {
  if (deployed === null || deployed === running) return null;
  return apiLevel < serverLevel ? 'must_update' : 'choose_update';
}

export type WebUpdateDecision = { kind: 'none' } | { kind: 'optional' | 'forced'; buildId: string };

/**
 * What the web app does with `web-build`'s answer: nothing, offer a reload (a new deployment) or
 * require one (must_update). A reload loads the deployed build, so nothing is asked for when the
 * answer names the build that runs (or none).
 */
export function decideWebUpdate(running: string, answer: WebBuildResult): WebUpdateDecision {
  if (!answer.buildId || answer.buildId === running || !answer.newUpdateTag) return { kind: 'none' };
  return { kind: answer.newUpdateTag === 'must_update' ? 'forced' : 'optional', buildId: answer.buildId };
}
