// The review queues the console shows, one entry each (the server's side is one file in
// server/routes/console/queues/). A new queue (deposits, withdrawals) is one more entry here.
import type { Role } from './types.ts';

export interface QueueConfig {
  /** the server's queue name: /admin/api/queues/<name> */
  name: string;
  /** text key of its title */
  title: string;
  roles: readonly Role[];
  /** approving asks for a bank/chain reference */
  approveNeedsReference: boolean;
  /** approving offers a reference field that may stay empty (crypto withdrawals: a simulated broadcast) */
  referenceOptional?: boolean;
  /** statuses to filter by; the first is the default */
  statuses: readonly string[];
  /** statuses an item may be approved in (default: pending) */
  approvable?: readonly string[];
  /** statuses an item may be rejected in (default: pending) */
  rejectable?: readonly string[];
}

export const QUEUES: readonly QueueConfig[] = [
  {
    name: 'kyc',
    title: 'nav.kyc',
    roles: ['kyc'],
    approveNeedsReference: false,
    statuses: ['pending', 'succ', 'fail'],
  },
  {
    name: 'deposits',
    title: 'nav.deposits',
    roles: ['finance'],
    approveNeedsReference: true,
    statuses: ['pending', 'credited', 'rejected'],
  },
  {
    name: 'withdrawals',
    title: 'nav.withdrawals',
    roles: ['finance'],
    approveNeedsReference: false,
    referenceOptional: true,
    statuses: ['pending', 'paid', 'rejected'],
  },
  // ---- loans (issue 18): approve = disburse an application, or confirm a repayment; reject = an application
  {
    name: 'loans',
    title: 'nav.loans',
    roles: ['manager'],
    approveNeedsReference: false,
    statuses: ['review', 'repaying', 'active', 'repaid', 'rejected'],
    approvable: ['review', 'repaying'],
    rejectable: ['review'],
  },
];
