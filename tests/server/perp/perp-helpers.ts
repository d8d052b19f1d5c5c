// Helpers for the contract tests: a hand-stepped market app, a trader's demo account funded with USDT in the
// contract book (from test_funding), balances of the contract books and the contracts' system accounts.
import type { Db } from '../../../server/db/database.ts';
import { balanceOf } from '../../../server/domain/ledger/ledger-repo.ts';
import { sysAcct, userAcct, type UserBook } from '../../../server/domain/ledger/books.ts';
import { postRecord } from '../../../server/domain/ledger/post.ts';
import { makeTradeApp, trader, type TradeTestApp, type Trader } from '../trade/trade-helpers.ts';

export { TRADE_PASSWORD } from '../trade/trade-helpers.ts';

export const SYMBOL = 'BTCUSDT';
export const USDT = 'USDT';
export const usdt = (whole: number): bigint => BigInt(whole) * 1_000_000n;

export async function makePerpApp(seed = 'perp-api'): Promise<TradeTestApp> {
  return makeTradeApp(seed);
}

export interface PerpUser extends Trader {
  accountId: number;
  token: string;
}

/** A trader (transaction password TRADE_PASSWORD) whose demo account's contract book holds `funds` micro-USDT. */
export async function perpUser(t: TradeTestApp, funds: bigint = usdt(100_000)): Promise<PerpUser> {
  const u = await trader(t);
  const acc = await t.db
    .selectFrom('accounts')
    .select('id')
    .where('user_id', '=', u.userId)
    .where('type', '=', 'demo')
    .executeTakeFirstOrThrow();
  if (funds > 0n)
    await postRecord(t.db, {
      kind: 'test_grant',
      ref: `perp-test:${acc.id}`,
      accountId: acc.id,
      now: Date.now(),
      legs: [
        { system: 'test_funding', asset: USDT, amount: -funds },
        { accountId: acc.id, book: 'contract', asset: USDT, amount: funds },
      ],
    });
  return { ...u, accountId: acc.id, token: u.tokenDemo };
}

export async function bookOf(db: Db, accountId: number, book: UserBook): Promise<bigint> {
  return balanceOf(db, await userAcct(db, accountId, book), USDT);
}

export async function systemOf(db: Db, name: string): Promise<bigint> {
  return balanceOf(db, await sysAcct(db, name), USDT);
}

let seq = 0;
export function cid(): string {
  seq += 1;
  return `perp-${process.pid}-${Date.now()}-${seq}`;
}

export async function perpRows(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of [
    'perp_positions',
    'perp_orders',
    'perp_limit_orders',
    'perp_leverage',
    'ledger_journals',
  ] as const) {
    const r = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(r.n);
  }
  return out;
}
