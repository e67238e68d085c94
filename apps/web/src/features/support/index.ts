/** The customer-service chat pages (spec §2 `home/components/customer-service` and `customer-service-mobile`), composed by app/route-table.ts. */
export { CustomerServiceMobilePage, CustomerServicePage } from './components/support-pages';
