/** The built-in location pages (docs/product.md §2 /choose-location, /open-location), composed by app/route-table.ts. */
export { ChooseLocationPage } from './components/choose-location-page';
export { OpenLocationPage } from './components/open-location-page';
