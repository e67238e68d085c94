import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { isFencedError } from '../db/engine-scope';

/**
 * Runs a piece of background work again and again until stopped: each run answers how long to wait
 * before the next, so runs never overlap. `stop` waits for a run in progress, so nothing runs after
 * it returns. The chain scanners, the withdrawal signer and `runWhenReady` loop with it.
 */
export class PollLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;

  get active(): boolean {
    return !this.stopped;
  }

  /** Starts the loop; a start while it runs does nothing. `run` answers the delay before the next run, in ms. */
  start(run: () => Promise<number>): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = async () => {
      this.timer = null;
      if (this.stopped) return;
      const delay = await run();
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        this.running = tick();
      }, delay);
    };
    this.running = tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}

/** Background work that runs between `start` and `stop` (a chain watcher, the withdrawal signer). */
export interface Background {
  start(): void;
  stop(): Promise<unknown>;
}

/**
 * Starts background work once the database is ready (main.ts listens before it is) and stops it,
 * after the pass in progress, when the app closes.
 */
export function startWhenReady(app: FastifyInstance, isReady: () => boolean, work: Background): void {
  let closing = false;
  app.addHook('onReady', async () => {
    void (async () => {
      while (!isReady() && !closing) await new Promise((r) => setTimeout(r, 100));
      if (!closing) work.start();
    })();
  });
  app.addHook('onClose', async () => {
    closing = true;
    await work.stop();
  });
}

/**
 * The engine role as background work sees it (modules/cluster's EngineRole): work it watches runs
 * once the app is ready and only while this process is the engine; the role stops it when the
 * role is lost and when the app closes.
 */
export interface WorkRole {
  watch(work: Background): void;
}

/**
 * Engine work: started by the role (once ready, while this process is the engine, inside its
 * fencing scope) and stopped by it. Without a role, `startWhenReady` as before.
 */
export function roleWork(
  app: FastifyInstance,
  role: WorkRole | undefined,
  isReady: () => boolean,
  work: Background,
): void {
  if (role) role.watch(work);
  else startWhenReady(app, isReady, work);
}

export interface WorkerOptions {
  name: string;
  /** Pause between runs. */
  everyMs: number;
  /** One pass of the work; the next pass starts `everyMs` after this one ends, never overlapping. */
  run: () => Promise<unknown>;
  isReady: () => boolean;
  log: FastifyBaseLogger;
  /** Engine work: runs only while this process holds the engine role (the role starts and stops it). */
  role?: WorkRole | undefined;
}

/**
 * Background work of a module (settling contracts, matching limit orders), every `everyMs` once
 * the database is ready, until the app closes. A failed pass is logged and the next one comes.
 * Tests build the app with MARKET_ENGINE=manual and call the pass themselves.
 */
export function runWhenReady(app: FastifyInstance, w: WorkerOptions): void {
  const loop = new PollLoop();
  roleWork(app, w.role, w.isReady, {
    start: () =>
      loop.start(async () => {
        try {
          await w.run();
        } catch (err) {
          // A deposed engine's pass: the role steps down and stops this loop.
          if (isFencedError(err)) w.log.warn({ epoch: err.epoch, current: err.current }, `${w.name} fenced`);
          else w.log.error({ err }, `${w.name} failed`);
        }
        return w.everyMs;
      }),
    stop: () => loop.stop(),
  });
}
