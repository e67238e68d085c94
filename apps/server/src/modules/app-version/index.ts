// The app-version module's face (DESIGN.md §8a; docs/app-version.md): versions, downloads, the company address.
export { AppVersionService } from './service';
export { appVersionRoutes, appVersionAdminRoutes } from './routes';
