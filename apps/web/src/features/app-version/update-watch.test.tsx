import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import {
  API,
  APP_VERSION,
  WEB_API_LEVEL,
  type GetVersionResult,
  type UpdateDecision,
  type WebBuildResult,
  type WebUpdateDecision,
} from '@app/contract';
import { api } from '../../test/network';
import { renderWithProviders } from '../../test/render';
import { getVersion } from './api/get-version';
import { getWebBuild } from './api/get-web-build';
import { WEB_BRIDGE, type PlatformBridge } from './model/platform';
import { startUpdateWatch, WEB_CHECK_EVERY_MS, WEB_CHECK_ON_RETURN_MIN_MS } from './model/update-watch';
import { showWebUpdate } from './components/update-prompt';
import { WebUpdatePrompt } from './components/web-update-prompt';

const RUNNING = 'aaaaaaaaaaaaaaaa';
const DEPLOYED = 'bbbbbbbbbbbbbbbb';
const NEWER = 'cccccccccccccccc';

type Offer = Exclude<WebUpdateDecision, { kind: 'none' }>;
type AppOffer = Extract<UpdateDecision, { kind: 'optional' | 'forced' }>;

/** The watch with the app's own requests (through the fake server), remembering what it was told. */
function watch(buildId: string | null, bridge: PlatformBridge = WEB_BRIDGE) {
  const web: Offer[] = [];
  const app: AppOffer[] = [];
  const stop = startUpdateWatch({
    buildId,
    bridge,
    getWebBuild,
    getVersion,
    onWebUpdate: (d) => web.push(d),
    onAppUpdate: (d) => app.push(d),
  });
  return { web, app, stop };
}

/** The server serves `buildId` and answers as it would (webBuildTag) with `tag` for another build. */
function serve(buildId: string | null, tag: WebBuildResult['newUpdateTag'] = 'choose_update') {
  api.get(API.appVersion.webBuild, (r: { query: Record<string, string> }) => ({
    buildId,
    newUpdateTag: buildId === null || r.query.buildId === buildId ? null : tag,
  }));
}

const asked = () => api.sent('GET', API.appVersion.webBuild).length;

describe('the update check of the web app', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks at launch with its build and API level, and says nothing while the deployed build is its own', async () => {
    serve(RUNNING);
    const w = watch(RUNNING);
    await vi.advanceTimersByTimeAsync(0);
    expect(api.sent('GET', API.appVersion.webBuild)[0]?.query).toEqual({
      buildId: RUNNING,
      apiLevel: String(WEB_API_LEVEL),
    });
    await vi.advanceTimersByTimeAsync(WEB_CHECK_EVERY_MS);
    expect(asked()).toBe(2);
    expect(w.web).toEqual([]);
    w.stop();
  });

  it('offers a new deployment once, and a newer one again', async () => {
    serve(RUNNING);
    const w = watch(RUNNING);
    await vi.advanceTimersByTimeAsync(0);
    serve(DEPLOYED);
    await vi.advanceTimersByTimeAsync(WEB_CHECK_EVERY_MS);
    expect(w.web).toEqual([{ kind: 'optional', buildId: DEPLOYED }]);
    await vi.advanceTimersByTimeAsync(WEB_CHECK_EVERY_MS);
    expect(asked()).toBe(3);
    expect(w.web).toHaveLength(1);
    serve(NEWER);
    await vi.advanceTimersByTimeAsync(WEB_CHECK_EVERY_MS);
    expect(w.web).toEqual([
      { kind: 'optional', buildId: DEPLOYED },
      { kind: 'optional', buildId: NEWER },
    ]);
    w.stop();
  });

  it('asks again when the page comes back into view, at most once a minute', async () => {
    serve(RUNNING);
    const w = watch(RUNNING);
    await vi.advanceTimersByTimeAsync(0);
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(asked()).toBe(1);
    serve(DEPLOYED);
    await vi.advanceTimersByTimeAsync(WEB_CHECK_ON_RETURN_MIN_MS);
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(asked()).toBe(2);
    expect(w.web).toEqual([{ kind: 'optional', buildId: DEPLOYED }]);
    w.stop();
  });

  it('requires the reload when the server says must_update, then stops asking', async () => {
    serve(DEPLOYED, 'choose_update');
    const w = watch(RUNNING);
    await vi.advanceTimersByTimeAsync(0);
    serve(DEPLOYED, 'must_update');
    await vi.advanceTimersByTimeAsync(WEB_CHECK_EVERY_MS);
    expect(w.web).toEqual([
      { kind: 'optional', buildId: DEPLOYED },
      { kind: 'forced', buildId: DEPLOYED },
    ]);
    await vi.advanceTimersByTimeAsync(3 * WEB_CHECK_EVERY_MS);
    window.dispatchEvent(new Event('focus'));
    expect(asked()).toBe(2);
  });

  it('keeps quiet through a failed check and asks again later', async () => {
    const w = watch(RUNNING); // nothing answers: a dead network
    await vi.advanceTimersByTimeAsync(0);
    expect(api.unanswered).toHaveLength(1);
    serve(DEPLOYED);
    await vi.advanceTimersByTimeAsync(WEB_CHECK_EVERY_MS);
    expect(w.web).toEqual([{ kind: 'optional', buildId: DEPLOYED }]);
    w.stop();
  });

  it('does not run without a build id (vite dev)', async () => {
    serve(DEPLOYED);
    const w = watch(null);
    await vi.advanceTimersByTimeAsync(2 * WEB_CHECK_EVERY_MS);
    expect(asked()).toBe(0);
    w.stop();
  });
});

