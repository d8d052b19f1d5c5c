// The trading fake market (../trading/fake-market.ts) with two USDT pairs: BTCUSDT (2 price, 5 quantity
// decimals) and DOGEUSDT (5 and 0), fixed books, and crypto feed steps with chosen prints.
import type { Book, Instrument } from '../../../workers/protocol/market.ts';
import type { MarketTick } from '../../../server/domain/market/market-source.ts';
import { FakeMarket } from '../trading/fake-market.ts';

interface Pair {
  ins: Instrument;
  asks: [string, string][];
  bids: [string, string][];
}

const pair = (base: string, pd: number, qd: number): Instrument => ({
  symbol: `${base}USDT`,
  nameEn: `${base} / Tether`,
  nameUr: `${base} / ٹیتھر`,
  sector: 'crypto',
  market: 'crypto',
  quote: 'USDT',
  base,
  tickSize: (10 ** -pd).toFixed(pd),
  lotSize: qd === 0 ? '1' : (10 ** -qd).toFixed(qd),
  priceDecimals: pd,
  qtyDecimals: qd,
});

export class FakeCryptoMarket extends FakeMarket {
  readonly pairs = new Map<string, Pair>([
    [
      'BTCUSDT',
      {
        ins: pair('BTC', 2, 5),
        asks: [
          ['100000.00', '0.01000'],
          ['100010.00', '0.05000'],
        ],
        bids: [
          ['99990.00', '0.01000'],
          ['99980.00', '0.05000'],
        ],
      },
    ],
    [
      'DOGEUSDT',
      {
        ins: pair('DOGE', 5, 0),
        asks: [['0.20000', '100000']],
        bids: [['0.19990', '100000']],
      },
    ],
  ]);

  override instrument(symbol: string): Instrument | undefined {
    return this.pairs.get(symbol)?.ins ?? super.instrument(symbol);
  }

  override book(symbol: string): Book | undefined {
    const p = this.pairs.get(symbol);
    return p ? { s: symbol, a: p.asks, b: p.bids, t: this.clock } : super.book(symbol);
  }

  /** A crypto feed step with these prints (price, qty) per pair. */
  cryptoTick(prints: Record<string, Array<[string, string]>>): MarketTick {
    const t = this.tick(prints);
    return {
      ...t,
      marketSeq: { crypto: 1 },
      updates: t.updates.map((u) => ({ ...u, market: 'crypto' as const })),
    };
  }
}
