// The users module's face: other modules, app.ts, tests and scripts import only from here.
export { UserService, securityStamp, type CodeVerifier, type SessionControl } from './service';
export { userRoutes } from './routes';
export { joinUserOn, userColumns, userRepo, type NewUser, type UserRecord, type UserRow } from './repository';
export { toUserInfo } from './user-info';
export { findByIdentity, phoneKey, resolveIdentity, type Identity, type IdentityInput } from './identity';
export { assertPasswordsMatch } from './passwords';
export { assertNotOtherPassword } from './password-pair';
export { adminListScope } from './admin-scope';
