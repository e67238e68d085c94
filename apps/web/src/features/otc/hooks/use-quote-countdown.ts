import { useEffect, useRef, useState } from 'react';

/**
 * Whole seconds left until `expiresAt` (epoch ms), ticking each second; calls `onExpire` once
 * when it reaches zero (the page then fetches a new quote).
 */
export function useQuoteCountdown(expiresAt: number | undefined, onExpire: () => void): number {
  const left = () => (expiresAt === undefined ? 0 : Math.max(0, Math.ceil((expiresAt - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  const onExpireRef = useRef(onExpire);
  onExpireRef.current = onExpire;

  useEffect(() => {
    if (expiresAt === undefined) return;
    let fired = false;
    const tick = () => {
      const s = Math.max(0, Math.ceil((expiresAt - Date.now()) / 1000));
      setSeconds(s);
      if (s === 0 && !fired) {
        fired = true;
        onExpireRef.current();
      }
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [expiresAt]);

  return seconds;
}
