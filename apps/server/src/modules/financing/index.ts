// The financing module's face (DESIGN.md §8a; docs/financing.md): products, estimate and buy, redemption, the maturity job.
export { FinancingService } from './service';
export { financingRoutes, financingAdminRoutes } from './routes';
