// The worker's positions state end to end on the real worker feeds (fake socket, fake timers): positions in,
// ticks on the feed, and what crosses to the app — the list, totals exact against decimal.js, rows only for
// symbols on screen, and only the symbols whose price moved are re-priced.
import { afterEach, describe, expect, it, vi } from 'vitest';
import Decimal from 'decimal.js';
import type { Ticker } from '../../../workers/protocol/market.ts';
import { positionKey, type PositionsUpdate } from '../../../workers/protocol/positions-api.ts';
import type { Position } from '../../../workers/protocol/trade.ts';
import { ticker } from '../worker/fakes.ts';
import { createHarness } from '../worker/service-harness.ts';

afterEach(() => {
  vi.useRealTimers();
});

function position(symbol: string, qty: string, avgCost: string, lastPrice = avgCost): Position {
  const cost = new Decimal(qty).times(avgCost).toFixed(2);
  return {
    symbol,
    nameEn: `${symbol} Ltd`,
    nameUr: `${symbol} لمیٹڈ`,
    qty,
    available: qty,
    locked: '0',
    avgCost,
    cost,
    lastPrice,
    marketValue: cost,
    pnl: '0.00',
    pnlPct: '0.00',
  };
}

let seq = 0;
const tickers = (list: Ticker[]) => ({
  op: 'delta' as const,
  ch: 'tickers:psx',
  seq: ++seq,
  ts: 0,
  data: list,
});

function setup() {
  const h = createHarness(new Map());
  h.socket().open();
  seq = 1;
  h.socket().push({ op: 'snap', ch: 'tickers:psx', seq, ts: 0, data: [] });
  const updates = (): PositionsUpdate[] =>
    h.batches.flatMap((b) => (b.positions ? [b.positions] : [])).splice(0);
  let seen = 0;
  const fresh = (): PositionsUpdate[] => {
    const all = updates();
    const out = all.slice(seen);
    seen = all.length;
    return out;
  };
  return { h, fresh };
}

