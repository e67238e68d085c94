import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  THEMES,
  TYPE_USERS,
  type Language,
  type LoginResult,
  type Theme,
  type TypeUser,
  type UserInfo,
} from '@app/contract';
import { setTimeZoneChoice, TIME_ZONE_CHOICES, type TimeZoneChoice } from '../format/time-zone-choice';
import { STORAGE_KEYS } from './storage';

/**
 * Session and product state (docs/product.md §3 "product state", §4 "session"), persisted in
 * localStorage so a reload keeps the user logged in and keeps their preferences.
 * No token means logged out.
 */
export interface SessionState {
  token: string | null;
  user: UserInfo | null;
  /** Which ledger requests use (`typeUser` header); real by default. */
  typeUser: TypeUser;
  language: Language;
  theme: Theme;
  /** Times in the user's own zone or in New York's (a choice of this device; lib/format/time-zone-choice.ts). */
  timeZone: TimeZoneChoice;
  /** The user confirmed the "this is a trial version" warning of demo mode. */
  demoConfirmed: boolean;
  /**
   * The session ended because the user logged out (not persisted). The login guard then
   * sends them to log in without remembering the page they were on.
   */
  loggedOut: boolean;
  /**
   * The session ended by expiry (not persisted). The desktop layout then asks the user to log in
   * again in a dialog, on the page they are on (docs/product.md §8 exempts a window wider than 1000 px from
   * the redirect to login); the mobile layout does not use it.
   */
  expired: boolean;

  signIn: (result: LoginResult) => void;
  setUser: (user: UserInfo) => void;
  /** Session expiry: token, user and demo confirmation go, typeUser back to real. */
  clearSession: () => void;
  /** The same, when the user logs out. */
  logOut: () => void;
  setLanguage: (language: Language) => void;
  setTheme: (theme: Theme) => void;
  setTimeZone: (timeZone: TimeZoneChoice) => void;
  setTypeUser: (typeUser: TypeUser) => void;
  setDemoConfirmed: (confirmed: boolean) => void;
  /** The user closed the desktop "log in again" dialog without logging in. */
  dismissExpiry: () => void;
}

type PersistedSession = Pick<
  SessionState,
  'token' | 'user' | 'typeUser' | 'language' | 'theme' | 'timeZone' | 'demoConfirmed'
>;

const STORE_VERSION = 1;

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      typeUser: 'real',
      language: DEFAULT_LANGUAGE,
      theme: 'light',
      timeZone: 'local',
      demoConfirmed: false,
      loggedOut: false,
      expired: false,

      signIn: ({ token, user }) => set({ token, user, loggedOut: false, expired: false }),
      setUser: (user) => set({ user }),
      clearSession: () =>
        set({ token: null, user: null, demoConfirmed: false, typeUser: 'real', loggedOut: false, expired: true }),
      logOut: () =>
        set({ token: null, user: null, demoConfirmed: false, typeUser: 'real', loggedOut: true, expired: false }),
      setLanguage: (language) => set({ language }),
      setTheme: (theme) => set({ theme }),
      setTimeZone: (timeZone) => set({ timeZone }),
      setTypeUser: (typeUser) => set({ typeUser }),
      setDemoConfirmed: (demoConfirmed) => set({ demoConfirmed }),
      dismissExpiry: () => set({ expired: false }),
    }),
    {
      name: STORAGE_KEYS.session,
      version: STORE_VERSION,
      storage: createJSONStorage(() => window.localStorage),
      partialize: (s): PersistedSession => ({
        token: s.token,
        user: s.user,
        typeUser: s.typeUser,
        language: s.language,
        theme: s.theme,
        timeZone: s.timeZone,
        demoConfirmed: s.demoConfirmed,
      }),
      // Stored data is input: keep only values this build understands.
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<PersistedSession>;
        return {
          ...current,
          token: typeof p.token === 'string' && p.token.length > 0 ? p.token : null,
          user: p.user && typeof p.user === 'object' ? p.user : null,
          typeUser: TYPE_USERS.includes(p.typeUser as TypeUser) ? (p.typeUser as TypeUser) : 'real',
          language: LANGUAGES.includes(p.language as Language) ? (p.language as Language) : DEFAULT_LANGUAGE,
          theme: THEMES.includes(p.theme as Theme) ? (p.theme as Theme) : 'light',
          timeZone: TIME_ZONE_CHOICES.includes(p.timeZone as TimeZoneChoice) ? (p.timeZone as TimeZoneChoice) : 'local',
          demoConfirmed: p.demoConfirmed === true,
        };
      },
    },
  ),
);

// The formatter (lib/format/date.ts) reads the time zone choice outside React: as stored, then as it changes.
setTimeZoneChoice(useSessionStore.getState().timeZone);
useSessionStore.subscribe((s) => setTimeZoneChoice(s.timeZone));

/** Non-React read of the current state (API client, navigation helpers). */
export const getSession = (): SessionState => useSessionStore.getState();

export const useIsLoggedIn = (): boolean => useSessionStore((s) => s.token !== null);
