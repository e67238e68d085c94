// The customers module's face: users as the back office sees them (issue 16).
export { CustomerService } from './service';
export { customerRoutes } from './routes';
