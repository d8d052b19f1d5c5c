// The market socket's `mark:<SYM>` channel (issue 16): a snapshot of the mark book's mark, then one delta per
// step of the pair numbered by the pair's own counter (as its ticker channel), each equal to the book's mark.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMinor } from '../../../contract/money.ts';
import type { MarkQuote, ServerMessage } from '../../../workers/protocol/market.ts';
import { SimulatedMarket } from '../../../server/domain/market/simulated-market.ts';
import { MarkBook } from '../../../server/domain/perp/mark-book.ts';
import { MarketHub } from '../../../server/routes/market/ws-hub.ts';
import { openTestDatabase, type TestDatabase } from '../../support/test-db.ts';

let now = Date.parse('2026-11-19T11:00:00+05:00');
let t: TestDatabase;
let market: SimulatedMarket;
let marks: MarkBook;
let hub: MarketHub;
let stopFollow: () => void;
beforeAll(async () => {
  t = await openTestDatabase();
  market = await SimulatedMarket.open(t.db, {
    seed: 'mark',
    historyDays: 3,
    minuteDays: 1,
    clock: () => now,
  });
  marks = new MarkBook(market);
  stopFollow = marks.follow(market);
  hub = new MarketHub(market, { heartbeatMs: 60_000, marks });
});
afterAll(async () => {
  hub.close();
  stopFollow();
  await market.stop();
  await t.close();
});

function fakeSocket() {
  const sent: ServerMessage[] = [];
  const sock = {
    bufferedAmount: 0,
    readyState: 1,
    send: (d: string) => sent.push(JSON.parse(d) as ServerMessage),
    ping: () => {},
    close() {
      this.readyState = 3;
    },
    terminate() {
      this.readyState = 3;
    },
  };
  return { sock, sent };
}

const step = (n: number) => {
  for (let i = 0; i < n; i++) {
    now += 250;
    market.step();
  }
};

const markNow = (symbol: string) => formatMinor(marks.mark(symbol)!, 2);

describe('mark:<SYM> on the market socket', () => {
  it('sends the book’s mark as a snapshot, then a delta per step with the pair’s seq', () => {
    step(3);
    const { sock, sent } = fakeSocket();
    const conn = hub.attach(sock, 'en-US');
    conn.message(JSON.stringify({ op: 'sub', ch: ['mark:BTCUSDT'] }));
    const seq0 = market.channelSeq({ kind: 'ticker', symbol: 'BTCUSDT' });
    expect(sent[0]).toMatchObject({ op: 'snap', ch: 'mark:BTCUSDT', seq: seq0 });
    expect((sent[0] as { data: MarkQuote }).data).toEqual({
      s: 'BTCUSDT',
      m: markNow('BTCUSDT'),
      i: market.ticker('BTCUSDT')!.p,
    });
    const seen: string[] = [];
    let seq = seq0;
    for (let i = 0; i < 20; i++) {
      const before = sent.length;
      step(1);
      const deltas = sent.slice(before).filter((m) => m.op === 'delta' && m.ch === 'mark:BTCUSDT');
      if (market.channelSeq({ kind: 'ticker', symbol: 'BTCUSDT' }) === seq) {
        expect(deltas).toHaveLength(0);
        continue;
      }
      expect(deltas).toHaveLength(1);
      const d = deltas[0] as { seq: number; data: MarkQuote };
      expect(d.seq).toBe(seq + 1);
      seq = d.seq;
      // the published mark is the book's (the averaged one liquidation uses), not the last price
      expect(d.data.m).toBe(markNow('BTCUSDT'));
      expect(d.data.i).toBe(market.ticker('BTCUSDT')!.p);
      seen.push(d.data.m);
    }
    expect(seen.length).toBeGreaterThan(0);
    conn.detach();
  });

  it('refuses a mark channel for a symbol without a perpetual (a stock, an unknown pair)', () => {
    const { sock, sent } = fakeSocket();
    const conn = hub.attach(sock, 'en-US');
    conn.message(JSON.stringify({ op: 'sub', ch: ['mark:OGDC', 'mark:NOPEUSDT'] }));
    expect(sent.map((m) => m.op)).toEqual(['err', 'err']);
    conn.detach();
  });

  it('a hub without the mark book knows no mark channel', () => {
    const bare = new MarketHub(market, { heartbeatMs: 60_000 });
    const { sock, sent } = fakeSocket();
    bare.attach(sock, 'en-US').message(JSON.stringify({ op: 'sub', ch: ['mark:BTCUSDT'] }));
    expect(sent[0]).toMatchObject({ op: 'err', ch: 'mark:BTCUSDT' });
    bare.close();
  });
});
