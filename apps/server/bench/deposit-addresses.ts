/** What the deposit benches share: many users with an EVM deposit address each, written by SQL into the real tables. */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/** Where the bench's addresses start: far from 0x0…01–0x0…0a and the other low precompiles, which a node treats apart. */
const BASE = 0xbe00000000;

/**
 * The i-th address of the bench's address space, lower case: after `seedDepositAddresses(db, 0, n)`
 * addresses 0 … n−1 are deposit addresses (user `b<i>`); any higher one is a stranger's.
 */
export const benchDepositAddress = (i: number): `0x${string}` => `0x${(BASE + i).toString(16).padStart(40, '0')}`;

/**
 * Users `b<from>` … `b<to − 1>`, each with the EVM deposit address `benchDepositAddress(i)` in the
 * real table (its unique indexes too; no derivation, key id `bench`), then ANALYZE. Sizes grow by
 * calling again with the previous `to` as `from`.
 */
export async function seedDepositAddresses(db: Db, from: number, to: number): Promise<void> {
  if (to <= from) return;
  await db.execute(sql`INSERT INTO users (uid, email, password_hash, nickname, invitation_code, created_at, updated_at)
    SELECT 'b' || g, 'b' || g || '@bench.invalid', 'x', 'b', 'i' || g, now(), now() FROM generate_series(${from}::int, ${to - 1}::int) g`);
  await db.execute(sql`INSERT INTO deposit_addresses (user_id, family, derivation_index, address, lookup, key_id, created_at)
    SELECT u.id, 'evm', 1000000000 + substr(u.uid, 2)::int, a.address, a.address, 'bench', now()
    FROM users u, LATERAL (SELECT '0x' || lpad(to_hex(${BASE}::bigint + substr(u.uid, 2)::int), 40, '0') AS address) a
    WHERE u.uid LIKE 'b%' AND substr(u.uid, 2)::int >= ${from}::int`);
  await db.execute(sql`ANALYZE deposit_addresses`);
}
