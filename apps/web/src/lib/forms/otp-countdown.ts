import { useEffect, useState } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { OTP_RESEND_WAIT_S } from '@app/contract';
import { STORAGE_KEYS } from '../session/storage';

/**
 * When each destination may be sent a new code (docs/product.md §5: resend only after 60 s). Keyed by
 * destination alone, as the server counts it (a register code and a reset code to one
 * address share the wait); kept in sessionStorage so leaving the page or reloading does not
 * reset it.
 */
interface CountdownState {
  resendAt: Record<string, number>;
  start: (key: string, seconds?: number) => void;
}

/** At most this many destinations are remembered (oldest dropped). */
const MAX_ENTRIES = 20;

export const useOtpCountdownStore = create<CountdownState>()(
  persist(
    (set) => ({
      resendAt: {},
      start: (key, seconds = OTP_RESEND_WAIT_S) =>
        set((state) => {
          const now = Date.now();
          const live = Object.entries(state.resendAt)
            .filter(([k, at]) => at > now && k !== key)
            .slice(-(MAX_ENTRIES - 1));
          return { resendAt: { ...Object.fromEntries(live), [key]: now + Math.max(1, seconds) * 1000 } };
        }),
    }),
    { name: STORAGE_KEYS.otpCountdown, storage: createJSONStorage(() => window.sessionStorage) },
  ),
);

/** An e-mail address or an E.164-style "+<dial><number>". */
export function otpCountdownKey(destination: string): string {
  return destination.trim().toLowerCase();
}

/** Whole seconds until a new code may be sent to `key` (0 = now), ticking every second. */
export function useResendSecondsLeft(key: string): number {
  const resendAt = useOtpCountdownStore((s) => s.resendAt[key] ?? 0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (resendAt <= Date.now()) return undefined;
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= resendAt) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [resendAt]);
  return Math.max(0, Math.ceil((resendAt - now) / 1000));
}
