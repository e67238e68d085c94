import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { Limiter } from './image';

describe('the decoder limiter', () => {
  it('runs at most `atOnce` jobs together, queues `queueMax` more and refuses the rest with TOO_MANY_REQUESTS', async () => {
    const limiter = new Limiter(2, 1);
    let running = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    const job = () =>
      limiter.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => gates.push(resolve));
        running--;
        return 'done';
      });
    const first = [job(), job(), job()];
    const refused = await job().then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).key).toBe('TOO_MANY_REQUESTS');
    await Promise.resolve();
    expect(running).toBe(2);
    while (gates.length > 0 || running > 0) {
      gates.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(await Promise.all(first)).toEqual(['done', 'done', 'done']);
    expect(most).toBe(2);
    // The slots are free again.
    const again = job();
    await new Promise((resolve) => setTimeout(resolve, 0));
    gates.shift()?.();
    expect(await again).toBe('done');
  });
});
