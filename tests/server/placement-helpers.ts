// Fixtures of the placement tests: placements made through the operator's own function (OGDC, a listed stock,
// PKR 10.00, lot 500), open from an hour ago unless told; international investors set the operator's way.
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import {
  createPlacement,
  setInvestorType,
  type PlacementInput,
} from '../../server/domain/placement/placement-operator.ts';
import type { PlacementRow } from '../../server/domain/placement/placement-repo.ts';
import type { TestApp } from './helpers.ts';
import { HOUR, subscriber, type Subscriber } from './ipo-helpers.ts';

export { HOUR };

export async function placement(
  t: TestApp,
  over: Partial<PlacementInput> = {},
  opensIn = -HOUR,
): Promise<PlacementRow> {
  const now = Date.now();
  const opensAt = now + opensIn;
  return createPlacement(
    t.db,
    CLI_ACTOR,
    {
      symbol: 'OGDC',
      company: 'Oil & Gas Development Company',
      price: 1_000n,
      totalShares: 5_000,
      lot: 500,
      minQty: 1_000,
      opensAt,
      closesAt: opensAt + 2 * HOUR,
      allotAt: opensAt + 3 * HOUR,
      lockDays: 30,
      eligibility: 'international',
      note: 'A strategic investor sale.',
      ...over,
    },
    now,
  );
}

/** A subscriber whose investor type is international (or regular when told), with PKR on the real account. */
export async function investor(
  t: TestApp,
  opts: { kyc?: boolean; pkr?: bigint; regular?: boolean } = {},
): Promise<Subscriber> {
  const s = await subscriber(t, { kyc: opts.kyc ?? true, pkr: opts.pkr ?? 5_000_000n });
  if (!opts.regular) await setInvestorType(t.db, CLI_ACTOR, s.userId, 'international', Date.now());
  return s;
}

/** Counts of the tables a refused placement action must not touch. */
export async function placementCounts(t: TestApp): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of [
    'placement_applications',
    'ledger_journals',
    'ledger_postings',
    'placements',
  ] as const) {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}
