// A tiny in-memory stand-in for the market feed (what domain/trading needs): a few PSX stocks with fixed
// books and bands, an index, a session switch and a settable clock. Cheap enough for property tests.
import type { Book, Instrument, SessionState, StockInfo, Ticker } from '../../../workers/protocol/market.ts';
import type { MarketTick } from '../../../server/domain/market/market-source.ts';
import type { TradeMarket } from '../../../server/domain/trading/market-port.ts';

export interface FakeStock {
  symbol: string;
  lot: string;
  last: string;
  limitUp: string;
  limitDown: string;
  asks: [string, string][];
  bids: [string, string][];
}

export const STOCKS: FakeStock[] = [
  {
    symbol: 'AAA',
    lot: '1',
    last: '10.00',
    limitUp: '10.75',
    limitDown: '9.25',
    asks: [
      ['10.01', '50'],
      ['10.02', '100'],
      ['10.05', '200'],
    ],
    bids: [
      ['9.99', '50'],
      ['9.98', '100'],
      ['9.95', '200'],
    ],
  },
  {
    symbol: 'BBB',
    lot: '10',
    last: '100.00',
    limitUp: '107.50',
    limitDown: '92.50',
    asks: [
      ['100.10', '30'],
      ['100.50', '500'],
    ],
    bids: [
      ['99.90', '30'],
      ['99.50', '500'],
    ],
  },
  {
    symbol: 'CCC',
    lot: '1',
    last: '2.00',
    limitUp: '3.00',
    limitDown: '1.00',
    asks: [['2.01', '1000']],
    bids: [['1.99', '1000']],
  },
];

function instrumentOf(s: FakeStock): Instrument {
  return {
    symbol: s.symbol,
    nameEn: `${s.symbol} Ltd`,
    nameUr: `${s.symbol} لمیٹڈ`,
    sector: 'test',
    market: 'psx',
    quote: 'PKR',
    base: s.symbol,
    tickSize: '0.01',
    lotSize: s.lot,
    priceDecimals: 2,
    qtyDecimals: 0,
  };
}

const INDEX: Instrument = { ...instrumentOf(STOCKS[0]!), symbol: 'KSE100', market: 'index', lotSize: '0' };

export class FakeMarket implements TradeMarket {
  state: SessionState = 'open';
  clock: number;
  readonly stocks = new Map(STOCKS.map((s) => [s.symbol, { ...s }]));

  constructor(now: number) {
    this.clock = now;
  }

  now(): number {
    return this.clock;
  }
  session(): SessionState {
    return this.state;
  }
  instrument(symbol: string): Instrument | undefined {
    if (symbol === 'KSE100') return INDEX;
    const s = this.stocks.get(symbol);
    return s && instrumentOf(s);
  }
  book(symbol: string): Book | undefined {
    const s = this.stocks.get(symbol);
    return s && { s: symbol, a: s.asks, b: s.bids, t: this.clock };
  }
  ticker(symbol: string): Ticker | undefined {
    const s = this.stocks.get(symbol);
    return s && ({ s: symbol, p: s.last } as Ticker);
  }
  info(symbol: string): StockInfo | undefined {
    const s = this.stocks.get(symbol);
    return s && ({ limitUp: s.limitUp, limitDown: s.limitDown } as StockInfo);
  }

  /** A feed step with the given prints (price, qty) per symbol, as the simulator would emit it. */
  tick(prints: Record<string, Array<[string, string]>>): MarketTick {
    return {
      ts: this.clock,
      marketSeq: { psx: 1 },
      updates: Object.entries(prints).map(([symbol, list]) => ({
        symbol,
        market: 'psx' as const,
        seq: 1,
        ticker: this.ticker(symbol)!,
        trades: list.map(([p, q], i) => ({ i, p, q, d: 'b' as const, t: this.clock })),
        bookDelta: () => null,
        candles: () => [],
      })),
    };
  }
}

/** Monday 2026-11-16 10:00 Asia/Karachi (a PSX trading day). */
export const MONDAY_10AM = Date.UTC(2026, 10, 16, 5, 0);
