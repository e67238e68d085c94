/** Raw ticks of real feeds are kept MARKET_TICK_RETENTION_DAYS; an hourly job deletes older ones. */
import type { EngineState } from './engine-state';
import { marketRepo } from './repository';
import type { WriteQueue } from './write-queue';

const DAY_MS = 86_400_000;
export const RETENTION_EVERY_MS = 3_600_000;
const RETENTION_BATCH = 50_000;

export function runRetention(state: EngineState, queue: WriteQueue): Promise<void> {
  const before = state.now() - state.config.tickRetentionDays * DAY_MS;
  return queue.enqueue('tick retention', async (db) => {
    // Short batches: a large delete on PGlite would hold its only connection.
    while ((await marketRepo.deleteTicksBefore(db, before, RETENTION_BATCH)) === RETENTION_BATCH && !state.stopped) {
      /* next batch */
    }
  });
}
