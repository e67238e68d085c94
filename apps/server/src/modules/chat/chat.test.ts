import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_API,
  API,
  ERRORS,
  type ChatCannedReply,
  type ChatConversation,
  type ChatInbox,
  type ChatInboxItem,
  type ChatInboxState,
  type ChatMessage,
  type ChatMessagePage,
  type ChatSendResult,
} from '@app/contract';
import { rowsOf } from '../../db/client';
import { createTestApp, registerByEmail, uploadFile, userIdByEmail, type TestApp } from '../../../test/harness';
import { createOperator, operatorLogin, type TestOperator } from '../../../test/operators';
import { AuditLog } from '../audit';
import { FileService } from '../files';
import { ChatService, queueOfOrigin } from './index';

const code = (key: keyof typeof ERRORS) => ERRORS[key].code;

let t: TestApp;
let ops: TestOperator[];
let support: string;
let support2: string;
let admin: string;
let finance: string;
const signIn = async () => {
  support = await operatorLogin(t, ops[0]!);
  support2 = await operatorLogin(t, ops[1]!);
  admin = await operatorLogin(t, ops[2]!);
  finance = await operatorLogin(t, ops[3]!);
};

beforeAll(async () => {
  t = await createTestApp({
    env: {
      OTP_DAILY_PER_IP: '10000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      SCRYPT_COST: '1024',
      SESSION_IDLE_MINUTES: '525600',
      SESSION_MAX_DAYS: '3650',
      CHAT_NOTIFY_AFTER_SECONDS: '60',
    },
  });
  ops = [
    await createOperator(t, 'support'),
    await createOperator(t, 'support'),
    await createOperator(t, 'admin'),
    await createOperator(t, 'finance'),
  ];
  await signIn();
});
afterAll(() => t.close());

let shade = 0;
async function photo(token: string): Promise<string> {
  shade = (shade + 37) % 256;
  const data = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: shade, g: 80, b: 160 } } })
    .png()
    .toBuffer();
  const up = await uploadFile(t, token, { kind: 'private' }, { name: 'p.png', type: 'image/png', data });
  expect(up.code, up.msg).toBe(0);
  return up.data!.path;
}

let n = 0;
const cid = () => `c${++n}-${Date.now()}`;

async function user() {
  const u = await registerByEmail(t);
  const o = { token: u.token };
  return {
    ...u,
    userId: await userIdByEmail(t, u.email),
    send: (body: Record<string, unknown>) => t.post<ChatSendResult>(API.chat.send, body, o),
    mine: async () => (await t.call<ChatConversation | null>('GET', API.chat.conversation, undefined, o)).data,
    messages: (q = '') => t.call<ChatMessagePage>('GET', `${API.chat.messages}${q}`, undefined, o),
    read: (throughId: number) => t.post<ChatConversation>(API.chat.read, { throughId }, o),
  };
}

const seqOf = async (table: 'chat_conversations' | 'chat_messages', id: number) =>
  rowsOf(await t.ctx.db.execute(sql`SELECT seq FROM ${sql.raw(table)} WHERE id = ${id}`))[0]!.seq;
const stampAll = async () => {
  // What the notifications module's stamper does: number every unstamped row.
  await t.ctx.db.execute(sql`UPDATE chat_conversations SET seq = nextval('notice_seq') WHERE seq IS NULL`);
  await t.ctx.db.execute(sql`UPDATE chat_messages SET seq = nextval('notice_seq') WHERE seq IS NULL`);
};
const conversationRowId = async (publicId: string) =>
  Number(rowsOf(await t.ctx.db.execute(sql`SELECT id FROM chat_conversations WHERE public_id = ${publicId}`))[0]!.id);
const notices = async (userId: number) =>
  rowsOf(
    await t.ctx.db.execute(
      sql`SELECT kind, params FROM user_notifications WHERE user_id = ${userId} AND kind = 'chat.reply' ORDER BY id`,
    ),
  );

describe('queueOfOrigin', () => {
  it('sends a conversation to the queue of the page support was opened from', () => {
    expect(queueOfOrigin('home')).toBe('general');
    expect(queueOfOrigin('/pages/withdraw/index')).toBe('withdrawals');
    expect(queueOfOrigin('/pages/deposit/index')).toBe('deposits');
    expect(queueOfOrigin('/pages/loan/index')).toBe('loans');
    expect(queueOfOrigin('/pages/profile/security')).toBe('account');
    expect(queueOfOrigin('/pages/idCard/index')).toBe('kyc');
    expect(queueOfOrigin('/pages/contract/index')).toBe('trading');
  });
});

