// Fixtures of the IPO tests: a subscriber (KYC verified or not, the transaction password TRADE_PASSWORD, PKR
// granted to the real account) and offerings made through the operator's own function, open now unless told.
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { accountIdOf } from '../../server/domain/auth/users-repo.ts';
import { createOffering, type OfferingInput } from '../../server/domain/ipo/ipo-operator.ts';
import type { OfferingRow } from '../../server/domain/ipo/ipo-repo.ts';
import { traderOn } from '../support/cheap-trader.ts';
import { uniquePhone, type TestApp } from './helpers.ts';
import { grant } from './withdraw-helpers.ts';

export const HOUR = 60 * 60 * 1000;

export interface Subscriber {
  userId: number;
  tokenReal: string;
  tokenDemo: string;
  accountId: number;
  demoAccountId: number;
}

export async function subscriber(
  t: TestApp,
  opts: { kyc?: boolean; pkr?: bigint } = {},
): Promise<Subscriber> {
  const tr = await traderOn(t.db, { phone: uniquePhone(), demoFundsPaisa: t.config.demoFundsPaisa });
  await t.db
    .updateTable('users')
    .set({ id_status: (opts.kyc ?? true) ? 'succ' : 'none' })
    .where('id', '=', tr.userId)
    .execute();
  const accountId = (await accountIdOf(t.db, tr.userId, 'real'))!;
  const demoAccountId = (await accountIdOf(t.db, tr.userId, 'demo'))!;
  if (opts.pkr) await grant(t.db, accountId, 'PKR', opts.pkr);
  return { ...tr, accountId, demoAccountId };
}

let n = 0;
/** A fresh symbol: I + 4 letters from a counter and the pid (offerings' symbols are unique). */
function freshSymbol(): string {
  let k = (process.pid % 1000) * 10_000 + n++;
  let s = '';
  for (let i = 0; i < 6; i++) {
    s += String.fromCharCode(65 + (k % 26));
    k = Math.floor(k / 26);
  }
  return `I${s}`;
}

/** An offering at PKR 10.00 (1000 paisa), lot 500, 5,000 retail shares, open from an hour ago for `opensIn`. */
export async function offering(
  t: TestApp,
  over: Partial<OfferingInput> = {},
  opensIn = -HOUR,
): Promise<OfferingRow> {
  const now = Date.now();
  const opensAt = now + opensIn;
  return createOffering(
    t.db,
    CLI_ACTOR,
    {
      symbol: freshSymbol(),
      company: 'Test Dairies Limited',
      sector: 'Food',
      shariah: true,
      price: 1000n,
      priceFloor: null,
      priceCap: null,
      totalShares: 20_000,
      retailShares: 5_000,
      lot: 500,
      minQty: 500,
      maxQty: 10_000,
      opensAt,
      closesAt: opensAt + 2 * HOUR,
      allotAt: opensAt + 3 * HOUR,
      payBy: opensAt + 4 * HOUR,
      listAt: opensAt + 5 * HOUR,
      prospectus: 'A dairy.',
      ...over,
    },
    now,
  );
}

/** Counts of the tables a refused IPO action must not touch. */
export async function ipoCounts(t: TestApp): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['ipo_applications', 'ledger_journals', 'ledger_postings', 'ipo_offerings'] as const) {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}
