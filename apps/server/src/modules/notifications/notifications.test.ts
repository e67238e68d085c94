import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API, ERRORS, type Notice, type NoticePage, type UnreadCount } from '@app/contract';
import { createTestApp, registerByEmail, userIdByEmail, type TestApp } from '../../../test/harness';
import { rowsOf } from '../../db/client';
import { SseClient, type SseEvent } from './index';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000', OTP_DAILY_PER_IP: '100000', SCRYPT_COST: '1024' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
}, 60_000);
afterAll(() => t?.close());

async function user() {
  // Announcements published before a user registered are not theirs to read.
  t.clock.advance(10);
  const u = await registerByEmail(t);
  return { token: u.token, id: await userIdByEmail(t, u.email) };
}

async function notify(userId: number, kind = 'kyc.verified', params: Record<string, unknown> = {}): Promise<void> {
  await t.ctx.db.execute(
    sql`INSERT INTO user_notifications (user_id, kind, params, created_at) VALUES (${userId}, ${kind}, ${JSON.stringify(params)}::jsonb, ${t.clock.now()})`,
  );
}

async function announce(title = 'Maintenance'): Promise<string> {
  const translations = {
    en: { title, summary: 's', body: `${title} tonight` },
    de: { title: `${title} (de)`, summary: 's', body: 'heute Nacht' },
  };
  const r = rowsOf(
    await t.ctx.db.execute(sql`INSERT INTO content_posts (kind, translations, publish_at, created_at, updated_at)
    VALUES ('announcement', ${JSON.stringify(translations)}::jsonb, ${t.clock.now()}, ${t.clock.now()}, ${t.clock.now()}) RETURNING public_id`),
  );
  return `a${String(r[0]!.public_id)}`;
}

const count = async (token: string) =>
  (await t.call<UnreadCount>('GET', API.notification.numNoti, undefined, { token })).data.unread;
const list = async (token: string, lang?: string) =>
  (await t.call<NoticePage>('GET', `${API.notification.list}?size=50`, undefined, { token, ...(lang ? { lang } : {}) }))
    .data;

const streams: SseClient[] = [];
async function stream(
  token: string,
  headers: Record<string, string> = {},
  query = '',
  timeoutMs = 5000,
): Promise<SseClient> {
  const c = new SseClient();
  streams.push(c);
  await c.open(`${base}${API.sse.userEvents}${query}`, { token, ...headers });
  await c.next((e) => e.event === 'unread', timeoutMs);
  return c;
}
const ids = (events: SseEvent[]) => events.filter((e) => e.id !== null).map((e) => e.id!);

describe('notifications: list, count, read, mark all read', () => {
  it('counts personal notices and announcements per user; a broadcast is one row with per-user read state', async () => {
    const a = await user();
    const b = await user();
    t.clock.advance(1000);
    await notify(a.id, 'kyc.verified');
    t.clock.advance(1000);
    await notify(a.id, 'kyc.rejected', { reason: 'blurry' });
    t.clock.advance(1000);
    const annId = await announce();
    expect(await count(a.token)).toBe(3);
    expect(await count(b.token)).toBe(1);

    const page = await list(a.token);
    expect(page.total).toBe(3);
    expect(page.items.map((n) => n.kind)).toEqual(['announcement', 'kyc.rejected', 'kyc.verified']);
    expect(page.items.every((n) => !n.read)).toBe(true);
    expect(page.items[0]!.id).toBe(annId);

    // One personal read, then the announcement for A only.
    const personal = page.items[1]!.id;
    expect(
      (await t.post<UnreadCount>(API.notification.readNoti, { id: personal }, { token: a.token })).data.unread,
    ).toBe(2);
    expect(
      (await t.post<UnreadCount>(API.notification.readNoti, { id: personal }, { token: a.token })).data.unread,
    ).toBe(2);
    expect((await t.post<UnreadCount>(API.notification.readNoti, { id: annId }, { token: a.token })).data.unread).toBe(
      1,
    );
    expect(await count(b.token)).toBe(1);
    const rows = rowsOf(
      await t.ctx.db.execute(sql`SELECT count(*) AS n FROM content_posts WHERE public_id::text = ${annId.slice(1)}`),
    );
    expect(Number(rows[0]!.n)).toBe(1);

    // Detail in two languages; a language without a translation falls back to English, marked.
    const de = await t.call<Notice>('GET', `${API.notification.detail}?id=${annId}`, undefined, {
      token: b.token,
      lang: 'de',
    });
    expect(de.data).toMatchObject({ title: 'Maintenance (de)', fallback: false, read: false });
    const ja = await t.call<Notice>('GET', `${API.notification.detail}?id=${annId}`, undefined, {
      token: b.token,
      lang: 'ja',
    });
    expect(ja.data).toMatchObject({ title: 'Maintenance', fallback: true });

    // Mark all read: idempotent; B's announcement read state is B's own.
    for (let i = 0; i < 2; i++)
      expect(
        (await t.call<UnreadCount>('GET', API.notification.resetNumNoti, undefined, { token: b.token })).data.unread,
      ).toBe(0);
    expect(await count(a.token)).toBe(1);
    expect(
      (await t.call<UnreadCount>('GET', API.notification.resetNumNoti, undefined, { token: a.token })).data.unread,
    ).toBe(0);
    expect((await list(a.token)).items.every((n) => n.read)).toBe(true);
    // A new announcement after "mark all read" is unread again.
    t.clock.advance(1000);
    await announce('Second');
    expect(await count(a.token)).toBe(1);
  });

  it("refuses malformed ids and another user's notification", async () => {
    const a = await user();
    const b = await user();
    await notify(a.id);
    const id = (await list(a.token)).items.find((n) => n.id.startsWith('n'))!.id;
    expect(await t.post(API.notification.readNoti, { id: 'n123' }, { token: a.token })).toMatchObject({
      status: 400,
      code: ERRORS.NOTICE_ID_INVALID.code,
    });
    expect(await t.post(API.notification.readNoti, { id }, { token: b.token })).toMatchObject({
      status: 404,
      code: ERRORS.NOTICE_NOT_FOUND.code,
    });
    expect(
      await t.call('GET', `${API.notification.detail}?id=n${'0'.repeat(32)}`, undefined, { token: a.token }),
    ).toMatchObject({ status: 404, code: ERRORS.NOTICE_NOT_FOUND.code });
    expect(await t.call('GET', API.notification.numNoti)).toMatchObject({ code: 301 });
  });
});

