import type { OperatorRole } from '@app/contract';

/** A page of the back office and the roles its API allows (the server checks them again). */
export interface MenuItem {
  path: string;
  label: string;
  roles: readonly OperatorRole[];
}

/** The menu, in order. Each entry's roles are those of the routes the page calls. */
export const MENU: readonly MenuItem[] = [
  { path: '/kyc', label: 'KYC queue', roles: ['compliance'] },
  { path: '/audit', label: 'Audit log', roles: ['admin', 'compliance'] },
  { path: '/operators', label: 'Operators', roles: ['admin'] },
  { path: '/users', label: 'Users', roles: ['support', 'compliance', 'finance', 'admin'] },
  { path: '/approvals', label: 'Approvals', roles: ['finance', 'admin'] },
];

/** The menu entries a role may use; the others are not shown. */
export function menuFor(role: OperatorRole): MenuItem[] {
  return MENU.filter((item) => item.roles.includes(role));
}

/** Where an operator lands after signing in: their first page, or null when none is theirs yet. */
export function homeFor(role: OperatorRole): string | null {
  return menuFor(role)[0]?.path ?? null;
}
