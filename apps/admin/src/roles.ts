import {
  ADMIN_QUEUE_REVIEWERS,
  ADMIN_QUEUES,
  CHAT_OPERATOR_ROLES,
  OPERATOR_ROLES,
  type AdminQueue,
  type OperatorRole,
} from '@app/contract';

/** A page of the back office and the roles its API allows (the server checks them again). */
export interface MenuItem {
  path: string;
  label: string;
  roles: readonly OperatorRole[];
}

/** The menu, in order. Each entry's roles are those of the routes the page calls. */
export const MENU: readonly MenuItem[] = [
  { path: '/dashboard', label: 'Dashboard', roles: OPERATOR_ROLES },
  // The queue (its list) for compliance and admin; a submission opens for compliance alone (KYC_REVIEW).
  { path: '/kyc', label: 'KYC queue', roles: ADMIN_QUEUES.kyc },
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
  // The home page's shortcuts (list, save), written like the other content.
  { path: '/shortcuts', label: 'Home shortcuts', roles: ['support', 'admin'] },
  // VIP tiers: finance reads them, an admin changes them (they lower fees), which the page says.
  { path: '/vip', label: 'VIP tiers', roles: ['finance', 'admin'] },
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

/** The menu entry of `path` (a page's own path, or the entry it belongs to). */
export function menuItem(path: string): MenuItem | undefined {
  return MENU.find((item) => item.path === path);
}

/** A KYC submission's page (its details, photos and decision): compliance reviews; an admin reads the queue only. */
export const KYC_REVIEW = {
  what: 'A KYC submission (its details, photos and decision)',
  roles: ADMIN_QUEUE_REVIEWERS.kyc,
};

/** Roles in words: "compliance", "finance and admin", "support, compliance and admin". */
export function rolesText(roles: readonly OperatorRole[]): string {
  if (roles.length <= 1) return roles.join('');
  return `${roles.slice(0, -1).join(', ')} and ${roles.at(-1)}`;
}

/** Who decides a queue's items, as its dashboard card says it: "Reviewed by compliance". */
export function reviewersText(queue: AdminQueue): string {
  return `Reviewed by ${rolesText(ADMIN_QUEUE_REVIEWERS[queue])}`;
}

/** Whether the role decides the queue's items (else it only sees how many wait, and reads the list where it may). */
export function reviews(role: OperatorRole, queue: AdminQueue): boolean {
  return (ADMIN_QUEUE_REVIEWERS[queue] as readonly OperatorRole[]).includes(role);
}

/** What a page the operator may not open says instead (the server would refuse its calls too). */
export function forbiddenText(what: string, roles: readonly OperatorRole[], role: OperatorRole): string {
  return `${what} is for ${rolesText(roles)} operators; you are signed in as ${role}.`;
}
