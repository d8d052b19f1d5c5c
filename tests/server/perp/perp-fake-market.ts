// A one-pair stand-in for the market (BTCUSDT at a settable price, bid = ask = last) for domain-level tests.
import { formatMinor } from '../../../contract/money.ts';
import type { PerpMarket } from '../../../server/domain/perp/perp-grid.ts';
import type { Instrument, Ticker } from '../../../workers/protocol/market.ts';

export const SYMBOL = 'BTCUSDT';
const INS: Instrument = {
  symbol: SYMBOL,
  nameEn: 'Bitcoin',
  nameUr: 'بٹ کوائن',
  sector: 'crypto',
  market: 'crypto',
  quote: 'USDT',
  base: 'BTC',
  tickSize: '0.01',
  lotSize: '0.00001',
  priceDecimals: 2,
  qtyDecimals: 5,
};

export function fakeMarket(price: { v: bigint }): PerpMarket {
  const ticker = (): Ticker => {
    const p = formatMinor(price.v, 2);
    return {
      s: SYMBOL,
      p,
      o: p,
      h: p,
      l: p,
      pc: p,
      c: '0',
      cp: '0',
      v: '0',
      q: '0',
      b: p,
      a: p,
      st: 'open',
      t: 0,
    };
  };
  return {
    now: () => 1_800_000_000_000,
    instrument: (s) => (s === SYMBOL ? INS : undefined),
    ticker: (s) => (s === SYMBOL ? ticker() : undefined),
  };
}
