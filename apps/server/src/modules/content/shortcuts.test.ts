import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_API,
  API,
  ERRORS,
  type AdminHomeShortcut,
  type AuditList,
  type HomeShortcut,
  type HomeShortcutSave,
} from '@app/contract';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createOperator, operatorLogin, type TestOperator } from '../../../test/operators';

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;

let t: TestApp;
let ops: TestOperator[];
let support: string;
let finance: string;
beforeAll(async () => {
  t = await createTestApp();
  ops = [await createOperator(t, 'support'), await createOperator(t, 'finance')];
  support = await operatorLogin(t, ops[0]!);
  finance = await operatorLogin(t, ops[1]!);
});
afterAll(() => t.close());

const shown = async (lang?: string) => {
  const r = await t.call<HomeShortcut[]>('GET', API.home.shortcuts, undefined, lang ? { lang } : {});
  expect(r.code).toBe(0);
  return r.data;
};
const save = (body: HomeShortcutSave, token = support) =>
  t.post<AdminHomeShortcut>(ADMIN_API.shortcuts.save, body, { token });

describe('home shortcuts', () => {
  it("shows the product document's shortcuts in its order, Cloud Mining Pool hidden, with the app's own names", async () => {
    expect(await shown()).toEqual([
      { key: 'deposit', label: null, target: '/pages/recharge/index' },
      { key: 'vip', label: null, target: '/pages/home/vip' },
      { key: 'otc', label: null, target: '/pages/otc/index' },
      { key: 'noviceGuide', label: null, target: '/pages/home/novice-guide' },
      { key: 'liveChat', label: null, target: '/pages/home/components/customer-service?from=home' },
      { key: 'ranking', label: null, target: '/pages/home/ranking' },
      { key: 'announcements', label: null, target: '/pages/news/index?tab=announcement' },
    ]);
    const all = await t.call<AdminHomeShortcut[]>('GET', ADMIN_API.shortcuts.list, undefined, { token: support });
    expect(all.data.find((s) => s.key === 'cloudMining')).toMatchObject({
      visible: false,
      position: 3,
      target: '/pages/home/coming-soon?feature=cloudMining',
      updatedAt: null,
      updatedBy: null,
    });
  });

  it('an operator relabels, moves, hides and shows shortcuts; labels fall back to English, then to the app', async () => {
    const r = await save({
      key: 'ranking',
      visible: true,
      position: 0,
      labels: { en: 'Top movers', de: 'Top-Werte' },
      target: '/pages/home/ranking',
    });
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ key: 'ranking', position: 0, updatedBy: ops[0]!.email });
    expect((await save({ key: 'otc', visible: false, position: 2, labels: {}, target: '/pages/otc/index' })).code).toBe(
      0,
    );
    const de = await shown('de');
    // Two at one position go in the product document's order: deposit, then ranking.
    expect(de.slice(0, 2)).toEqual([
      { key: 'deposit', label: null, target: '/pages/recharge/index' },
      { key: 'ranking', label: 'Top-Werte', target: '/pages/home/ranking' },
    ]);
    expect(de.map((s) => s.key)).not.toContain('otc');
    expect((await shown('fr'))[1]!.label).toBe('Top movers');
    expect((await shown('fr')).find((s) => s.key === 'vip')!.label).toBeNull();
    // Shown again by an operator, mining opens the page the operator chose.
    expect(
      (
        await save({
          key: 'cloudMining',
          visible: true,
          position: 3,
          labels: {},
          target: '/pages/profile/helper-center',
        })
      ).code,
    ).toBe(0);
    expect((await shown()).find((s) => s.key === 'cloudMining')).toEqual({
      key: 'cloudMining',
      label: null,
      target: '/pages/profile/helper-center',
    });

    const audit = await t.call<AuditList>(
      'GET',
      `${ADMIN_API.audit.list}?action=home_shortcut.update&targetId=ranking`,
      undefined,
      {
        token: await operatorLogin(t, await createOperator(t, 'admin')),
      },
    );
    expect(audit.data.items).toHaveLength(1);
    expect(audit.data.items[0]).toMatchObject({
      operatorEmail: ops[0]!.email,
      targetType: 'home_shortcut',
      targetId: 'ranking',
      before: { visible: true, position: 6, labels: {}, target: '/pages/home/ranking' },
      after: {
        visible: true,
        position: 0,
        labels: { en: 'Top movers', de: 'Top-Werte' },
        target: '/pages/home/ranking',
      },
    });
  });

  it('refuses a target outside the app, and an operator whose role does not write content', async () => {
    for (const target of ['https://example.com/mine', '/pages/../admin/', '/admin/api/vip/tiers', '/pages/home/vip#x'])
      expect((await save({ key: 'vip', visible: true, position: 1, labels: {}, target })).code, target).toBe(
        code('SHORTCUT_TARGET_INVALID'),
      );
    expect(
      (await save({ key: 'vip', visible: false, position: 1, labels: {}, target: '/pages/home/vip' }, finance)).code,
    ).toBe(code('OPERATOR_ROLE_FORBIDDEN'));
    expect((await shown()).find((s) => s.key === 'vip')).toBeDefined();
  });
});
