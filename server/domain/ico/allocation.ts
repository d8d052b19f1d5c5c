// The allocation of a token sale (rule 'pro-rata-largest-remainder/v1', contract/ico.ts), exact in bigint:
//   want_i   = floor(amount_i × scale ÷ price)          tokens (smallest unit) the commitment buys at the price
//   W        = Σ want_i
//   W ≤ offered (undersubscribed or exact): tokens_i = want_i
//   W > offered (oversubscribed): tokens_i = floor(offered × want_i ÷ W); the R = offered − Σ tokens_i units
//            left (R < number of commitments) go one each to the largest remainders (offered × want_i mod W),
//            the earliest commitment (lowest id) first on a tie; Σ tokens_i = offered exactly
//   cost_i   = floor(tokens_i × price ÷ scale)           micro-USDT, rounded toward the user
//   refund_i = amount_i − cost_i
// So tokens_i ≤ want_i (nobody gets more than they paid for), cost_i ≤ amount_i, Σ tokens_i ≤ offered, and
// every committed micro-USDT is either spent or refunded: cost_i + refund_i = amount_i.

export interface Commitment {
  id: number;
  /** micro-USDT committed */
  amount: bigint;
}

export interface SaleTerms {
  /** micro-USDT per whole token */
  price: bigint;
  /** 10^tokenDecimals: smallest units per whole token */
  scale: bigint;
  /** tokens offered, smallest units */
  offered: bigint;
}

export interface Allocation {
  id: number;
  want: bigint;
  tokens: bigint;
  cost: bigint;
  refund: bigint;
}

export interface AllocationResult {
  allocations: Allocation[];
  /** Σ want */
  wanted: bigint;
  /** Σ tokens (≤ offered) */
  sold: bigint;
  oversubscribed: boolean;
}

export function allocate(terms: SaleTerms, commitments: readonly Commitment[]): AllocationResult {
  const { price, scale, offered } = terms;
  if (price <= 0n || scale <= 0n || offered <= 0n) throw new RangeError('allocate: bad sale terms');
  const wants = commitments.map((c) => {
    if (c.amount < 0n) throw new RangeError('allocate: negative commitment');
    return { id: c.id, amount: c.amount, want: (c.amount * scale) / price };
  });
  const wanted = wants.reduce((s, w) => s + w.want, 0n);
  const oversubscribed = wanted > offered;
  const tokens = new Map<number, bigint>();
  if (!oversubscribed) {
    for (const w of wants) tokens.set(w.id, w.want);
  } else {
    const rems: { id: number; rem: bigint }[] = [];
    let given = 0n;
    for (const w of wants) {
      const q = offered * w.want;
      const t = q / wanted;
      tokens.set(w.id, t);
      given += t;
      rems.push({ id: w.id, rem: q % wanted });
    }
    rems.sort((a, b) => (a.rem === b.rem ? a.id - b.id : a.rem > b.rem ? -1 : 1));
    let left = offered - given;
    for (const r of rems) {
      if (left === 0n || r.rem === 0n) break;
      tokens.set(r.id, tokens.get(r.id)! + 1n);
      left -= 1n;
    }
  }
  let sold = 0n;
  const allocations = wants.map((w) => {
    const t = tokens.get(w.id)!;
    sold += t;
    const cost = (t * price) / scale;
    return { id: w.id, want: w.want, tokens: t, cost, refund: w.amount - cost };
  });
  return { allocations, wanted, sold, oversubscribed };
}
