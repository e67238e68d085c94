import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { uploads } from '../../db/schema';

/** What other modules read of `uploads` (the chat's images), in the caller's transaction when it passes one. */

/** The file names of these uploads, by id; an unknown id is left out. No query for no ids. */
export async function uploadNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: uploads.id, name: uploads.name })
    .from(uploads)
    .where(inArray(uploads.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The id of the user's private upload of this name (a name FileService.ownPrivateNames answered), or undefined. */
export async function privateUploadId(db: DbOrTx, userId: number, name: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.name, name), eq(uploads.userId, userId), eq(uploads.kind, 'private')))
    .limit(1);
  return row?.id;
}
