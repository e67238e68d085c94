import { describe, expect, it } from 'vitest';
import {
  compareVersionNo,
  decideUpdate,
  decideWebUpdate,
  isMajorUpgrade,
  isVersionNo,
  parseVersionNo,
  WEB_API_LEVEL,
  webBuildTag,
} from './app-update';
import type { GetVersionResult } from './schemas/app-version';

const answer = (versionNo: string, tag: 'must_update' | 'choose_update'): GetVersionResult => ({
  version: {
    versionNo,
    description: `What is new in ${versionNo}`,
    linkUpdateHot: `https://example.com/hot/${versionNo}.wgt`,
    linkUpdateFull: `https://example.com/full/${versionNo}.apk`,
  },
  newUpdateTag: tag,
});
const upToDate: GetVersionResult = { version: null, newUpdateTag: null };

describe('version numbers', () => {
  it('compares part by part as numbers, a missing part being 0', () => {
    expect(compareVersionNo('1.10.0', '1.9.3')).toBeGreaterThan(0);
    expect(compareVersionNo('1.0.1', '1.0.10')).toBeLessThan(0);
    expect(compareVersionNo('1.2', '1.2.0')).toBe(0);
    expect(compareVersionNo('2', '1.99.99')).toBeGreaterThan(0);
  });

  it('accepts 1 to 4 dotted whole numbers and nothing else', () => {
    for (const ok of ['1', '1.0.1', '10.20.30.40', '0.0.0', '999999.0']) expect(isVersionNo(ok), ok).toBe(true);
    for (const bad of [
      '',
      '1.',
      '.1',
      '1..2',
      '01.0',
      '1.0.1.2.3',
      'v1.0',
      '1.0-beta',
      '1 .0',
      '1e3',
      '1234567.0',
      '-1',
    ]) {
      expect(isVersionNo(bad), bad).toBe(false);
    }
    expect(parseVersionNo('1.10.0')).toEqual([1, 10, 0]);
    expect(() => compareVersionNo('1.0', 'x')).toThrow();
  });

  it('a new first number is a major upgrade', () => {
    expect(isMajorUpgrade('1.9.9', '2.0.0')).toBe(true);
    expect(isMajorUpgrade('1.0.1', '1.10.0')).toBe(false);
  });
});

describe('decideUpdate', () => {
  it('is none when the server answers up to date, or with a version not newer than the one running', () => {
    expect(decideUpdate('android', '1.0.1', upToDate)).toEqual({ kind: 'none' });
    expect(decideUpdate('ios', '1.0.1', answer('1.0.1', 'must_update'))).toEqual({ kind: 'none' });
    expect(decideUpdate('ios', '1.0.1', answer('1.0.0', 'choose_update'))).toEqual({ kind: 'none' });
  });

  it('is optional for choose_update and forced for must_update, with the hot-update link within a major', () => {
    expect(decideUpdate('android', '1.0.1', answer('1.1.0', 'choose_update'))).toEqual({
      kind: 'optional',
      versionNo: '1.1.0',
      description: 'What is new in 1.1.0',
      install: 'hot',
      link: 'https://example.com/hot/1.1.0.wgt',
    });
    expect(decideUpdate('ios', '1.9.3', answer('1.10.0', 'must_update'))).toMatchObject({
      kind: 'forced',
      install: 'hot',
      link: 'https://example.com/hot/1.10.0.wgt',
    });
  });

  it('uses the full-install link when the first number grows', () => {
    expect(decideUpdate('ios', '1.0.1', answer('2.0.0', 'choose_update'))).toMatchObject({
      kind: 'optional',
      install: 'full',
      link: 'https://example.com/full/2.0.0.apk',
    });
    expect(decideUpdate('android', '1.0.1', answer('2.0.0', 'must_update'))).toMatchObject({
      kind: 'forced',
      install: 'full',
    });
  });

  it('runs only on ios and android: the web build is told to use the download page', () => {
    expect(decideUpdate('web', '1.0.1', answer('2.0.0', 'must_update'))).toEqual({ kind: 'unsupported' });
    expect(decideUpdate('', '1.0.1', upToDate)).toEqual({ kind: 'unsupported' });
  });
});

describe('the web app: a new deployment is offered, a new API level is required', () => {
  const running = 'aaaaaaaaaaaaaaaa';
  const deployed = 'bbbbbbbbbbbbbbbb';

  it('tells a browser on the deployed build (or when none is deployed) nothing', () => {
    expect(webBuildTag(running, WEB_API_LEVEL, running)).toBeNull();
    expect(webBuildTag(running, WEB_API_LEVEL, null)).toBeNull();
    // Even one of an older level: a reload would load the same build again.
    expect(webBuildTag(running, 1, running, 2)).toBeNull();
  });

  it("offers another build of the same level, and requires one when the server's level is higher", () => {
    expect(webBuildTag(running, WEB_API_LEVEL, deployed)).toBe('choose_update');
    expect(webBuildTag(running, 1, deployed, 2)).toBe('must_update');
    expect(webBuildTag(running, 3, deployed, 2)).toBe('choose_update');
  });

  it('turns the answer into nothing, an offer or a required reload', () => {
    expect(decideWebUpdate(running, { buildId: deployed, newUpdateTag: 'choose_update' })).toEqual({
      kind: 'optional',
      buildId: deployed,
    });
    expect(decideWebUpdate(running, { buildId: deployed, newUpdateTag: 'must_update' })).toEqual({
      kind: 'forced',
      buildId: deployed,
    });
    expect(decideWebUpdate(running, { buildId: deployed, newUpdateTag: null })).toEqual({ kind: 'none' });
    expect(decideWebUpdate(running, { buildId: null, newUpdateTag: null })).toEqual({ kind: 'none' });
    // An answer naming the running build asks for nothing, whatever its tag (no reload loop).
    expect(decideWebUpdate(running, { buildId: running, newUpdateTag: 'must_update' })).toEqual({ kind: 'none' });
  });
});
