// The approvals module's face: four eyes on an operator's change of money (issue 16).
export { ApprovalService } from './service';
export { approvalRoutes } from './routes';