describe('the notice stream (SSE)', () => {
  afterAll(() => streams.forEach((s) => s.close()));

  it('answers the envelope before streaming: 301 without a session, 2203 for a bad cursor', async () => {
    const anon = new SseClient();
    const res = await anon.open(`${base}${API.sse.userEvents}`);
    expect(JSON.parse(res.body)).toMatchObject({ code: 301 });
    const a = await user();
    const bad = new SseClient();
    const r2 = await bad.open(`${base}${API.sse.userEvents}`, { token: a.token, 'last-event-id': 'abc' });
    expect(JSON.parse(r2.body)).toMatchObject({ code: ERRORS.NOTICE_CURSOR_INVALID.code });
    const r3 = await bad.open(`${base}${API.sse.userEvents}?lastEventId=-1`, { token: a.token });
    expect(JSON.parse(r3.body)).toMatchObject({ code: ERRORS.NOTICE_CURSOR_INVALID.code });
    // The fuzz test cannot hold a stream open through inject: hostile input with a session is probed here.
    const hostile: [string, Record<string, string>][] = [
      ['?lastEventId=1e400', {}],
      [`?lastEventId=${'9'.repeat(19)}`, {}],
      ['?lang=%00', {}],
      [`?lang=${'x'.repeat(11)}`, {}],
      ['?lastEventId=1&lastEventId=2', {}],
      ['', { 'last-event-id': '9'.repeat(18) }],
      ['', { 'last-event-id': '1.5' }],
      ['?__proto__=1', {}],
    ];
    for (const [query, headers] of hostile) {
      const c = new SseClient();
      const r = await c.open(`${base}${API.sse.userEvents}${query}`, { token: a.token, ...headers });
      c.close();
      expect(r.status, query).toBeLessThan(500);
      if (r.body) expect(JSON.parse(r.body), query).toMatchObject({ data: null });
    }
  });

  it('sends the unread count first, then live notices in the stream language', async () => {
    const a = await user();
    await notify(a.id);
    const s = await stream(a.token, { lang: 'de' });
    expect(s.events[0]).toMatchObject({ event: 'unread', data: { unread: 1 } });
    await notify(a.id, 'kyc.rejected');
    t.app.notifications.nudge();
    const e = await s.next((x) => x.event === 'notice');
    expect(e.data).toMatchObject({ kind: 'kyc.rejected', read: false });
    expect(e.id).toBeGreaterThan(0);
    expect((await s.next((x) => x.event === 'unread' && (x.data as UnreadCount).unread === 2)).data).toEqual({
      unread: 2,
    });
  });

  it('resumes with Last-Event-ID: exactly the missed events, then live ones, no duplicate', async () => {
    const a = await user();
    const s1 = await stream(a.token);
    await notify(a.id, 'kyc.verified', { n: 1 });
    t.app.notifications.nudge();
    const first = await s1.next((x) => x.event === 'notice');
    s1.close();
    await notify(a.id, 'kyc.verified', { n: 2 });
    await notify(a.id, 'kyc.verified', { n: 3 });
    await t.app.notifications.stamper.stamp();
    // Another user's events are not this stream's.
    const b = await user();
    await notify(b.id);
    const missed = rowsOf(
      await t.ctx.db.execute(
        sql`SELECT seq FROM user_notifications WHERE user_id = ${a.id} AND seq > ${first.id!} ORDER BY seq`,
      ),
    ).map((r) => Number(r.seq));
    expect(missed).toHaveLength(2);

    const s2 = await stream(a.token, { 'last-event-id': String(first.id) });
    await s2.next((x) => x.id === missed[1]);
    await notify(a.id, 'kyc.verified', { n: 4 });
    t.app.notifications.nudge();
    const live = await s2.next((x) => x.event === 'notice' && x.id! > missed[1]!);
    expect(ids(s2.events)).toEqual([...missed, live.id]);
    // The query parameter does the same for a client that cannot set the header.
    const s3 = await stream(a.token, {}, `?lastEventId=${first.id}`);
    await s3.next((x) => x.id === live.id);
    expect(ids(s3.events)).toEqual([...missed, live.id]);
  });

  it('tells a second stream of the same user the new unread count within a second', async () => {
    const a = await user();
    await notify(a.id);
    await notify(a.id);
    const s1 = await stream(a.token);
    const s2 = await stream(a.token);
    expect(s2.events[0]!.data).toEqual({ unread: 2 });
    // The first event carries the stream's starting place, so a client that hears nothing else resumes from there.
    expect(s2.events[0]!.id).toBeGreaterThan(0);
    const id = (await list(a.token)).items[0]!.id;
    const started = performance.now();
    await t.post(API.notification.readNoti, { id }, { token: a.token });
    const e = await s2.next((x) => x.event === 'unread' && (x.data as UnreadCount).unread === 1, 1000);
    expect(e.data).toEqual({ unread: 1 });
    expect(e.at - started).toBeLessThan(1000);
    await t.call('GET', API.notification.resetNumNoti, undefined, { token: a.token });
    expect((await s1.next((x) => x.event === 'unread' && (x.data as UnreadCount).unread === 0, 1000)).data).toEqual({
      unread: 0,
    });
  });

  it('delivers one broadcast announcement to 1,000 streams on one process', { timeout: 90_000 }, async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => user()));
    const many: SseClient[] = [];
    for (let i = 0; i < 1000; i += 100) {
      many.push(
        ...(await Promise.all(
          Array.from({ length: 100 }, (_v, j) => stream(users[(i + j) % 10]!.token, {}, '', 30_000)),
        )),
      );
    }
    expect(t.app.notifications.hub.streams).toBeGreaterThanOrEqual(1000);
    t.clock.advance(1000);
    const id = await announce('Broadcast');
    t.app.notifications.nudge();
    const got = await Promise.all(
      many.map((s) => s.next((x) => x.event === 'announcement' && (x.data as Notice).id === id, 20_000)),
    );
    expect(got).toHaveLength(1000);
    expect(new Set(got.map((e) => e.id)).size).toBe(1);
    many.forEach((s) => s.close());
  });

  it.runIf(inject('dbTemplate').kind === 'postgres')(
    'numbers rows in commit order: a later row committed first is not skipped by a stream',
    async () => {
      const a = await user();
      const s = await stream(a.token);
      const pool = (
        t.ctx.db as unknown as {
          $client: {
            connect(): Promise<{
              query(q: string, v?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
              release(): void;
            }>;
          };
        }
      ).$client;
      const c1 = await pool.connect();
      const c2 = await pool.connect();
      try {
        const ins = `INSERT INTO user_notifications (user_id, kind, params, created_at) VALUES ($1, 'kyc.verified', '{}', now()) RETURNING id`;
        await c1.query('BEGIN');
        const early = Number((await c1.query(ins, [a.id])).rows[0]!.id);
        await c2.query('BEGIN');
        const late = Number((await c2.query(ins, [a.id])).rows[0]!.id);
        expect(late).toBeGreaterThan(early);
        await c2.query('COMMIT');
        t.app.notifications.nudge();
        const e1 = await s.next((x) => x.event === 'notice');
        await c1.query('COMMIT');
        t.app.notifications.nudge();
        const e2 = await s.next((x) => x.event === 'notice' && x.id !== e1.id);
        // The row committed later got the higher number, so a stream past e1 still meets it.
        expect(e2.id!).toBeGreaterThan(e1.id!);
        const resumed = await stream(a.token, { 'last-event-id': String(e1.id! - 1) });
        await resumed.next((x) => x.id === e2.id);
        expect(ids(resumed.events)).toEqual([e1.id, e2.id]);
      } finally {
        c1.release();
        c2.release();
      }
    },
  );
});
