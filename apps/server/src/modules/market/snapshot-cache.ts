/**
 * Market reads serialised once per change, not once per request (issue 14). An answer is cached
 * as its finished JSON text under the request's shape (path and query) together with a stamp:
 * the engine's version (bumped on every source event, pump, finished write, recovery and
 * backfill step) and the current minute: the 24 h statistics slide with it, and which trading
 * sessions are open (a ticker's `open`) changes only with it, since every session boundary is a
 * whole minute (sessions.test.ts checks two years). A request whose stamp differs rebuilds the
 * answer, exactly as before; one within the same stamp gets the same bytes the rebuild would
 * have produced.
 */
import { MINUTE_MS } from './engine-state';
/** Entries kept (request shapes); the oldest goes first. Kline answers are up to ~50 KB each. */
const MAX_ENTRIES = 256;

export class SnapshotCache {
  private readonly entries = new Map<string, { stamp: string; body: string }>();
  /** Builds under way, by key and stamp: requests that miss together share one build. */
  private readonly building = new Map<string, Promise<string>>();
  hits = 0;
  misses = 0;

  constructor(
    private readonly version: () => number,
    private readonly now: () => number,
  ) {}

  /** What the cached answers depend on besides the request: equal stamps, equal answers. */
  stamp(): string {
    return `${this.version()}:${Math.floor(this.now() / MINUTE_MS)}`;
  }

  /**
   * The cached text for `key`, or `build()`'s, stored under the stamp taken before building (a
   * change while an asynchronous build runs makes the next request rebuild). Requests that miss
   * under the same key and stamp while a build runs wait for it instead of building again (50
   * connections after a tick would otherwise read the same 1000 candles 50 times). A build that
   * throws stores nothing, and each waiting request gets its error.
   */
  async get(key: string, build: () => string | Promise<string>): Promise<string> {
    const stamp = this.stamp();
    const hit = this.entries.get(key);
    if (hit && hit.stamp === stamp) {
      this.hits++;
      return hit.body;
    }
    const flight = `${key}\n${stamp}`;
    const pending = this.building.get(flight);
    if (pending) {
      this.hits++;
      return pending;
    }
    this.misses++;
    const promise = (async () => build())().finally(() => this.building.delete(flight));
    this.building.set(flight, promise);
    const body = await promise;
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { stamp, body });
    return body;
  }
}
