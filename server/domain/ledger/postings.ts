// Pure rules of the double-entry ledger: what makes a journal's postings valid, and how they move balances.

export interface Posting {
  ledgerAccountId: number;
  /** Asset code, e.g. 'PKR'; amounts are integer minor units of that asset (paisa for PKR). */
  asset: string;
  /** Positive = credit to the holder's balance, negative = debit. Never zero. */
  amount: bigint;
}

export type PostingsProblem = 'tooFewPostings' | 'zeroAmount' | 'unbalanced' | 'badAsset';

const ASSET = /^[A-Z0-9]{2,12}$/;

/** Returns why a set of postings cannot form a journal, or null when it can (per asset the sum is zero). */
export function checkPostings(postings: readonly Posting[]): PostingsProblem | null {
  if (postings.length < 2) return 'tooFewPostings';
  const sums = new Map<string, bigint>();
  for (const p of postings) {
    if (!ASSET.test(p.asset)) return 'badAsset';
    if (p.amount === 0n) return 'zeroAmount';
    sums.set(p.asset, (sums.get(p.asset) ?? 0n) + p.amount);
  }
  for (const sum of sums.values()) if (sum !== 0n) return 'unbalanced';
  return null;
}

/** Net change per (ledger account, asset) of a set of postings; keys are `${ledgerAccountId}:${asset}`. */
export function balanceChanges(postings: readonly Posting[]): Map<string, bigint> {
  const changes = new Map<string, bigint>();
  for (const p of postings) {
    const key = `${p.ledgerAccountId}:${p.asset}`;
    changes.set(key, (changes.get(key) ?? 0n) + p.amount);
  }
  return changes;
}
