// Operator roles, a set: kyc reviews identity documents; finance works the deposit and withdrawal queues and
// the money settings; support reads (user lookup); manager is the user's account manager (spec §6: "loan
// amounts and repayment are handled through the user's dedicated customer service manager"): the loans queue
// and user lookup; admin does everything, including settings, operators and the audit log. No I/O: shared by
// the console routes, the operator command and the tests.
export const ROLES = ['kyc', 'finance', 'support', 'manager', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Parses "kyc,finance" (order and repeats ignored); null when a part is not a role or nothing is named. */
export function parseRoles(text: string): Role[] | null {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0 || !parts.every(isRole)) return null;
  return ROLES.filter((r) => parts.includes(r));
}

export function rolesText(roles: readonly Role[]): string {
  return ROLES.filter((r) => roles.includes(r)).join(',');
}

/** Whether an operator with `roles` may do what needs any one of `needed` (admin may do everything). */
export function mayAct(roles: readonly Role[], needed: readonly Role[]): boolean {
  return roles.includes('admin') || needed.some((r) => roles.includes(r));
}
