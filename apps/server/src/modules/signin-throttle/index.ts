// The signin-throttle module's face: the one sign-in throttle of users (auth) and operators (operators),
// its attempts in `login_attempts` with the realm (docs/security.md "Account enumeration and brute force").
export { SigninThrottle } from './throttle';
export type { SigninRealm } from './repository';
