/** The app download and version pages (docs/product.md §2 profile "app download", "version", "clear cache"), composed by app/route-table.ts. */
export { AppDownloadPage } from './components/app-download-page';
export { VersionPage } from './components/version-page';