describe("the user's conversation", () => {
  it('is made by the first message, idempotent by clientId, paged by id, and needs a session', async () => {
    const u = await user();
    expect(await u.mine()).toBeNull();
    expect((await u.messages()).data).toEqual({ items: [], hasMore: false });
    expect((await t.call('GET', API.chat.conversation)).code).toBe(code('SESSION_EXPIRED'));

    const clientId = cid();
    const first = await u.send({ clientId, body: '  Hello, my deposit is missing  ', from: '/pages/deposit/index' });
    expect(first.code, first.msg).toBe(0);
    expect(first.data.message).toMatchObject({
      author: 'user',
      body: 'Hello, my deposit is missing',
      image: null,
      clientId,
      operator: null,
    });
    expect(first.data.conversation).toMatchObject({
      state: 'open',
      queue: 'deposits',
      unread: 0,
      operatorReadThrough: 0,
    });
    const again = await u.send({ clientId, body: 'Hello, my deposit is missing' });
    expect(again.data.message.id).toBe(first.data.message.id);
    expect(
      rowsOf(
        await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM chat_messages WHERE client_id = ${clientId}`),
      )[0]!.n,
    ).toBe(1);
    // Written unstamped: the notice stream numbers and carries it.
    expect(await seqOf('chat_messages', first.data.message.id)).toBeNull();

    const ids = [first.data.message.id];
    for (let i = 0; i < 4; i++) ids.push((await u.send({ clientId: cid(), body: `m${i}` })).data.message.id);
    const newest = (await u.messages('?limit=2')).data;
    expect(newest.items.map((m) => m.id)).toEqual(ids.slice(3));
    expect(newest.hasMore).toBe(true);
    const older = (await u.messages(`?before=${ids[3]}&limit=2`)).data;
    expect(older.items.map((m) => m.id)).toEqual(ids.slice(1, 3));
    const after = (await u.messages(`?after=${ids[0]}&limit=10`)).data;
    expect(after.items.map((m) => m.id)).toEqual(ids.slice(1));
    expect(after.hasMore).toBe(false);
    // One conversation per user.
    expect(
      rowsOf(
        await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM chat_conversations WHERE user_id = ${u.userId}`),
      )[0]!.n,
    ).toBe(1);
  });

  it("refuses empty and over-long messages, bad client ids, and images that are not the user's own private uploads", async () => {
    const u = await user();
    const other = await user();
    expect((await u.send({ clientId: cid() })).code).toBe(code('CHAT_MESSAGE_EMPTY'));
    expect((await u.send({ clientId: cid(), body: '   ' })).code).toBe(code('CHAT_MESSAGE_EMPTY'));
    expect((await u.send({ clientId: cid(), body: 'x'.repeat(2001) })).code).toBe(code('CHAT_MESSAGE_TOO_LONG'));
    expect((await u.send({ clientId: cid(), body: 'é'.repeat(2000) })).code).toBe(0);
    expect((await u.send({ clientId: 'has space', body: 'x' })).code).toBe(code('CHAT_CLIENT_ID_INVALID'));
    const theirs = await photo(other.token);
    expect((await u.send({ clientId: cid(), image: theirs })).code).toBe(code('CHAT_IMAGE_INVALID'));
    expect((await u.send({ clientId: cid(), image: `${API.common.file}/${'0'.repeat(32)}.png` })).code).toBe(
      code('CHAT_IMAGE_INVALID'),
    );
    expect((await u.send({ clientId: cid(), image: '/uploads/avatars/a.png' })).code).toBe(code('CHAT_IMAGE_INVALID'));
    const mine = await photo(u.token);
    const sent = await u.send({ clientId: cid(), image: mine });
    expect(sent.code, sent.msg).toBe(0);
    expect(sent.data.message).toMatchObject({ body: '', image: mine });
    // The user reads it back through the owner-checked private path.
    const res = await t.app.inject({ method: 'GET', url: mine, headers: { token: u.token } });
    expect(res.statusCode).toBe(200);
  });
});

