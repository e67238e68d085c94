import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userNotifications } from '../../db/schema-kyc';

/**
 * What other modules write to and ask of `user_notifications` (docs/notifications.md): a notice is
 * written in the same transaction as what it tells (pass the caller's `tx`), left unstamped; the
 * stamper numbers it and the notice stream carries it.
 */

/** A notice to a user: `kind` names its template (docs/notification-kinds.md), `params` fill it. */
export interface UserNotice {
  userId: number;
  kind: string;
  createdAt: Date;
  params: Record<string, unknown>;
}

/** Writes notices, in one statement however many (none for an empty list), in the caller's transaction. */
export async function notifyUsers(db: DbOrTx, notices: readonly UserNotice[]): Promise<void> {
  if (!notices.length) return;
  await db
    .insert(userNotifications)
    .values(notices.map(({ userId, kind, createdAt, params }) => ({ userId, kind, createdAt, params })));
}

/** Writes one notice to the user, in the caller's transaction. */
export async function notifyUser(
  db: DbOrTx,
  userId: number,
  kind: string,
  at: Date,
  params: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(userNotifications).values({ userId, kind, createdAt: at, params });
}

/**
 * SQL, for another module's query: the user `userId` has a notice of `kind` whose `params.id` is
 * `id` (a record's public id as text: the marker of a notice written once). Answered through
 * user_notifications_user (user_id, id), per row of the outer query.
 */
export function noticeSent(userId: SQLWrapper, kind: string, id: SQLWrapper): SQL {
  return sql`EXISTS (SELECT 1 FROM ${userNotifications} n WHERE n.user_id = ${userId} AND n.kind = ${kind} AND n.params->>'id' = ${id})`;
}
