// The crash scenario end to end on the simulator: a 10× long is opened, BTCUSDT is made to fall 20 % over a
// few feed steps, the mark follows the last price down, and the leader liquidates the position at the first
// mark at or past its liquidation price (every mark before it was above). Balances stay whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMinor } from '../../../contract/money.ts';
import type { MarkTick } from '../../../server/domain/perp/mark-book.ts';
import { ledgerSelfCheck } from '../../../server/domain/ledger/self-check.ts';
import { post } from '../helpers.ts';
import type { TradeTestApp } from '../trade/trade-helpers.ts';
import { bookOf, cid, makePerpApp, perpUser, SYMBOL, TRADE_PASSWORD } from './perp-helpers.ts';

let t: TradeTestApp;
beforeAll(async () => {
  t = await makePerpApp('perp-crash');
});
afterAll(async () => {
  await t.close();
});

describe('crash scenario', () => {
  it('a 20 % fall liquidates a 10× long at the first mark past its liquidation price', async () => {
    const u = await perpUser(t);
    const r = await post(
      t.app,
      '/api/coin/contract/order/add',
      { clientId: cid(), symbol: SYMBOL, side: 'long', qty: '0.01', tradePassword: TRADE_PASSWORD },
      { token: u.token, lang: 'en-US' },
    );
    expect(r.body.code).toBe(0);
    const id: number = r.body.data.position.id;
    const lp = parseMinor(r.body.data.position.liqPrice, 2)!;
    const marks: bigint[] = [];
    const { engine, deps } = t.app.perp;
    const stop = deps.marks.listen((ticks: MarkTick[]) => {
      for (const m of ticks) if (m.symbol === SYMBOL) marks.push(m.mark);
    });
    t.sim.crash(SYMBOL, -20, 2);
    let at = -1;
    for (let i = 0; i < 40 && at < 0; i++) {
      t.sim.step();
      await engine.idle();
      const row = await t.db
        .selectFrom('perp_positions')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      if (row.status !== 'open') at = marks.length - 1;
    }
    stop();
    const exec = await t.db
      .selectFrom('perp_orders')
      .select(['price', 'action'])
      .where('position_id', '=', id)
      .where('action', '=', 'liquidation')
      .executeTakeFirstOrThrow();
    // liquidated on the tick whose mark first reached the LP; filled at that mark, or at the bankruptcy price
    // when the mark had gapped past it with an empty insurance fund (auto-deleveraging)
    expect(at).toBeGreaterThanOrEqual(0);
    expect(marks[at]!).toBeLessThanOrEqual(lp);
    expect(marks.slice(0, at).every((m) => m > lp)).toBe(true);
    expect(exec.price).toBeLessThanOrEqual(lp);
    expect(await bookOf(t.db, u.accountId, 'contract_margin')).toBe(0n);
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  });
});
