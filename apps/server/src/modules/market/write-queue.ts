/**
 * The market's one ordered write queue. PGlite has one connection and runs each statement on the
 * event loop, so writes are short statements, one at a time, in order: a later write (a live
 * minute) never overtakes an earlier one (the history it extends).
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { AppContext } from '../../context';
import { engineScope, isFencedError } from '../../db/engine-scope';

/** Writes tagged so are dropped once the engine stops (see enqueue). */
export const BACKFILL_WRITE = 'backfill';

export class WriteQueue {
  private chain: Promise<void> = Promise.resolve();
  private count = 0;
  private stopped = false;

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'log'>,
    /** Called after each write ends (done or given up): stored candles may have changed. */
    private readonly onWritten: () => void = () => undefined,
  ) {}

  /** Writes queued and not done yet. */
  get queued(): number {
    return this.count;
  }

  /** From now on backfill writes are skipped and failures are not retried. */
  stop(): void {
    this.stopped = true;
  }

  /** Resolves when every write queued so far is done. */
  idle(): Promise<void> {
    return this.chain;
  }

  /** Queues a write; the promise settles when it is done (or given up, which is logged). */
  enqueue(what: string, work: (db: AppContext['db']) => Promise<void>): Promise<void> {
    this.count++;
    this.chain = this.chain
      .then(async () => {
        // After stop, backfill writes are left for the next start (which resumes from the last
        // stored week): shutdown should not wait a minute for history nobody will see now.
        if (this.stopped && what === BACKFILL_WRITE) return;
        // PGlite runs each statement synchronously in WASM and resolves in a microtask: without a
        // macrotask yield a long queue would hold the event loop (requests, signals) until it drains.
        await yieldToLoop();
        for (let attempt = 1; ; attempt++) {
          try {
            // The engine role's writes are fenced (db/engine-scope.ts): in its scope each write is one
            // transaction that first checks the role's epoch; a deposed engine's write is refused.
            if (engineScope.getStore()) await this.ctx.db.transaction((tx) => work(tx as unknown as AppContext['db']));
            else await work(this.ctx.db);
            return;
          } catch (err) {
            if (attempt >= 3 || this.stopped || isFencedError(err)) {
              this.ctx.log.error({ err, what }, 'market: write failed');
              return;
            }
            await new Promise((r) => setTimeout(r, 200 * attempt));
          }
        }
      })
      .finally(() => {
        this.count--;
        this.onWritten();
      });
    return this.chain;
  }
}
