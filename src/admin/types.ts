// Types of the console's answers, from the contract (types only: no TypeBox in the bundle).
export type {
  AuditItem,
  ConsoleOperator,
  LookupResult,
  QueueItem,
  QueuePage,
  SettingItem,
} from '../../contract/console.ts';

export type Role = 'kyc' | 'finance' | 'support' | 'manager' | 'admin';

export const mayAct = (roles: readonly Role[], needed: readonly Role[]) =>
  roles.includes('admin') || needed.some((r) => roles.includes(r));
