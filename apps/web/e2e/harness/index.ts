/** What a journey file imports: `import { newPage, ... } from '../harness'`. */
import type { Browser } from 'playwright-core';
import type { Server } from './server';
import type { EarlyUser } from './users';

export { DESKTOP, DESKTOP_1200, FULL_HD, MOBILE, PASSWORD, SHOTS, sleep } from './config';
export { expectToastClear, expectWholeLayout, layoutFaults, type LayoutCheck } from './layout';
export { expectAccessible } from './axe';
export {
  atFullHd,
  expectCspViolation,
  expectFailedRequests,
  loggedInContext,
  newPage,
  shot,
  storedSession,
  waitForPath,
} from './browser';
export { confirmDemoContract, enterContract, openTradeChart } from './trade';
export { api, readCode, registerViaApi, uniqueEmail, waitForResendWindow } from './users';
export type { Server } from './server';
export type { ApiReply, EarlyUser } from './users';

/** What the runner gives a journey: the shared browser and server, and the user it registered at start-up. */
export interface JourneyContext {
  browser: Browser;
  server: Server;
  /** For a journey with `earlyUser`: that user, registered as soon as the server was up (harness/users.ts). */
  earlyUser: Promise<EarlyUser> | undefined;
}

/** One browser test: each journeys/*.ts file exports `journeys: Journey[]`. */
export interface Journey {
  name: string;
  fn: (context: JourneyContext) => Promise<void>;
  /** Runs after the others (it waits for a resend window). */
  last?: boolean;
  /** A tag: the runner registers a user for it at start-up (`context.earlyUser`). */
  earlyUser?: string;
  /** Minutes long (a local chain, review queues): left out with E2E_SLOW=skip. */
  slow?: boolean;
}
