import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DASHBOARD_PANELS, ERRORS, type DashboardLayout } from '@app/contract';
import { createTestApp, registerByEmail, type TestApp } from '../../../test/harness';

const PATH = API.user.dashboardLayout;
const code = (key: keyof typeof ERRORS) => ERRORS[key].code;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000', OTP_DAILY_PER_IP: '10000' } });
});
afterAll(() => t.close());

/** Every panel once: the chart first, the markets hidden in the last column. */
const arranged: DashboardLayout = {
  version: 1,
  panels: [
    { id: 'chart', column: 0, hidden: false },
    { id: 'orders', column: 0, hidden: false },
    { id: 'book', column: 1, hidden: false },
    { id: 'trades', column: 1, hidden: true },
    { id: 'entry', column: 2, hidden: false },
    { id: 'account', column: 2, hidden: false },
    { id: 'markets', column: 3, hidden: true },
  ],
};

describe('the dashboard arrangement', () => {
  it('needs a session to read or store', async () => {
    expect(await t.call('GET', PATH)).toMatchObject({ status: 401, code: code('SESSION_EXPIRED') });
    expect(await t.post(PATH, arranged)).toMatchObject({ status: 401, code: code('SESSION_EXPIRED') });
  });

  it('is null until stored, then the stored one; a second save replaces the first', async () => {
    const u = await registerByEmail(t);
    expect(await t.call('GET', PATH, undefined, { token: u.token })).toMatchObject({
      status: 200,
      code: 0,
      data: null,
    });
    expect(await t.post(PATH, arranged, { token: u.token })).toMatchObject({ status: 200, code: 0, data: arranged });
    expect((await t.call('GET', PATH, undefined, { token: u.token })).data).toEqual(arranged);
    const shown = { ...arranged, panels: arranged.panels.map((p) => ({ ...p, hidden: false })) };
    expect((await t.post(PATH, shown, { token: u.token })).code).toBe(0);
    expect((await t.call('GET', PATH, undefined, { token: u.token })).data).toEqual(shown);
  });

  it("is each user's own", async () => {
    const a = await registerByEmail(t);
    const b = await registerByEmail(t);
    expect((await t.post(PATH, arranged, { token: a.token })).code).toBe(0);
    expect((await t.call('GET', PATH, undefined, { token: b.token })).data).toBeNull();
    expect((await t.call('GET', PATH, undefined, { token: a.token })).data).toEqual(arranged);
  });

  it("refuses a panel twice or missing with DASHBOARD_LAYOUT_INVALID, in the caller's language", async () => {
    const u = await registerByEmail(t);
    const twice = { ...arranged, panels: [...arranged.panels.slice(0, 6), { id: 'chart', column: 3, hidden: false }] };
    const missing = { ...arranged, panels: arranged.panels.slice(0, 6) };
    for (const body of [twice, missing]) {
      expect(await t.post(PATH, body, { token: u.token })).toEqual({
        status: 400,
        code: code('DASHBOARD_LAYOUT_INVALID'),
        msg: ERRORS.DASHBOARD_LAYOUT_INVALID.en,
        data: null,
      });
    }
    expect((await t.post(PATH, twice, { token: u.token, lang: 'de' })).msg).toBe(
      'Dieses Dashboard-Layout enthält nicht jedes Feld genau einmal',
    );
    expect((await t.call('GET', PATH, undefined, { token: u.token })).data).toBeNull();
  });

  it('refuses what the schema does not allow with INVALID_PARAMETER, never a 5xx', async () => {
    const u = await registerByEmail(t);
    const panel = (patch: object) => ({
      ...arranged,
      panels: [{ ...arranged.panels[0], ...patch }, ...arranged.panels.slice(1)],
    });
    const bodies: unknown[] = [
      panel({ id: 'news' }),
      panel({ column: 4 }),
      panel({ column: -1 }),
      panel({ column: 1.5 }),
      panel({ hidden: 'yes' }),
      panel({ size: 2 }),
      { ...arranged, version: 2 },
      { ...arranged, extra: 1 },
      { version: 1, panels: [] },
      { version: 1, panels: [...arranged.panels, arranged.panels[0]] },
      [],
    ];
    for (const body of bodies) {
      const r = await t.post(PATH, body, { token: u.token });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.code, JSON.stringify(body)).toBe(code('INVALID_PARAMETER'));
    }
    for (const body of [{ version: 1 }, null])
      expect(await t.post(PATH, body, { token: u.token })).toMatchObject({ status: 400, code: code('FIELD_REQUIRED') });
    expect((await t.call('GET', PATH, undefined, { token: u.token })).data).toBeNull();
  });

  it('names every panel of the dashboard', () => {
    expect([...DASHBOARD_PANELS].sort()).toEqual(arranged.panels.map((p) => p.id).sort());
  });
});
