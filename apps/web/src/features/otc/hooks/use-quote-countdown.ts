import { useEffect, useRef, useState } from 'react';

/**
 * Whole seconds left until `expiresAt` (ISO), ticking each second; calls `onExpire` once
 * when it reaches zero (the page then fetches a new quote).
 */
export function useQuoteCountdown(expiresAt: string | undefined, onExpire: () => void): number {
  const left = () => (expiresAt ? Math.max(0, Math.ceil((Date.parse(expiresAt) - Date.now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  const onExpireRef = useRef(onExpire);
  onExpireRef.current = onExpire;

  useEffect(() => {
    if (!expiresAt) return;
    let fired = false;
    const tick = () => {
      const s = Math.max(0, Math.ceil((Date.parse(expiresAt) - Date.now()) / 1000));
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
