// The auth module's face: other modules, app.ts, tests and scripts import only from here.
// auth depends on users, never the reverse: users gets codes and sessions through interfaces.
export { AuthService } from './service';
export { SessionService } from './sessions';
export { authRoutes } from './routes';
