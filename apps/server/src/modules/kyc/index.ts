// The kyc module's face: other modules, app.ts, tests and scripts import only from here.
export { KycService, idNumberKey, type Decision, type ReviewView } from './service';
export { kycRoutes } from './routes';
