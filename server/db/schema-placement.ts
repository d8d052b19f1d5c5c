// Offline placement tables (migration 210; server/domain/placement/README.md). Kept apart from schema.ts so the
// area's columns live in one file; schema.ts adds them to the Database interface in one block.
import type { Generated } from 'kysely';

export type InvestorType = 'regular' | 'international';
export type PlacementEligibility = 'international' | 'everyone';

/** A user's investor type (absent row: regular), set by an operator. */
export interface InvestorTypesTable {
  user_id: number;
  type: InvestorType;
  set_by: number | null;
  updated_at: number;
}

/** A placement: prices in paisa, share counts as numbers; `phase` is what the operator did. */
export interface PlacementsTable {
  id: Generated<number>;
  symbol: string;
  company: string;
  price: bigint;
  total_shares: number;
  lot: number;
  min_shares: number;
  opens_at: number;
  closes_at: number;
  allot_at: number;
  lock_days: number;
  unlock_at: number;
  eligibility: PlacementEligibility;
  note: Generated<string>;
  phase: Generated<'open' | 'allocated'>;
  applied_shares: Generated<number>;
  allocated_shares: Generated<number>;
  allocated_at: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** An application: `amount` = price × shares, what was frozen. */
export interface PlacementApplicationsTable {
  id: Generated<number>;
  placement_id: number;
  user_id: number;
  account_id: number;
  client_id: string;
  shares: number;
  price: bigint;
  amount: bigint;
  state: 'applied' | 'allocated' | 'not_allocated';
  won_shares: Generated<number>;
  created_at: number;
  updated_at: number;
}
