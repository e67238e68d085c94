import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { stampPending } from './repository';

/** Rows numbered per table per pass: a pass stays short however much is waiting; the next pass takes the rest. */
export const STAMP_BATCH = 1000;

/**
 * Numbers the notice stream's unstamped rows (docs/notifications.md "The stamper"): personal
 * notifications, chat messages, conversations whose read state changed, notice states (reads,
 * mark all read) and announcements once visible. Any process may run it at any time; the
 * advisory lock makes stamping transactions one at a time, so numbers become visible in order.
 */
export class Stamper {
  /** `db` is read at each pass: the app is built before main.ts opens the database. */
  constructor(
    private readonly db: () => Db,
    private readonly clock: Clock,
    private readonly batch = STAMP_BATCH,
  ) {}

  /** One pass; answers how many rows it numbered (`batch` or more per table means more may wait). */
  stamp(): Promise<number> {
    return stampPending(this.db(), this.clock.now(), this.batch);
  }
}
