// Leverage changes on an open position, on the domain with a settable price: refused above the bracket's
// maximum and when the new margin would put the liquidation price past the current mark; accepted otherwise,
// moving the margin difference between the contract books.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/database.ts';
import { postRecord } from '../../../server/domain/ledger/post.ts';
import { MarkBook } from '../../../server/domain/perp/mark-book.ts';
import { setLeverage } from '../../../server/domain/perp/perp-adjust.ts';
import { openAtMarket, type PerpDeps } from '../../../server/domain/perp/perp-orders.ts';
import { openPosition } from '../../../server/domain/perp/positions-repo.ts';
import { addUser, tradingDb, type TradingDb } from '../trading/trading-db.ts';
import { fakeMarket, SYMBOL } from './perp-fake-market.ts';
import { bookOf } from './perp-helpers.ts';

let d: TradingDb;
let db: Db;
beforeAll(async () => {
  d = await tradingDb();
  db = d.db;
});
afterAll(async () => {
  await d.close();
});

describe('leverage of an open position', () => {
  it('is refused when it would liquidate at the mark, accepted when it would not', async () => {
    const price = { v: 6_000_000n }; // 60,000.00
    const market = fakeMarket(price);
    const deps: PerpDeps = { db, market, marks: new MarkBook(market) };
    const accountId = (await addUser(db, 41)).demo;
    await postRecord(db, {
      kind: 'test_grant',
      ref: 'lev:1',
      accountId,
      now: 0,
      legs: [
        { system: 'test_funding', asset: 'USDT', amount: -10_000_000_000n },
        { accountId, book: 'contract', asset: 'USDT', amount: 10_000_000_000n },
      ],
    });
    await openAtMarket(
      deps,
      { accountId, clientId: 'lev-open-1', symbol: SYMBOL, side: 'long', qty: '0.1' },
      1,
    );
    const at10 = (await openPosition(db, accountId, SYMBOL))!;
    expect(at10.margin).toBe(600_000_000n);
    await expect(setLeverage(deps, accountId, SYMBOL, 126, 2)).rejects.toMatchObject({
      key: 'perp.leverageTooHigh',
    });
    price.v = 5_700_000n; // −5 %: at 20× (LP ≈ 57,300) the position would be past its liquidation price
    await expect(setLeverage(deps, accountId, SYMBOL, 20, 3)).rejects.toMatchObject({
      key: 'perp.leverageWouldLiquidate',
    });
    expect((await openPosition(db, accountId, SYMBOL))!).toMatchObject({
      leverage: 10,
      margin: 600_000_000n,
    });
    // 5× doubles the margin: 600 more leave the contract book
    const before = await bookOf(db, accountId, 'contract');
    const r = await setLeverage(deps, accountId, SYMBOL, 5, 4);
    expect(r.position).toMatchObject({ leverage: 5, margin: 1_200_000_000n });
    expect(await bookOf(db, accountId, 'contract')).toBe(before - 600_000_000n);
    expect(await bookOf(db, accountId, 'contract_margin')).toBe(1_200_000_000n);
  });
});
