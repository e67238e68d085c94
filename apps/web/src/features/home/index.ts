/** The home feature's pages, composed by app/route-table.ts. */
export { HomePage } from './components/home-page';
export { ComingSoonPage } from './components/coming-soon-page';
