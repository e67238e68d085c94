import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/* ------------------------------------------------------------------------------------------------
 * Running as several processes (docs/operations.md "Scaling out")
 * ---------------------------------------------------------------------------------------------- */

/**
 * The engine role's fencing token: one row (id = 1). A process that wins the election (a
 * PostgreSQL advisory lock held on a dedicated connection) raises `epoch` and names itself. Every
 * transaction of an engine action first reads this row FOR SHARE and gives up unless the epoch is
 * still its own, so a deposed engine (cut off from the database, paused) can never act after its
 * successor took over: the successor's UPDATE waits for the deposed one's open transactions, and
 * every later one sees the new epoch.
 */
export const engineLeader = pgTable(
  'engine_leader',
  {
    id: integer('id').primaryKey(),
    epoch: bigint('epoch', { mode: 'number' }).notNull(),
    node: text('node').notNull(),
    since: ts('since').notNull(),
  },
  (t) => [check('engine_leader_one_row', sql`${t.id} = 1`)],
);

/**
 * The epoch log: one row per election won, never changed except `ended_at` (written by the
 * holder when it steps down cleanly; NULL after a crash, the next epoch's `started_at` ends it).
 * The cluster test reads it: epochs strictly increase and never overlap.
 */
export const engineEpochs = pgTable('engine_epochs', {
  epoch: bigint('epoch', { mode: 'number' }).primaryKey(),
  node: text('node').notNull(),
  startedAt: ts('started_at').notNull(),
  endedAt: ts('ended_at'),
});

/**
 * The transactional outbox of per-user order events (the websocket's openOrders feed): written
 * in the transaction of the money command that caused them, published to the bus after the
 * commit with the row id as the message id (JetStream de-duplicates a second publish), and
 * published by a sweeper when the writing process died between the commit and the publish.
 */
export const userEventOutbox = pgTable(
  'user_event_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    event: jsonb('event').notNull(),
    createdAt: ts('created_at').notNull(),
    /** Set once the bus acknowledged the publish; NULL rows are the sweeper's. */
    publishedAt: ts('published_at'),
  },
  (t) => [
    index('user_event_outbox_unpublished').on(t.createdAt).where(sql`${t.publishedAt} IS NULL`),
    index('user_event_outbox_user').on(t.userId, t.id),
  ],
);

/**
 * Uploaded files' bytes when the file store is PostgreSQL (FILE_STORE=pg, the default with
 * DATABASE_URL and more than one process): keyed by the upload's server-made name.
 */
export const fileBlobs = pgTable('file_blobs', {
  name: text('name').primaryKey(),
  data: bytea('data').notNull(),
  createdAt: ts('created_at').notNull(),
});