describe('the update check of an installed app', () => {
  it('asks get-version at launch for its platform and version, and hands an update to the dialog', async () => {
    const answer: GetVersionResult = {
      version: {
        versionNo: '1.1.0',
        description: 'Faster charts',
        linkUpdateHot: 'https://example.com/hot.wgt',
        linkUpdateFull: 'https://example.com/full.apk',
      },
      newUpdateTag: 'must_update',
    };
    api.get(API.appVersion.getVersion, answer);
    const bridge: PlatformBridge = { ...WEB_BRIDGE, platform: 'android' };
    const w = watch(RUNNING, bridge);
    await vi.waitFor(() => expect(w.app).toHaveLength(1));
    expect(api.sent('GET', API.appVersion.getVersion)[0]?.query).toEqual({
      platform: 'android',
      versionNo: APP_VERSION,
    });
    expect(w.app[0]).toMatchObject({ kind: 'forced', versionNo: '1.1.0', install: 'hot' });
    // An installed app updates through its store or bridge, never by reloading a web build.
    expect(asked()).toBe(0);
    w.stop();
  });
});

describe('the prompt', () => {
  it('offers a reload without taking the page away, and can be put off', async () => {
    const reload = vi.fn();
    const later = vi.fn();
    const { user } = renderWithProviders(
      <WebUpdatePrompt decision={{ kind: 'optional', buildId: DEPLOYED }} onReload={reload} onLater={later} />,
    );
    const prompt = screen.getByRole('status');
    expect(prompt.textContent).toContain('A new version of the app is available. Reload to use it.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(later).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('requires the reload (must_update) in a dialog with Reload alone', async () => {
    const reload = vi.fn();
    const { user } = renderWithProviders(
      <WebUpdatePrompt decision={{ kind: 'forced', buildId: DEPLOYED }} onReload={reload} onLater={() => undefined} />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Reload required' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Later' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('shows itself on the page when the watch finds a deployment, and goes on Later', async () => {
    const reload = vi.fn();
    act(() => showWebUpdate({ kind: 'optional', buildId: DEPLOYED }, reload));
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByTestId('web-update')).toBeNull();
  });
});
