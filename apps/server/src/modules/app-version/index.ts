// The app-version module's face (docs/architecture.md "How a module is built"; docs/app-version.md): versions, downloads, the company address.
export { AppVersionService } from './service';
export { appVersionRoutes, appVersionAdminRoutes } from './routes';
