import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { decideUpdate, type GetVersionResult, type UpdateDecision } from '@app/contract';
import { APP_VERSION_MESSAGES } from '../../../locales/app-version';
import type { PlatformBridge } from '../model/platform';
import { runUpdate, type UpdatePhase } from '../model/update-flow';
import { UpdateDialog } from './update-dialog';

// The English strings, looked up and filled as i18next would (the test runs without i18next).
vi.mock('../strings', () => ({
  useAppVersionText:
    () =>
    (key: string, params: Record<string, string> = {}) => {
      const text = key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], APP_VERSION_MESSAGES.en) as string;
      return text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => params[name] ?? '');
    },
}));

/** A fake device: download and install succeed or fail as told, and remember what they were asked. */
function fakeBridge(platform: string, fail: 'download' | 'install' | null = null) {
  const calls: string[] = [];
  const bridge: PlatformBridge = {
    platform,
    download: async (link) => {
      calls.push(`download ${link}`);
      if (fail === 'download') throw new Error('network');
      return 'file-1';
    },
    install: async (file) => {
      calls.push(`install ${file}`);
      if (fail === 'install') throw new Error('corrupt');
    },
    restart: () => calls.push('restart'),
  };
  return { bridge, calls };
}

const answer = (versionNo: string, tag: 'must_update' | 'choose_update'): GetVersionResult => ({
  version: {
    versionNo,
    description: 'Faster charts',
    linkUpdateHot: 'https://example.com/hot.wgt',
    linkUpdateFull: 'https://example.com/full.apk',
  },
  newUpdateTag: tag,
});

const render = (decision: UpdateDecision, bridge: PlatformBridge, initialPhase?: UpdatePhase) =>
  renderToStaticMarkup(
    createElement(UpdateDialog, {
      decision,
      bridge,
      onClose: () => undefined,
      ...(initialPhase ? { initialPhase } : {}),
    }),
  );

describe('the update dialog', () => {
  it('shows nothing when there is no update, nor on the web (neither ios nor android)', () => {
    const { bridge } = fakeBridge('android');
    expect(render(decideUpdate('android', '1.0.1', { version: null, newUpdateTag: null }), bridge)).toBe('');
    const web = fakeBridge('web').bridge;
    expect(render(decideUpdate('web', '1.0.1', answer('2.0.0', 'must_update')), web)).toBe('');
  });

  it('offers an optional update with Later, and a forced one without', () => {
    const { bridge } = fakeBridge('ios');
    const optional = render(decideUpdate('ios', '1.0.1', answer('1.1.0', 'choose_update')), bridge);
    expect(optional).toContain('New version 1.1.0');
    expect(optional).toContain('A new version is available.');
    expect(optional).toContain('New app files will be downloaded');
    expect(optional).toContain('>Later<');
    expect(optional).toContain('>Update now<');
    const forced = render(decideUpdate('ios', '1.0.1', answer('2.0.0', 'must_update')), bridge);
    expect(forced).toContain('data-kind="forced"');
    expect(forced).toContain('This version must be installed');
    expect(forced).toContain('The whole app will be downloaded');
    expect(forced).not.toContain('>Later<');
  });

  it('says "Download error" or "Installation of update files failed" (docs/product.md §8) and offers to try again', () => {
    const { bridge } = fakeBridge('android');
    const decision = decideUpdate('android', '1.0.1', answer('1.0.2', 'choose_update'));
    const download = render(decision, bridge, 'downloadError');
    expect(download).toMatch(/role="alert"[^>]*>Download error</);
    expect(download).toContain('>Try again<');
    expect(render(decision, bridge, 'installError')).toMatch(/role="alert"[^>]*>Installation of update files failed</);
  });
});

describe('runUpdate through the platform bridge', () => {
  it('downloads the chosen link, installs, then restarts', async () => {
    const { bridge, calls } = fakeBridge('android');
    const phases: UpdatePhase[] = [];
    expect(await runUpdate(bridge, 'https://example.com/full.apk', (p) => phases.push(p))).toBe('done');
    expect(phases).toEqual(['downloading', 'installing', 'done']);
    expect(calls).toEqual(['download https://example.com/full.apk', 'install file-1', 'restart']);
  });

  it('stops at a download error or an installation failure, never restarting', async () => {
    for (const [fail, end] of [
      ['download', 'downloadError'],
      ['install', 'installError'],
    ] as const) {
      const { bridge, calls } = fakeBridge('ios', fail);
      const phases: UpdatePhase[] = [];
      expect(await runUpdate(bridge, 'https://example.com/hot.wgt', (p) => phases.push(p))).toBe(end);
      expect(phases.at(-1)).toBe(end);
      expect(calls).not.toContain('restart');
    }
  });
});
