// The kyc module's face: other modules, app.ts, tests and scripts import only from here.
export { KycService, idNumberKey } from './service';
export { kycAdminRoutes, kycRoutes } from './routes';
