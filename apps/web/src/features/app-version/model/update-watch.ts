import {
  APP_VERSION,
  decideUpdate,
  decideWebUpdate,
  isAppPlatform,
  type GetVersionResult,
  type UpdateDecision,
  type WebBuildResult,
  type WebUpdateDecision,
} from '@app/contract';
import type { PlatformBridge } from './platform';

/** How often a page that stays open asks whether a new web build is deployed. */
export const WEB_CHECK_EVERY_MS = 5 * 60_000;
/** A page coming back into view (focus, a visible tab) asks again, at most this often. */
export const WEB_CHECK_ON_RETURN_MIN_MS = 60_000;

/** What the watch needs: where it runs and how to ask the server; what to do with what it learns. */
export interface UpdateWatchDeps {
  /** The running web build's id; null (vite dev, tests) leaves the web check off. */
  buildId: string | null;
  /** The installed app's bridge on ios and android; the web's otherwise (model/platform.ts). */
  bridge: PlatformBridge;
  getWebBuild: (buildId: string) => Promise<WebBuildResult>;
  getVersion: (platform: string, versionNo: string) => Promise<GetVersionResult>;
  /** A new web build is deployed: offer a reload, or require one (called again only for a newer build, or when it becomes forced). */
  onWebUpdate: (decision: Exclude<WebUpdateDecision, { kind: 'none' }>) => void;
  /** The installed app has an update (docs/product.md §4 "App update"): show the update dialog. */
  onAppUpdate: (decision: Extract<UpdateDecision, { kind: 'optional' | 'forced' }>) => void;
  now?: () => number;
}

/**
 * The update check at launch (docs/app-version.md "The web app's update check"). In an installed app
 * (ios, android) it asks get-version once and hands an update to the update dialog. In a browser it
 * asks web-build at once, every WEB_CHECK_EVERY_MS while the page is open, and when the page comes
 * back into view (at most once a WEB_CHECK_ON_RETURN_MIN_MS); a new deployment is offered once per
 * build, and a forced reload ends the watch. A failed check is silent and tried again on the next
 * occasion. Returns a function that stops the watch.
 */
export function startUpdateWatch(deps: UpdateWatchDeps): () => void {
  const now = deps.now ?? Date.now;
  const { bridge } = deps;
  if (isAppPlatform(bridge.platform)) {
    let stopped = false;
    deps.getVersion(bridge.platform, APP_VERSION).then(
      (answer) => {
        const decision = decideUpdate(bridge.platform, APP_VERSION, answer);
        if (!stopped && (decision.kind === 'optional' || decision.kind === 'forced')) deps.onAppUpdate(decision);
      },
      () => undefined,
    );
    return () => {
      stopped = true;
    };
  }
  const running = deps.buildId;
  if (!running) return () => undefined;

  let stopped = false;
  let asking = false;
  let lastAsked = Number.NEGATIVE_INFINITY;
  /** The build last offered and how: a decision is passed on only when it is news. */
  let offered: { buildId: string; kind: 'optional' | 'forced' } | null = null;

  const stop = () => {
    stopped = true;
    window.clearInterval(timer);
    window.removeEventListener('focus', onReturn);
    document.removeEventListener('visibilitychange', onReturn);
  };

  const check = async () => {
    if (stopped || asking) return;
    asking = true;
    lastAsked = now();
    try {
      const decision = decideWebUpdate(running, await deps.getWebBuild(running));
      if (stopped || decision.kind === 'none') return;
      const news =
        !offered || offered.buildId !== decision.buildId || (offered.kind === 'optional' && decision.kind === 'forced');
      if (!news) return;
      offered = { buildId: decision.buildId, kind: decision.kind };
      if (decision.kind === 'forced') stop();
      deps.onWebUpdate(decision);
    } catch {
      // Offline or the server restarting: the next occasion asks again.
    } finally {
      asking = false;
    }
  };

  function onReturn() {
    if (document.visibilityState === 'hidden') return;
    if (now() - lastAsked >= WEB_CHECK_ON_RETURN_MIN_MS) void check();
  }

  const timer = window.setInterval(() => void check(), WEB_CHECK_EVERY_MS);
  window.addEventListener('focus', onReturn);
  document.addEventListener('visibilitychange', onReturn);
  void check();
  return stop;
}