describe('the back office', () => {
  it('is for support and admin: inbox by queue and filter, assignment, replies, read receipts, close and reopen', async () => {
    const u = await user();
    const img = await photo(u.token);
    const m1 = (await u.send({ clientId: cid(), body: 'Withdrawal stuck', from: '/pages/withdraw/index', image: img }))
      .data;
    const id = m1.conversation.id;
    const o = { token: support };

    expect((await t.call('GET', ADMIN_API.chat.inbox, undefined, { token: finance })).code).toBe(
      code('OPERATOR_ROLE_FORBIDDEN'),
    );
    expect((await t.call('GET', ADMIN_API.chat.inbox, undefined, { token: u.token })).status).toBe(401);

    const state0 = (await t.call<ChatInboxState>('GET', ADMIN_API.chat.inboxState, undefined, o)).data;
    const inbox = (
      await t.call<ChatInbox>('GET', `${ADMIN_API.chat.inbox}?queue=withdrawals&filter=unassigned`, undefined, o)
    ).data;
    const item = inbox.items.find((i) => i.id === id)!;
    expect(item).toMatchObject({
      uid: u.user.uid,
      userEmail: u.email,
      queue: 'withdrawals',
      state: 'open',
      assignedTo: null,
      unread: 1,
      preview: 'Withdrawal stuck',
      origin: '/pages/withdraw/index',
    });
    expect(
      (
        await t.call<ChatInbox>('GET', `${ADMIN_API.chat.inbox}?uid=${u.user.uid}&filter=all`, undefined, o)
      ).data.items.map((i) => i.id),
    ).toEqual([id]);
    expect(
      (await t.call<ChatInbox>('GET', `${ADMIN_API.chat.inbox}?queue=loans&filter=all`, undefined, o)).data.items.some(
        (i) => i.id === id,
      ),
    ).toBe(false);

    // Opening it is audited; the image is shown through the audited review path.
    expect((await t.call<ChatInboxItem>('GET', `${ADMIN_API.chat.conversation}?id=${id}`, undefined, o)).data.uid).toBe(
      u.user.uid,
    );
    const page = (await t.call<ChatMessagePage>('GET', `${ADMIN_API.chat.messages}?id=${id}`, undefined, o)).data;
    const imageUrl = page.items[0]!.image!;
    expect(imageUrl).toBe(`${ADMIN_API.chat.image}?id=${id}&messageId=${m1.message.id}`);
    const pic = await t.app.inject({ method: 'GET', url: imageUrl, headers: { token: support } });
    expect(pic.statusCode).toBe(200);
    expect(pic.headers['content-type']).toMatch(/^image\//);
    const audits = rowsOf(
      await t.ctx.db.execute(
        sql`SELECT action FROM audit_log WHERE target_type = 'chat' AND target_id = ${String(await conversationRowId(id))} ORDER BY id`,
      ),
    );
    expect(audits.map((a) => a.action)).toEqual(['chat.open', 'chat.image.read']);

    // Assign to another operator, then to nobody; an unknown or finance operator is refused.
    const operators = (await t.call<{ id: number; name: string }[]>('GET', ADMIN_API.chat.operators, undefined, o))
      .data;
    expect(operators.map((x) => x.id)).toEqual(
      expect.arrayContaining([ops[0]!.operator.id, ops[1]!.operator.id, ops[2]!.operator.id]),
    );
    expect(operators.some((x) => x.id === ops[3]!.operator.id)).toBe(false);
    expect((await t.post(ADMIN_API.chat.assign, { id, operatorId: ops[3]!.operator.id }, o)).code).toBe(
      code('CHAT_OPERATOR_INVALID'),
    );
    expect((await t.post(ADMIN_API.chat.assign, { id, operatorId: 999_999 }, o)).code).toBe(
      code('CHAT_OPERATOR_INVALID'),
    );
    const assigned = await t.post<ChatInboxItem>(ADMIN_API.chat.assign, { id, operatorId: ops[1]!.operator.id }, o);
    expect(assigned.data.assignedTo?.id).toBe(ops[1]!.operator.id);
    const mine2 = (
      await t.call<ChatInbox>('GET', `${ADMIN_API.chat.inbox}?filter=mine`, undefined, { token: support2 })
    ).data;
    expect(mine2.items.map((i) => i.id)).toContain(id);
    expect(
      (await t.post<ChatInboxItem>(ADMIN_API.chat.assign, { id, operatorId: null }, o)).data.assignedTo,
    ).toBeNull();
    expect((await t.post<ChatInboxItem>(ADMIN_API.chat.move, { id, queue: 'general' }, o)).data.queue).toBe('general');
    expect((await t.post(ADMIN_API.chat.move, { id, queue: 'nope' }, o)).code).toBe(code('CHAT_QUEUE_INVALID'));
    const state1 = (await t.call<ChatInboxState>('GET', ADMIN_API.chat.inboxState, undefined, o)).data;
    expect(state1.version).not.toBe(state0.version);
    expect(state1.queues.find((q) => q.queue === 'general')!.open).toBeGreaterThanOrEqual(1);
    expect(state1.open).toBeGreaterThanOrEqual(state1.unassigned);
    expect((await t.call<ChatInboxState>('GET', ADMIN_API.chat.inboxState, undefined, o)).data.version).toBe(
      state1.version,
    );

    // A read receipt: the user sees it, and the conversation is re-stamped for the stream.
    await stampAll();
    const rowId = await conversationRowId(id);
    expect(await seqOf('chat_conversations', rowId)).not.toBeNull();
    expect((await t.post(ADMIN_API.chat.read, { id, throughId: 999_999_999 }, o)).code).toBe(
      code('CHAT_MESSAGE_NOT_FOUND'),
    );
    const read = await t.post<ChatInboxItem>(ADMIN_API.chat.read, { id, throughId: m1.message.id }, o);
    expect(read.data).toMatchObject({ operatorReadThrough: m1.message.id, unread: 0 });
    expect(await seqOf('chat_conversations', rowId)).toBeNull();
    expect((await u.mine())!.operatorReadThrough).toBe(m1.message.id);
    // Never moves back.
    await stampAll();
    expect(
      (await t.post<ChatInboxItem>(ADMIN_API.chat.read, { id, throughId: m1.message.id }, o)).data.operatorReadThrough,
    ).toBe(m1.message.id);
    expect(await seqOf('chat_conversations', rowId)).not.toBeNull();

    // A reply: idempotent, assigns the unassigned conversation to who answers, shown to the user as Support.
    const clientId = cid();
    const r1 = await t.post<ChatMessage>(ADMIN_API.chat.reply, { id, clientId, body: 'We are looking into it' }, o);
    expect(r1.code, r1.msg).toBe(0);
    expect(
      (await t.post<ChatMessage>(ADMIN_API.chat.reply, { id, clientId, body: 'We are looking into it' }, o)).data.id,
    ).toBe(r1.data.id);
    expect(r1.data.operator).toBe(ops[0]!.email.split('@')[0]);
    const afterReply = await u.mine();
    expect(afterReply).toMatchObject({ unread: 1 });
    const userView = (await u.messages()).data.items.at(-1)!;
    expect(userView).toMatchObject({ id: r1.data.id, author: 'operator', operator: 'Support', clientId: null });
    const item2 = (await t.call<ChatInboxItem>('GET', `${ADMIN_API.chat.conversation}?id=${id}`, undefined, o)).data;
    expect(item2.assignedTo?.id).toBe(ops[0]!.operator.id);
    expect((await u.read(r1.data.id)).data).toMatchObject({ userReadThrough: r1.data.id, unread: 0 });

    // Closed until the user writes again.
    expect((await t.post<ChatInboxItem>(ADMIN_API.chat.close, { id }, { token: admin })).data.state).toBe('closed');
    expect((await u.mine())!.state).toBe('closed');
    expect(
      (await t.call<ChatInbox>('GET', `${ADMIN_API.chat.inbox}?filter=closed`, undefined, o)).data.items.map(
        (i) => i.id,
      ),
    ).toContain(id);
    expect((await u.send({ clientId: cid(), body: 'Thanks, one more thing' })).data.conversation.state).toBe('open');
    expect(
      (await t.call('GET', `${ADMIN_API.chat.conversation}?id=00000000-0000-4000-8000-000000000000`, undefined, o))
        .code,
    ).toBe(code('CHAT_CONVERSATION_NOT_FOUND'));
  });

  it('keeps canned replies per language, audited', async () => {
    const o = { token: support };
    const made = await t.post<ChatCannedReply>(
      ADMIN_API.chat.cannedSave,
      { lang: 'de', title: 'Begrüßung', body: 'Hallo, wie können wir helfen?' },
      o,
    );
    expect(made.code, made.msg).toBe(0);
    await t.post(ADMIN_API.chat.cannedSave, { lang: 'en', title: 'Greeting', body: 'Hello, how can we help?' }, o);
    expect(
      (await t.call<ChatCannedReply[]>('GET', `${ADMIN_API.chat.canned}?lang=de`, undefined, o)).data.map(
        (c) => c.title,
      ),
    ).toEqual(['Begrüßung']);
    const changed = await t.post<ChatCannedReply>(
      ADMIN_API.chat.cannedSave,
      { id: made.data.id, lang: 'de', title: 'Hallo', body: 'Guten Tag!' },
      o,
    );
    expect(changed.data).toMatchObject({ title: 'Hallo', body: 'Guten Tag!', updatedBy: ops[0]!.email });
    expect((await t.post(ADMIN_API.chat.cannedSave, { id: 999_999, lang: 'de', title: 'x', body: 'y' }, o)).code).toBe(
      code('CHAT_CANNED_NOT_FOUND'),
    );
    expect((await t.post(ADMIN_API.chat.cannedSave, { lang: 'de', title: '  ', body: 'y' }, o)).code).toBe(
      code('CHAT_CANNED_INVALID'),
    );
    expect((await t.post(ADMIN_API.chat.cannedDelete, { id: made.data.id }, o)).code).toBe(0);
    expect((await t.post(ADMIN_API.chat.cannedDelete, { id: made.data.id }, o)).code).toBe(
      code('CHAT_CANNED_NOT_FOUND'),
    );
    const actions = rowsOf(
      await t.ctx.db.execute(
        sql`SELECT action FROM audit_log WHERE target_type = 'chat_canned' AND target_id = ${String(made.data.id)} ORDER BY id`,
      ),
    );
    expect(actions.map((a) => a.action)).toEqual(['chat.canned.create', 'chat.canned.update', 'chat.canned.delete']);
  });
});

describe('offline users', () => {
  it('get one chat.reply notification per batch of unread replies after CHAT_NOTIFY_AFTER_SECONDS, exactly once with two runners', async () => {
    const u = await user();
    const id = (await u.send({ clientId: cid(), body: 'Anyone there?' })).data.conversation.id;
    const reply = (body: string) =>
      t.post<ChatMessage>(ADMIN_API.chat.reply, { id, clientId: cid(), body }, { token: support });
    const long = `Yes: ${'a'.repeat(100)}`;
    await reply('First answer');
    const last = (await reply(long)).data;
    // Two runners, as two engine processes would be.
    const other = new ChatService(
      t.ctx,
      { audit: new AuditLog(t.ctx), files: new FileService(t.ctx) },
      { notifyAfterSeconds: 60 },
    );
    await Promise.all([t.app.chat.runOnce(), other.runOnce()]);
    expect(await notices(u.userId)).toHaveLength(0); // not yet 60 s

    t.clock.advance(61_000);
    await signIn();
    const written = await Promise.all([t.app.chat.runOnce(), other.runOnce(), t.app.chat.runOnce()]);
    expect(written.reduce((a, b) => a + b, 0)).toBe(1);
    const rows = await notices(u.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.params).toEqual({ preview: long.slice(0, 80) });
    const conv = rowsOf(
      await t.ctx.db.execute(sql`SELECT user_notified_through FROM chat_conversations WHERE public_id = ${id}`),
    )[0]!;
    expect(Number(conv.user_notified_through)).toBe(last.id);
    await Promise.all([t.app.chat.runOnce(), other.runOnce()]);
    expect(await notices(u.userId)).toHaveLength(1);

    // A reply the user reads in time is never notified.
    const read = (await reply('Read quickly')).data;
    await u.read(read.id);
    t.clock.advance(61_000);
    await signIn();
    await t.app.chat.runOnce();
    expect(await notices(u.userId)).toHaveLength(1);

    // A new batch after that: one more notification.
    await reply('Another answer');
    await reply('And another');
    t.clock.advance(61_000);
    await signIn();
    await Promise.all([t.app.chat.runOnce(), other.runOnce()]);
    expect((await notices(u.userId)).map((r) => (r.params as { preview: string }).preview)).toEqual([
      long.slice(0, 80),
      'And another',
    ]);
  });
});
