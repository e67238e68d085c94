import { sql, type SQL } from 'drizzle-orm';
import { API } from '@app/contract';
import { rowsOf, type DbOrTx, type RawRow } from '../../db/client';

/**
 * The SQL of the notice stream (docs/notifications.md). No rules in here: which rows a user may
 * see, and how they are worded, is the service's.
 *
 * The one exception to "every table has one owner" (db/table-owners.mjs) outside the ledger's
 * invariants, on purpose: the stream is one sequence over rows of five tables, two of them chat's
 * (`chat_messages`, `chat_conversations`) and one content's (`content_posts`), so the stamper
 * numbers their `seq` and each read takes them in one statement (one snapshot: no row is missed
 * between tables); the image of a chat row is named from `uploads` (files) in that statement, and
 * the announcements a user is shown start at their registration (`users.created_at`). Nothing
 * else here touches another module's table, and nothing else is to be added.
 */

/** A fixed key for the stamper's transaction-level advisory lock: one stamping transaction at a time, everywhere. */
const STAMP_LOCK_KEY = 7_320_020;

/** A row of the stream as one statement reads it from the five tables (one snapshot, so no row is missed between tables). */
export interface StreamRow {
  type: 'notice' | 'announcement' | 'unread' | 'chat' | 'chat-read';
  seq: number;
  /** The user it is for; null for an announcement (everyone). */
  userId: number | null;
  /** notice: user_notifications.id; announcement: content_posts.id; chat: chat_messages.id. */
  id: number | null;
  /** notice: its kind; announcement: its public id; chat: the author. */
  key: string | null;
  /** notice: params; announcement: translations. */
  json: unknown;
  at: Date | null;
  readAt: Date | null;
  /** chat-read: operator_read_through. */
  num: number | null;
  /** announcement: link; chat: body. */
  text: string | null;
  /** chat: the image's file name. */
  text2: string | null;
  /** chat, chat-read: the message or conversation as its user sees it (ChatViews), attached after reading. */
  view?: unknown;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const date = (v: unknown): Date | null =>
  v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v));

function toStreamRow(r: RawRow): StreamRow {
  return {
    type: r.type as StreamRow['type'],
    seq: Number(r.seq),
    userId: num(r.user_id),
    id: num(r.id),
    key: (r.k as string | null) ?? null,
    json: r.j ?? null,
    at: date(r.at),
    readAt: date(r.read_at),
    num: num(r.num),
    text: (r.txt as string | null) ?? null,
    text2: (r.txt2 as string | null) ?? null,
  };
}

/** A Postgres bigint[] literal of ids: one parameter however many ids (drizzle would send one each). */
const idArray = (ids: readonly number[]) => sql`${`{${ids.map((i) => Math.trunc(i)).join(',')}}`}::bigint[]`;

/**
 * Numbers every unstamped row, at most `batch` per table, in one transaction under the advisory
 * lock: stamping transactions never overlap, so a number becomes visible only after every smaller
 * one (a reader that has seen N never later meets a committed row below N). Answers how many rows
 * were numbered.
 */
