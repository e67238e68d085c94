/**
 * Runs `work` once the browser has painted the next frame (a frame callback, then a task after
 * it): for what a page should not hold its first paint for, such as a large library or data
 * below its first screen (issue 14). In a hidden tab, which paints no frames, after a task.
 * Returns a function that cancels it.
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: number | undefined;
  if (document.visibilityState === 'hidden') {
    timer = window.setTimeout(work, 0);
    return () => window.clearTimeout(timer);
  }
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(work, 0);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}

/** `afterNextPaint` as a promise. */
export function nextPaint(): Promise<void> {
  return new Promise((resolve) => {
    afterNextPaint(resolve);
  });
}

/**
 * Resolves (with `value`) in a later task: the browser paints and handles input in between. A
 * long piece of start-up split this way is two shorter tasks (issue 34).
 */
export function nextTask<T = void>(value?: T): Promise<T> {
  return new Promise((resolve) => window.setTimeout(() => resolve(value as T), 0));
}
