// Fixtures of the block-trade tests: a VIP buyer (a running free trial, KYC verified unless told, PKR granted
// to the real account) and blocks made through the operator's own function, open now unless told.
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { createBlock } from '../../server/domain/bulk/bulk-operator.ts';
import type { BlockRow } from '../../server/domain/bulk/bulk-repo.ts';
import type { BulkCreateBody } from '../../contract/bulk.ts';
import { post, type TestApp } from './helpers.ts';
import { subscriber, type Subscriber } from './ipo-helpers.ts';
import { newClientId } from './withdraw-helpers.ts';

export const SYMBOL = 'OGDC';

export async function vipBuyer(
  t: TestApp,
  opts: { kyc?: boolean; pkr?: bigint; vip?: boolean } = {},
): Promise<Subscriber> {
  const s = await subscriber(t, opts);
  if (opts.vip ?? true) {
    const res = await post(
      t.app,
      '/api/user/vip/buy',
      { clientId: newClientId(), plan: 'trial' },
      { token: s.tokenReal, lang: 'en-US' },
    );
    if (res.body.code !== 0) throw new Error(`trial refused: ${JSON.stringify(res.body)}`);
  }
  return s;
}

/** A block of 1,000 OGDC in lots of 100 at 10% under the last close, open for 2 hours from now, locked 5 days. */
export function block(t: TestApp, over: Partial<BulkCreateBody> = {}): Promise<BlockRow> {
  return createBlock(
    t.db,
    t.app.market,
    CLI_ACTOR,
    { symbol: SYMBOL, shares: '1000', lot: '100', discountPct: '10', hours: '2', lockDays: '5', ...over },
    Date.now(),
  );
}

/** Counts of the tables a refused buy must not touch. */
export async function bulkCounts(t: TestApp): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of [
    'bulk_orders',
    'stock_orders',
    'stock_fills',
    'share_locks',
    'ledger_journals',
    'ledger_postings',
  ] as const) {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}
