import type { DbOrTx } from '../../db/client';
import { userRepo } from './repository';

/**
 * What every back-office list by user starts with: its page and size (1 and 20 by default) and the
 * user its `uid` filter names — `undefined` with no filter, `null` when the uid names nobody (the
 * list is then empty).
 */
export async function adminListScope(
  db: DbOrTx,
  q: { page?: number | undefined; size?: number | undefined; uid?: string | undefined },
) {
  const page = q.page ?? 1;
  const size = q.size ?? 20;
  if (!q.uid) return { page, size, userId: undefined };
  const user = await userRepo.byUid(db, q.uid.trim());
  return { page, size, userId: user ? user.id : null };
}