describe('positions in the market worker', () => {
  it('posts the list and exact totals, rows only for symbols on screen, and re-prices only moved symbols', async () => {
    const { h, fresh } = setup();
    h.worker.account.loaded!.positions.set('real', [
      position('AAA', '1000', '100.1234', '100.00'),
      position('BBB', '333', '50.00'),
      position('CCC', '7', '1234.56'),
    ]);
    await h.advance(110);
    let [u] = fresh();
    expect(u!.accountKey).toBe('real');
    expect(u!.symbols).toEqual(['AAA', 'BBB', 'CCC']);
    expect(u!.rows).toBeUndefined();
    // cost AAA = 100123.40 (server rounding of qty × avgCost), market value at the server's last prices.
    expect(u!.totals).toMatchObject({
      count: 3,
      marketValue: '125,291.92',
      cost: '125,415.32',
      pnl: '-123.40',
    });

    h.service.subscribe([positionKey('AAA')]);
    await h.advance(110);
    [u] = fresh();
    expect(u!.rows).toEqual([
      {
        symbol: 'AAA',
        info: expect.objectContaining({
          qty: '1,000',
          avgCost: '100.12',
          cost: '100,123.40',
          nameUr: 'AAA لمیٹڈ',
        }),
        live: expect.objectContaining({
          last: '100.00',
          marketValue: '100,000.00',
          pnl: '-123.40',
          pnlPct: '-0.12%',
        }),
      },
    ]);

    // BBB is not on screen: the totals move, no row crosses, and only BBB was re-priced.
    h.socket().push(tickers([ticker('BBB', '51.01', 2000)]));
    await h.advance(110);
    [u] = fresh();
    expect(u!.rows).toBeUndefined();
    expect(u!.totals).toMatchObject({ marketValue: '125,628.25', pnl: '+212.93' });
    expect(h.worker.account.loaded!.positions.lastRepriced).toEqual(['BBB']);

    h.socket().push(tickers([ticker('AAA', '101.50', 2100), ticker('ZZZ', '9.00', 2100)]));
    await h.advance(110);
    [u] = fresh();
    expect(u!.rows).toEqual([
      {
        symbol: 'AAA',
        live: expect.objectContaining({
          last: '101.50',
          marketValue: '101,500.00',
          pnl: '+1,376.60',
          dir: 1,
        }),
      },
    ]);
    expect(u!.rows![0]!.live.pnlValue).toBeCloseTo(1376.6);
    expect(h.worker.account.loaded!.positions.lastRepriced).toEqual(['AAA']);

    // A symbol nobody holds, or a tick that does not move the price: nothing crosses.
    h.socket().push(tickers([ticker('ZZZ', '9.50', 2200), ticker('AAA', '101.50', 2300)]));
    await h.advance(110);
    expect(fresh()).toEqual([]);
  });

  it('keeps accounts apart, upserts and removes', async () => {
    const { h, fresh } = setup();
    h.service.subscribe([positionKey('AAA'), positionKey('DDD')]);
    h.worker.account.loaded!.positions.set('real', [position('AAA', '10', '10.00')]);
    await h.advance(110);
    fresh();
    h.worker.account.loaded!.positions.set('demo', [position('DDD', '5', '2.00')]);
    h.worker.account.loaded!.positions.upsert('real', [position('EEE', '1', '1.00')]); // late answer for the old account
    await h.advance(110);
    const [u] = fresh();
    expect(u!.accountKey).toBe('demo');
    expect(u!.symbols).toEqual(['DDD']);
    expect(u!.rows!.map((r) => r.symbol)).toEqual(['DDD']);
    expect(u!.totals).toMatchObject({ count: 1, cost: '10.00' });

    h.worker.account.loaded!.positions.upsert('demo', [position('AAA', '3', '4.00', '5.00')]);
    await h.advance(110);
    const [v] = fresh();
    expect(v!.symbols).toEqual(['DDD', 'AAA']);
    expect(v!.rows).toEqual([expect.objectContaining({ symbol: 'AAA', info: expect.anything() })]);
    expect(v!.totals).toMatchObject({ count: 2, marketValue: '25.00', pnl: '+3.00' });

    h.worker.account.loaded!.positions.remove('demo', 'DDD');
    await h.advance(110);
    const [w] = fresh();
    expect(w).toMatchObject({ symbols: ['AAA'], removed: ['DDD'], totals: { count: 1, pnl: '+3.00' } });
  });

  it('re-reading the same hold list sends nothing; a changed position sends only its row and the totals', async () => {
    const { h, fresh } = setup();
    const list = [position('AAA', '10', '10.00'), position('BBB', '20', '5.00')];
    h.service.subscribe([positionKey('AAA'), positionKey('BBB')]);
    h.worker.account.loaded!.positions.set('real', list);
    await h.advance(110);
    fresh();
    h.worker.account.loaded!.positions.set(
      'real',
      list.map((p) => ({ ...p })),
    );
    await h.advance(110);
    expect(fresh()).toEqual([]);
    // T+1 roll-over on BBB: the row's info crosses again, the list does not.
    h.worker.account.loaded!.positions.set('real', [
      list[0]!,
      { ...list[1]!, available: '10', locked: '10' },
    ]);
    await h.advance(110);
    let [u] = fresh();
    expect(u!.symbols).toBeUndefined();
    expect(u!.rows!.map((r) => [r.symbol, r.info?.locked])).toEqual([['BBB', '10']]);
    // A fill changes the quantity and cost: the totals move too.
    h.worker.account.loaded!.positions.set('real', [{ ...list[0]!, qty: '20', cost: '200.00' }, list[1]!]);
    await h.advance(110);
    [u] = fresh();
    expect(u!.totals).toMatchObject({ count: 2, cost: '300.00', marketValue: '300.00' });
  });

  it('a row scrolled into view crosses on the next frame, not the next P&L flush', async () => {
    const { h, fresh } = setup();
    h.worker.account.loaded!.positions.set('real', [
      position('AAA', '10', '10.00'),
      position('BBB', '1', '1.00'),
    ]);
    await h.advance(110);
    fresh();
    h.service.subscribe([positionKey('BBB')]);
    await h.advance(17);
    const [u] = fresh();
    expect(u!.rows!.map((r) => r.symbol)).toEqual(['BBB']);
  });

  it('a new listener gets the list, the totals and the rows on screen again', async () => {
    const { h, fresh } = setup();
    h.worker.account.loaded!.positions.set('real', [position('AAA', '10', '10.00')]);
    h.service.subscribe([positionKey('AAA')]);
    await h.advance(110);
    fresh();
    const again: PositionsUpdate[] = [];
    h.service.onBatch((b) => void (b.positions && again.push(b.positions)));
    await h.advance(110);
    expect(again[0]).toMatchObject({ symbols: ['AAA'], totals: { count: 1 }, rows: [{ symbol: 'AAA' }] });
  });

  it('10,000 positions: a flush re-prices only the ticked symbols and the totals stay exact', async () => {
    const { h, fresh } = setup();
    const list = Array.from({ length: 10_000 }, (_, i) =>
      position(`S${i}`, String(1 + ((i * 37) % 900)), `${10 + (i % 90)}.${String(i % 100).padStart(2, '0')}`),
    );
    h.worker.account.loaded!.positions.set('real', list);
    h.service.subscribe(list.slice(0, 20).map((p) => positionKey(p.symbol)));
    await h.advance(110);
    fresh();
    const last = new Map(list.map((p) => [p.symbol, p.lastPrice]));
    const ticked: Ticker[] = [];
    for (let k = 0; k < 500; k++) {
      const s = `S${(k * 19) % 10_000}`;
      const p = `${20 + (k % 70)}.${String((k * 7) % 100).padStart(2, '0')}`;
      last.set(s, p);
      ticked.push(ticker(s, p, 5000 + k));
    }
    h.socket().push(tickers(ticked));
    await h.advance(110);
    const [u] = fresh();
    expect(new Set(h.worker.account.loaded!.positions.lastRepriced)).toEqual(
      new Set(ticked.filter((t) => t.p !== list[+t.s.slice(1)]!.lastPrice).map((t) => t.s)),
    );
    // Only visible rows cross (S0 … S19 that were ticked).
    for (const r of u!.rows ?? []) expect(+r.symbol.slice(1)).toBeLessThan(20);
    let mv = new Decimal(0);
    let cost = new Decimal(0);
    for (const p of list) {
      mv = mv.plus(new Decimal(p.qty).times(last.get(p.symbol)!));
      cost = cost.plus(p.cost);
    }
    const group = (d: Decimal) => d.toFixed(2, Decimal.ROUND_DOWN).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    expect(u!.totals).toMatchObject({ count: 10_000, marketValue: group(mv), cost: group(cost) });
    expect(u!.totals!.pnl.replace('+', '')).toBe(group(mv.minus(cost)));
  });
});
