/** How long work put off until idle may wait at most, when the page never goes idle. */
const IDLE_TIMEOUT_MS = 5000;
/** Where requestIdleCallback is missing (Safari): after the first page's work, roughly. */
const FALLBACK_DELAY_MS = 1500;

/**
 * Runs `work` once the browser has nothing else to do (or after IDLE_TIMEOUT_MS): for code and
 * data a page does not need to show itself. Returns a function that cancels it.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, FALLBACK_DELAY_MS);
  return () => window.clearTimeout(id);
}
