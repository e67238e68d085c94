import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The fencing of the engine role (docs/architecture.md "Engine role and fencing"). The elected
 * engine starts every piece of its work inside `engineScope.run(scope, …)`, so the work's timers,
 * loops and promises carry the scope; `db.transaction()` (db/client.ts) then runs `fence` first in
 * every transaction opened under a scope: it reads the fencing row FOR SHARE and throws
 * FencedError unless the epoch is still the scope's. Nothing else needs to know: a job's
 * transactions are fenced because the job was started by the role.
 */
export interface EngineScope {
  /** The epoch this process won; every transaction of its work checks it. */
  readonly epoch: number;
  /** False once the role stepped down: transactions fail at once, without asking the database. */
  alive: boolean;
  /** Called when the database says another process holds a newer epoch: the role steps down. */
  onFenced(err: FencedError): void;
}

export const engineScope = new AsyncLocalStorage<EngineScope>();

/** An engine action refused: this process no longer holds the engine role under its epoch. */
export class FencedError extends Error {
  constructor(
    readonly epoch: number,
    readonly current: number | null,
  ) {
    super(
      `fenced: engine epoch ${epoch} is over (${current === null ? 'stepped down' : `the database holds epoch ${current}`})`,
    );
    this.name = 'FencedError';
  }
}

export function isFencedError(err: unknown): err is FencedError {
  return err instanceof FencedError;
}

/** The epoch of the engine action running now; null outside the role's work or without an election. */
export function currentEngineEpoch(): number | null {
  return engineScope.getStore()?.epoch ?? null;
}

/** How long a fenced transaction may sit idle before PostgreSQL ends it (and its FOR SHARE lock), so a cut-off engine cannot stall its successor's election. */
export const FENCED_IDLE_TIMEOUT_MS = 2500;

interface Executor {
  execute(query: SQL): PromiseLike<unknown>;
}

/**
 * The fence: the first statements of every transaction of an engine action. The FOR SHARE lock
 * makes a successor's raise of the epoch wait for this transaction, so every action of the old
 * epoch commits before the new epoch begins, and none after.
 */
export async function fence(tx: Executor, scope: EngineScope): Promise<void> {
  if (!scope.alive) throw new FencedError(scope.epoch, null);
  // One round trip: the row locked FOR SHARE, and this transaction's idle limit set beside it.
  const r = await tx.execute(
    sql`SELECT epoch, set_config('idle_in_transaction_session_timeout', ${String(FENCED_IDLE_TIMEOUT_MS)}, true) FROM engine_leader WHERE id = 1 FOR SHARE`,
  );
  const rows = (r as { rows?: { epoch: unknown }[] }).rows ?? (r as { epoch: unknown }[]);
  const current = rows[0] ? Number(rows[0].epoch) : null;
  if (current !== scope.epoch || !scope.alive) {
    const err = new FencedError(scope.epoch, current);
    scope.onFenced(err);
    throw err;
  }
}
