/** The market feature's pages (quote list and search), composed by app/route-table.ts. */
export { QuotePage } from './components/quote-page';
export { SearchPage } from './components/search-page';