export async function stampPending(db: DbOrTx, now: Date, batch: number): Promise<number> {
  // Most passes find nothing: a read of the partial indexes, without the lock and the transaction.
  const waiting = rowsOf(
    await db.execute(sql`SELECT EXISTS (SELECT 1 FROM user_notifications WHERE seq IS NULL)
    OR EXISTS (SELECT 1 FROM chat_messages WHERE seq IS NULL) OR EXISTS (SELECT 1 FROM chat_conversations WHERE seq IS NULL)
    OR EXISTS (SELECT 1 FROM notice_states WHERE seq IS NULL)
    OR EXISTS (SELECT 1 FROM content_posts WHERE seq IS NULL AND kind = 'announcement' AND publish_at <= ${now} AND withdrawn_at IS NULL) AS waiting`),
  )[0];
  if (!waiting?.waiting) return 0;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${STAMP_LOCK_KEY})`);
    // Per table: number at most `batch` unstamped rows (the `AND seq IS NULL` again: a row re-stamped meanwhile waits its turn).
    const part = (name: string, table: string, key: string, where: SQL, order: string) => sql`${sql.raw(name)} AS (
      UPDATE ${sql.raw(table)} SET seq = nextval('notice_seq')
      WHERE ${sql.raw(key)} IN (SELECT ${sql.raw(key)} FROM ${sql.raw(table)} WHERE ${where} ORDER BY ${sql.raw(order)} LIMIT ${batch}) AND seq IS NULL
      RETURNING 1)`;
    const res = await tx.execute(sql`WITH
      ${part('n', 'user_notifications', 'id', sql`seq IS NULL`, 'id')},
      ${part('m', 'chat_messages', 'id', sql`seq IS NULL`, 'id')},
      ${part('c', 'chat_conversations', 'id', sql`seq IS NULL`, 'id')},
      ${part('s', 'notice_states', 'user_id', sql`seq IS NULL`, 'user_id')},
      ${part('a', 'content_posts', 'id', sql`seq IS NULL AND kind = 'announcement' AND publish_at <= ${now} AND withdrawn_at IS NULL`, 'publish_at, id')}
      SELECT (SELECT count(*) FROM n) + (SELECT count(*) FROM m) + (SELECT count(*) FROM c) + (SELECT count(*) FROM s) + (SELECT count(*) FROM a) AS stamped`);
    return Number(rowsOf(res)[0]?.stamped ?? 0);
  });
}

/** The highest number visible now (0 when nothing was ever stamped). */
export async function streamHead(db: DbOrTx): Promise<number> {
  const res = await db.execute(sql`SELECT GREATEST(
    (SELECT max(seq) FROM user_notifications), (SELECT max(seq) FROM chat_messages), (SELECT max(seq) FROM chat_conversations),
    (SELECT max(seq) FROM notice_states), (SELECT max(seq) FROM content_posts), 0) AS head`);
  return Number(rowsOf(res)[0]?.head ?? 0);
}

/**
 * The stream's rows after `after`, in order, at most `limit`: everyone's (the hub) or one user's
 * (a resumed stream; announcements are everyone's). One statement, one snapshot.
 */
export async function streamSince(db: DbOrTx, after: number, limit: number, userId?: number): Promise<StreamRow[]> {
  const mine = (col: SQL) => (userId === undefined ? sql`` : sql` AND ${col} = ${userId}`);
  const res = await db.execute(sql`
    SELECT 'notice' AS type, n.seq, n.user_id, n.id, n.kind AS k, n.params AS j, n.created_at AS at, n.read_at,
      NULL::bigint AS num, NULL::text AS txt, NULL::text AS txt2
    FROM user_notifications n WHERE n.seq > ${after}${mine(sql`n.user_id`)}
    UNION ALL
    SELECT 'announcement', p.seq, NULL, p.id, p.public_id::text, p.translations, p.publish_at, NULL, NULL, p.link, NULL
    FROM content_posts p WHERE p.seq > ${after} AND p.kind = 'announcement' AND p.withdrawn_at IS NULL
    UNION ALL
    SELECT 'unread', s.seq, s.user_id, NULL, NULL, NULL, s.updated_at, NULL, s.announcements_read_through, NULL, NULL
    FROM notice_states s WHERE s.seq > ${after}${mine(sql`s.user_id`)}
    UNION ALL
    SELECT 'chat', m.seq, c.user_id, m.id, m.author, NULL, m.created_at, NULL, NULL, m.body, u.name
    FROM chat_messages m JOIN chat_conversations c ON c.id = m.conversation_id LEFT JOIN uploads u ON u.id = m.upload_id
    WHERE m.seq > ${after}${mine(sql`c.user_id`)}
    UNION ALL
    SELECT 'chat-read', c.seq, c.user_id, c.id, NULL, NULL, NULL, NULL, c.operator_read_through, NULL, NULL
    FROM chat_conversations c WHERE c.seq > ${after}${mine(sql`c.user_id`)}
    ORDER BY seq LIMIT ${limit}`);
  return rowsOf(res).map(toStreamRow);
}

/** The announcements a user is shown: visible now, not withdrawn, published after they registered. */
const shownAnnouncement = (p: SQL, u: SQL, now: Date) =>
  sql`${p}.kind = 'announcement' AND ${p}.withdrawn_at IS NULL AND ${p}.publish_at <= ${now} AND ${p}.publish_at >= ${u}.created_at`;

/** An announcement read by the user: one by one (announcement_reads) or by "mark all read" (read_through). */
const announcementRead = (
  p: SQL,
  u: SQL,
) => sql`((${p}.seq IS NOT NULL AND ${p}.seq <= coalesce((SELECT s.announcements_read_through FROM notice_states s WHERE s.user_id = ${u}.id), 0))
  OR EXISTS (SELECT 1 FROM announcement_reads r WHERE r.user_id = ${u}.id AND r.post_id = ${p}.id))`;

/** Each user's unread count: personal notifications unread, plus announcements shown to them and not read. */
export async function unreadCounts(db: DbOrTx, userIds: readonly number[], now: Date): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!userIds.length) return out;
  const res = await db.execute(sql`
    SELECT u.id AS user_id,
      (SELECT count(*) FROM user_notifications n WHERE n.user_id = u.id AND n.read_at IS NULL)
      + (SELECT count(*) FROM content_posts p WHERE ${shownAnnouncement(sql`p`, sql`u`, now)} AND NOT ${announcementRead(sql`p`, sql`u`)}) AS unread
    FROM users u WHERE u.id = ANY(${idArray(userIds)})`);
  for (const r of rowsOf(res)) out.set(Number(r.user_id), Number(r.unread));
  return out;
}

/** One entry of the merged list: a personal notification (`n`) or an announcement (`a`). */
export interface ListedNotice {
  source: 'n' | 'a';
  id: number;
  /** n: its kind; a: its public id. */
  key: string;
  json: unknown;
  link: string | null;
  at: Date;
  read: boolean;
}

function listed(r: RawRow): ListedNotice {
  return {
    source: r.src as 'n' | 'a',
    id: Number(r.id),
    key: String(r.k),
    json: r.j,
    link: (r.link as string | null) ?? null,
    at: date(r.at) ?? new Date(0),
    read: Boolean(r.read),
  };
}

const personalOf = (userId: number, extra: SQL = sql``) => sql`
  SELECT 'n' AS src, n.id, n.kind AS k, n.params AS j, NULL::text AS link, n.created_at AS at, (n.read_at IS NOT NULL) AS read
  FROM user_notifications n WHERE n.user_id = ${userId}${extra}`;
const announcementsOf = (userId: number, now: Date, extra: SQL = sql``) => sql`
  SELECT 'a' AS src, p.id, p.public_id::text AS k, p.translations AS j, p.link, p.publish_at AS at, ${announcementRead(sql`p`, sql`u`)} AS read
  FROM content_posts p, users u WHERE u.id = ${userId} AND ${shownAnnouncement(sql`p`, sql`u`, now)}${extra}`;

/** One page of the user's notifications and announcements, newest first, and how many there are. */
export async function listNotices(
  db: DbOrTx,
  userId: number,
  now: Date,
  page: number,
  size: number,
): Promise<{ rows: ListedNotice[]; total: number }> {
  const [res, total] = await Promise.all([
    db.execute(sql`SELECT * FROM (${personalOf(userId)} UNION ALL ${announcementsOf(userId, now)}) x
      ORDER BY at DESC, src, id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`),
    db.execute(sql`SELECT (SELECT count(*) FROM user_notifications n WHERE n.user_id = ${userId})
      + (SELECT count(*) FROM content_posts p, users u WHERE u.id = ${userId} AND ${shownAnnouncement(sql`p`, sql`u`, now)}) AS total`),
  ]);
  return { rows: rowsOf(res).map(listed), total: Number(rowsOf(total)[0]?.total ?? 0) };
}

export async function findPersonal(db: DbOrTx, userId: number, id: number): Promise<ListedNotice | null> {
  const r = rowsOf(await db.execute(sql`${personalOf(userId, sql` AND n.id = ${id}`)}`))[0];
  return r ? listed(r) : null;
}

export async function findAnnouncement(
  db: DbOrTx,
  userId: number,
  publicId: string,
  now: Date,
): Promise<ListedNotice | null> {
  const r = rowsOf(
    await db.execute(sql`${announcementsOf(userId, now, sql` AND p.public_id::text = ${publicId}`)}`),
  )[0];
  return r ? listed(r) : null;
}

/** Re-stamps the user's notice state (seq NULL), so their other streams hear the new count. */
async function touchState(db: DbOrTx, userId: number, now: Date, readThrough = 0): Promise<void> {
  await db.execute(sql`INSERT INTO notice_states (user_id, announcements_read_through, seq, updated_at) VALUES (${userId}, ${readThrough}, NULL, ${now})
    ON CONFLICT (user_id) DO UPDATE SET seq = NULL, updated_at = EXCLUDED.updated_at,
      announcements_read_through = GREATEST(notice_states.announcements_read_through, EXCLUDED.announcements_read_through)`);
}

export async function markPersonalRead(db: DbOrTx, userId: number, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`UPDATE user_notifications SET read_at = ${now} WHERE id = ${id} AND user_id = ${userId} AND read_at IS NULL`,
    );
    await touchState(tx, userId, now);
  });
}

export async function markAnnouncementRead(db: DbOrTx, userId: number, postId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`INSERT INTO announcement_reads (user_id, post_id, read_at) VALUES (${userId}, ${postId}, ${now}) ON CONFLICT DO NOTHING`,
    );
    await touchState(tx, userId, now);
  });
}

/** Mark all read: every personal notification, and every announcement stamped so far (read_through = the highest). */
export async function markAllRead(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE user_notifications SET read_at = ${now} WHERE user_id = ${userId} AND read_at IS NULL`);
    const head = rowsOf(
      await tx.execute(sql`SELECT coalesce(max(seq), 0) AS head FROM content_posts
      WHERE kind = 'announcement' AND seq IS NOT NULL AND publish_at <= ${now} AND withdrawn_at IS NULL`),
    )[0];
    await touchState(tx, userId, now, Number(head?.head ?? 0));
  });
}

/** The private address of a chat image for its owner. */
export const chatImagePath = (name: string | null): string | null => (name ? `${API.common.file}/${name}` : null);
