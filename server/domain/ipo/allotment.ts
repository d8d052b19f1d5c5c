// Retail allotment of an IPO (issue 17). PSX's retail portion is applied for in lots of 500 shares
// (../shared/reference/pakistan.md §3); when it is oversubscribed the prospectus sets the rule, and the reference
// marks SECP's current one as unverified. Ours, published on the offering's page and re-runnable by anyone with
// the recorded seed:
//
//   1. Not oversubscribed (all applied ≤ offered): every application is allotted in full.
//   2. Oversubscribed, first round — one lot each, by ballot: if there are at least as many lots as applicants,
//      every applicant gets one lot; otherwise the first `lots` applicants in ballot order get one lot each and
//      the rest get nothing.
//   3. Second round — the lots left are shared pro rata to what each applicant still asks for (their lots
//      minus the one already won), rounded down to whole lots; the few lots that rounding leaves go one each to
//      the largest remainders, ties broken by ballot order.
//
// Ballot order: applications sorted by SHA-256(`${seed}:${applicationId}`) ascending (hex), so the order is fixed
// by the seed and the ids alone. Nobody gets more than they applied for, the total never exceeds what was
// offered, and when demand covers the offer every offered lot is allotted. Pure: no clock, no randomness of its
// own.
import { createHash } from 'node:crypto';

export const IPO_LOT = 500;
export const ALLOTMENT_RULE = 'ballot-then-pro-rata/v1';

export interface Application {
  id: number;
  /** shares applied for: a positive multiple of the lot */
  qty: number;
}

export interface Allotment {
  id: number;
  applied: number;
  /** shares allotted: a multiple of the lot, ≤ applied */
  allotted: number;
  /** lots the application entered into the ballot (applied / lot) */
  lots: number;
  /** lots won */
  wonLots: number;
}

export interface AllotmentResult {
  rule: typeof ALLOTMENT_RULE;
  seed: string;
  offered: number;
  applied: number;
  allotted: number;
  oversubscribed: boolean;
  /** in the order the applications were given */
  allotments: Allotment[];
}

/** Position of an application in the ballot: a hex digest, compared as a string. */
export function ballotKey(seed: string, id: number): string {
  return createHash('sha256').update(`${seed}:${id}`).digest('hex');
}

function check(offered: number, applications: readonly Application[], lot: number): void {
  if (!Number.isSafeInteger(offered) || offered < 0 || offered % lot !== 0)
    throw new RangeError(`offered must be a non-negative multiple of ${lot}`);
  const ids = new Set<number>();
  for (const a of applications) {
    if (!Number.isSafeInteger(a.qty) || a.qty <= 0 || a.qty % lot !== 0)
      throw new RangeError(`application ${a.id}: quantity must be a positive multiple of ${lot}`);
    if (ids.has(a.id)) throw new RangeError(`application ${a.id} appears twice`);
    ids.add(a.id);
  }
}

/** Applicant ids in ballot order. */
export function ballotOrder(seed: string, ids: readonly number[]): number[] {
  return ids
    .map((id) => ({ id, key: ballotKey(seed, id) }))
    .sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : x.id - y.id))
    .map((x) => x.id);
}

/** Lots won per id when demand exceeds the offer (rounds 2 and 3 above). */
function oversubscribedLots(
  offeredLots: number,
  want: Map<number, number>,
  order: number[],
): Map<number, number> {
  const won = new Map(order.map((id) => [id, 0]));
  const first = Math.min(offeredLots, order.length);
  for (const id of order.slice(0, first)) won.set(id, 1);
  let left = offeredLots - first;
  if (left === 0) return won;
  // Pro rata to the remaining asks, in whole lots (bigint: lots × asks can pass 2^53 in principle).
  const asks = order.map((id) => ({ id, ask: BigInt(want.get(id)! - 1) }));
  const totalAsk = asks.reduce((s, a) => s + a.ask, 0n);
  const lots = BigInt(left);
  const rem: { id: number; r: bigint; pos: number }[] = [];
  asks.forEach((a, pos) => {
    if (a.ask === 0n) return;
    const q = (lots * a.ask) / totalAsk;
    won.set(a.id, won.get(a.id)! + Number(q));
    left -= Number(q);
    rem.push({ id: a.id, r: (lots * a.ask) % totalAsk, pos });
  });
  // What rounding left: one lot each to the largest remainders, ties by ballot order, never past the ask.
  rem.sort((x, y) => (x.r > y.r ? -1 : x.r < y.r ? 1 : x.pos - y.pos));
  for (const x of rem) {
    if (left === 0) break;
    if (won.get(x.id)! < want.get(x.id)!) {
      won.set(x.id, won.get(x.id)! + 1);
      left -= 1;
    }
  }
  return won;
}

export function allot(
  offered: number,
  applications: readonly Application[],
  seed: string,
  lot = IPO_LOT,
): AllotmentResult {
  check(offered, applications, lot);
  const applied = applications.reduce((s, a) => s + a.qty, 0);
  const want = new Map(applications.map((a) => [a.id, a.qty / lot]));
  const oversubscribed = applied > offered;
  const won = oversubscribed
    ? oversubscribedLots(
        offered / lot,
        want,
        ballotOrder(
          seed,
          applications.map((a) => a.id),
        ),
      )
    : want;
  const allotments = applications.map((a) => {
    const w = won.get(a.id)!;
    return { id: a.id, applied: a.qty, allotted: w * lot, lots: a.qty / lot, wonLots: w };
  });
  return {
    rule: ALLOTMENT_RULE,
    seed,
    offered,
    applied,
    allotted: allotments.reduce((s, a) => s + a.allotted, 0),
    oversubscribed,
    allotments,
  };
}
