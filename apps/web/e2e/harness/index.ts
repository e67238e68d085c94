/** What a journey file imports: `import { newPage, ... } from '../harness/index.mjs'`. */
export { DESKTOP, FULL_HD, MOBILE, PASSWORD, SHOTS, sleep } from './config.mjs';
export { expectAccessible } from './axe.mjs';
export { expectCspViolation, expectFailedRequests, loggedInContext, newPage, shot, storedSession, waitForPath } from './browser.mjs';
export { confirmDemoContract, enterContract, openTradeChart } from './trade.mjs';
export { api, readCode, registerViaApi, uniqueEmail, waitForResendWindow } from './users.mjs';
