/** The customer-service chat pages (docs/product.md §2 `home/components/customer-service` and `customer-service-mobile`), composed by app/route-table.ts. */
export { CustomerServiceMobilePage, CustomerServicePage } from './components/support-pages';
