import { isAppPlatform } from '@app/contract';

/**
 * What the app update needs from the device (docs/product.md §4: updates run only on ios and android). The
 * installed app's shell provides it as `window.appBridge`; the web build has none, so it is the
 * web and never updates itself (it shows the download page instead).
 */
export interface PlatformBridge {
  /** `ios` or `android` in the installed app; anything else is not an app platform. */
  readonly platform: string;
  /** Downloads the package at `link`; resolves with the downloaded file's handle, rejects on a download error. */
  download(link: string): Promise<string>;
  /** Installs a downloaded package; rejects when the installation fails. */
  install(file: string): Promise<void>;
  /** Restarts the app on the installed version. */
  restart(): void;
}

const refuse = () => Promise.reject(new Error('the web app does not update itself'));

/** The web build: no update, no download, no install. */
export const WEB_BRIDGE: PlatformBridge = {
  platform: 'web',
  download: refuse,
  install: refuse,
  restart: () => undefined,
};

/** The bridge of the app this page runs in: the installed app's when it provides one for ios or android, else the web's. */
export function currentBridge(): PlatformBridge {
  const bridge = (window as { appBridge?: PlatformBridge }).appBridge;
  return bridge && typeof bridge.platform === 'string' && isAppPlatform(bridge.platform) ? bridge : WEB_BRIDGE;
}
