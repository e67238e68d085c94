/** The news pages (news, announcements, the economic calendar; docs/content.md), composed by app/route-table.ts. */
export { NewsDetailPage, NewsPage } from './components/news-pages';
