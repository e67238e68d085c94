import { ADMIN_QUEUES, CHAT_OPERATOR_ROLES, OPERATOR_ROLES, type OperatorRole } from '@app/contract';

/** A page of the back office and the roles its API allows (the server checks them again). */
export interface MenuItem {
  path: string;
  label: string;
  roles: readonly OperatorRole[];
}

/** The menu, in order. Each entry's roles are those of the routes the page calls. */
export const MENU: readonly MenuItem[] = [
  { path: '/dashboard', label: 'Dashboard', roles: OPERATOR_ROLES },
  { path: '/kyc', label: 'KYC queue', roles: ['compliance'] },
  { path: '/approvals', label: 'Approvals', roles: ADMIN_QUEUES.approvals },
  // The review queue (list, decide) and the fees (read by both; changed by admin alone, which the page says).
  { path: '/withdrawals', label: 'Withdrawals', roles: ['finance', 'admin'] },
  // Products and subscriptions (list, save) and the loan review queue (list, detail, photo, decide) with loan products.
  { path: '/financing', label: 'Financing', roles: ['finance', 'admin'] },
  { path: '/loans', label: 'Loans', roles: ADMIN_QUEUES.loans },
  // App versions and the download links' QR codes (list, publish, save downloads).
  { path: '/app-versions', label: 'App versions', roles: ['admin'] },
  { path: '/audit', label: 'Audit log', roles: ['admin', 'compliance'] },
  { path: '/operators', label: 'Operators', roles: ['admin'] },
  { path: '/users', label: 'Users', roles: ['support', 'compliance', 'finance', 'admin'] },
  // The customer-service inbox: conversations, replies, assignment and canned replies (every chat route).
  { path: '/chat', label: 'Customer service', roles: CHAT_OPERATOR_ROLES },
  // News and announcements (list, save, withdraw).
  { path: '/news', label: 'News', roles: ['support', 'admin'] },
  // The helper centre's articles (list, save, publish) and the legal texts' versions (list, publish).
  { path: '/help', label: 'Helper centre', roles: ['support', 'admin'] },
  { path: '/legal', label: 'Legal texts', roles: ['compliance', 'admin'] },
];

/** The menu entries a role may use; the others are not shown. */
export function menuFor(role: OperatorRole): MenuItem[] {
  return MENU.filter((item) => item.roles.includes(role));
}

/** Where every operator lands after signing in: the dashboard of their role's queues. */
export const HOME = '/dashboard';

/** Whether the role's menu has the page at `path`. */
export function mayOpen(role: OperatorRole, path: string): boolean {
  return menuFor(role).some((item) => item.path === path);
}
