import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export interface WorkerOptions {
  name: string;
  /** Pause between runs. */
  everyMs: number;
  /** One pass of the work; the next pass starts `everyMs` after this one ends, never overlapping. */
  run: () => Promise<unknown>;
  isReady: () => boolean;
  log: FastifyBaseLogger;
}

/**
 * Background work of a module (settling contracts, matching limit orders): it starts once the
 * database is ready (main.ts listens before it is) and stops, after the pass in progress, when
 * the app closes. Tests build the app with MARKET_ENGINE=manual and call the pass themselves.
 */
export function runWhenReady(app: FastifyInstance, w: WorkerOptions): void {
  let closing = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const loop = (): void => {
    if (closing) return;
    running = w.run()
      .catch((err: unknown) => w.log.error({ err }, `${w.name} failed`))
      .finally(() => {
        if (!closing) timer = setTimeout(loop, w.everyMs);
      });
  };
  app.addHook('onReady', async () => {
    void (async () => {
      while (!w.isReady() && !closing) await new Promise((r) => setTimeout(r, 100));
      loop();
    })();
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(timer);
    await running;
  });
}
