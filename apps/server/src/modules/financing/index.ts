// The financing module's face (docs/architecture.md "How a module is built"; docs/financing.md): products, estimate and buy, redemption, the maturity job.
export { FinancingService } from './service';
export { financingRoutes, financingAdminRoutes } from './routes';
