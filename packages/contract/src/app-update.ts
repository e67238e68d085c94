import { APP_PLATFORMS, VERSION_NO_PATTERN, type AppPlatform, type GetVersionResult } from './schemas/app-version';

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
