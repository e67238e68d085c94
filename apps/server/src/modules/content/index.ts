// The content module's face (DESIGN.md §8a; docs/content.md): news and announcements, the helper centre, legal texts.
export { NewsService, pickTranslation } from './news-service';
export { newsRoutes, newsAdminRoutes } from './news-routes';
