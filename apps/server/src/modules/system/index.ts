// The system module's face (health, readiness): app.ts imports only from here.
export { systemRoutes } from './routes';
