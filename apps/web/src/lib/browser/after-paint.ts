import { useEffect, useState } from 'react';

/**
 * Runs `work` once the browser has painted the next frame (a frame callback, then a task after
 * it): for what a page should not hold its first paint for, such as a large library or data
 * below its first screen (issue 14). Returns a function that cancels it.
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: number | undefined;
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(work, 0);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}

/** False on a component's first render, true once the frame that shows it has been painted. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}
