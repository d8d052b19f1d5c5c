// Fixtures of the ICO tests: sales made through the operator's own function (open now unless told), a
// subscriber with USDT granted to the real account's spot cash, and the counts a refusal must not change.
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { createSale, type SaleInput } from '../../server/domain/ico/ico-operator.ts';
import type { SaleRow } from '../../server/domain/ico/ico-repo.ts';
import { userAcct } from '../../server/domain/ledger/books.ts';
import { balanceOf } from '../../server/domain/ledger/ledger-repo.ts';
import type { TestApp } from './helpers.ts';
import { HOUR } from './ipo-helpers.ts';

export const U = 1_000_000n; // micro-USDT per USDT

let n = 0;
/** A fresh token name: T + 5 letters from a counter and the pid (tokens are unique). */
export function freshToken(): string {
  let k = (process.pid % 1000) * 10_000 + n++;
  let s = '';
  for (let i = 0; i < 5; i++) {
    s += String.fromCharCode(65 + (k % 26));
    k = Math.floor(k / 26);
  }
  return `T${s}`;
}

/** A sale at 0.50 USDT per token (2 decimals), 1,000.00 tokens offered, min 10, cap 400 USDT, open for 2 h. */
export async function sale(t: TestApp, over: Partial<SaleInput> = {}, opensIn = -HOUR): Promise<SaleRow> {
  const now = Date.now();
  const opensAt = now + opensIn;
  return createSale(
    t.db,
    CLI_ACTOR,
    {
      token: freshToken(),
      nameEn: 'Noor Token',
      nameUr: 'نور ٹوکن',
      decimals: 2,
      price: 500_000n,
      offered: 100_000n,
      min: 10n * U,
      cap: 400n * U,
      opensAt,
      closesAt: opensAt + 2 * HOUR,
      distributeAt: opensAt + 3 * HOUR,
      listAt: opensAt + 4 * HOUR,
      summary: 'A test token.',
      ...over,
    },
    () => false,
    now,
  );
}

/** An account's balance of `asset` in one of its books. */
export async function bookOf(
  t: TestApp,
  accountId: number,
  book: 'cash' | 'frozen',
  asset: string,
): Promise<bigint> {
  return balanceOf(t.db, await userAcct(t.db, accountId, book), asset);
}

export async function icoCounts(t: TestApp): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['ico_commitments', 'ledger_journals', 'ledger_postings', 'ico_sales'] as const) {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}
