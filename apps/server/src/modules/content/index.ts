// The content module's face (docs/architecture.md "How a module is built"; docs/content.md): news and announcements, the helper centre, legal texts, the home shortcuts.
export { NewsService, pickTranslation } from './news-service';
export { newsRoutes, newsAdminRoutes } from './news-routes';
export { HelpService } from './help-service';
export { helpRoutes, helpAdminRoutes } from './help-routes';
export { LegalService, acceptCurrentTerms } from './legal-service';
export { legalRoutes, legalAdminRoutes } from './legal-routes';
export { ShortcutService, shortcutLabel } from './shortcuts-service';
export { shortcutRoutes, shortcutAdminRoutes } from './shortcuts-routes';
