import { DEFAULT_LANGUAGE, LANGUAGES, type Language, type Theme, type TypeUser } from '@app/contract';

/**
 * Names of everything this app keeps in the browser, in one place, so "clear cache" and
 * logout know what they may remove. All keys share one prefix.
 */
export const STORAGE_PREFIX = 'tw.';

export const STORAGE_KEYS = {
  /** The persisted session and product state (zustand persist). */
  session: `${STORAGE_PREFIX}session`,
  /** Resend deadlines of verification codes, so a reload does not reset the 60 s wait. */
  otpCountdown: `${STORAGE_PREFIX}otp-countdown`,
  /** The assets page's "Hide small balances" choice (on unless turned off). */
  hideSmallBalances: `${STORAGE_PREFIX}hide-small-balances`,
  /** A visitor's arrangement of the desktop dashboard (a signed-in user's is on the server). */
  dashboardLayout: `${STORAGE_PREFIX}dashboard-layout`,
  /** The country or region chosen on /choose-location (a display preference: "clear cache" removes it). */
  preferredRegion: `${STORAGE_PREFIX}preferred-region`,
} as const;

/** The persisted session's fields the entry reads before the session store's code has loaded. */
interface StoredSessionHead {
  token?: unknown;
  theme?: unknown;
  typeUser?: unknown;
  language?: unknown;
  user?: unknown;
}

function readStoredSession(): StoredSessionHead {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.session);
    return (raw ? (JSON.parse(raw) as { state?: StoredSessionHead }).state : undefined) ?? {};
  } catch {
    return {};
  }
}

/**
 * Whether a session token is stored, read before the session store's code has loaded (main.tsx
 * decides with it whether a page that needs a session is worth preloading).
 */
export function hasStoredToken(): boolean {
  return storedToken() !== null;
}

/** The stored session token, read the same way (the entry's early requests send it, lib/api/early.ts). */
export function storedToken(): string | null {
  const { token } = readStoredSession();
  return typeof token === 'string' && token.length > 0 ? token : null;
}

/**
 * The stored theme and account mode, read the same way (main.tsx applies them before the first
 * paint); anything unknown reads as the store's defaults, light and real.
 */
export function storedDisplay(): { theme: Theme; typeUser: TypeUser } {
  const { theme, typeUser } = readStoredSession();
  return { theme: theme === 'dark' ? 'dark' : 'light', typeUser: typeUser === 'demo' ? 'demo' : 'real' };
}

/**
 * The stored language and, with a session, the stored user's nickname, read the same way (the
 * entry paints the page's first view in them, app/first-view.ts); as the session store reads
 * them: an unknown language is the default one.
 */
export function storedGreeting(): { language: Language; nickname: string | null } {
  const { language, user } = readStoredSession();
  const known = LANGUAGES.find((l) => l === language) ?? DEFAULT_LANGUAGE;
  const nickname =
    storedToken() !== null && typeof user === 'object' && user !== null
      ? (user as { nickname?: unknown }).nickname
      : null;
  return { language: known, nickname: typeof nickname === 'string' ? nickname : null };
}
