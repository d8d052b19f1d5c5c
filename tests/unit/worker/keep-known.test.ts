// keepKnown (workers/market/offline/saved-portfolio.ts): what a save keeps of the account's previous record.
import { describe, expect, it } from 'vitest';
import {
  keepKnown,
  SAVED_VERSION,
  type SavedPortfolio,
  type SavedWatchlist,
} from '../../../workers/market/offline/saved-portfolio.ts';
import { position } from '../support/position.ts';
import { ticker } from './fakes.ts';

const watch = (stocks: string[], coins: string[] = []): SavedWatchlist => ({
  stocks,
  coins,
  instruments: [],
});

function rec(over: Partial<SavedPortfolio>): SavedPortfolio {
  return {
    v: SAVED_VERSION,
    accountKey: '7:demo',
    asOf: 1,
    assets: null,
    positions: [],
    orders: [],
    watchlist: null,
    tickers: [],
    ...over,
  };
}
const symbols = (r: SavedPortfolio) =>
  r.tickers.flatMap((m) => m.tickers.map((t) => `${m.market}:${t.s}:${t.p}`));

describe('keepKnown: a save never forgets what the device knew', () => {
  const prev = rec({
    watchlist: watch(['ENGRO'], ['BTCUSDT']),
    positions: [position('OGDC', '100', '10.00')],
    tickers: [
      { market: 'psx', tickers: [ticker('ENGRO', '300.00', 1), ticker('OGDC', '11.00', 1)] },
      { market: 'crypto', tickers: [ticker('BTCUSDT', '90000.00', 1)] },
    ],
  });

  it('no previous record, or another account: the new one as it is', () => {
    const next = rec({ tickers: [{ market: 'psx', tickers: [ticker('OGDC', '12.00', 2)] }] });
    expect(keepKnown(null, next)).toBe(next);
    expect(keepKnown({ ...prev, accountKey: '7:real' }, next)).toBe(next);
  });

  it('an unknown watchlist keeps the kept one and its tickers; newer tickers win', () => {
    const next = rec({
      positions: [position('OGDC', '100', '10.00')],
      tickers: [{ market: 'psx', tickers: [ticker('OGDC', '12.00', 2)] }],
    });
    const out = keepKnown(prev, next);
    expect(out.watchlist).toEqual(prev.watchlist);
    expect(symbols(out).sort()).toEqual(['crypto:BTCUSDT:90000.00', 'psx:ENGRO:300.00', 'psx:OGDC:12.00']);
    expect(next.tickers[0]!.tickers).toHaveLength(1);
  });

  it('a watchlist read anew decides: an unwatched, unheld symbol is not carried over', () => {
    const next = rec({ watchlist: watch(['HBL']), positions: [], tickers: [] });
    const out = keepKnown(prev, next);
    expect(out.watchlist).toEqual(watch(['HBL']));
    expect(symbols(out)).toEqual([]);
  });

  it('a held symbol keeps its ticker even with a new watchlist', () => {
    const next = rec({ watchlist: watch([]), positions: [position('OGDC', '100', '10.00')], tickers: [] });
    expect(symbols(keepKnown(prev, next))).toEqual(['psx:OGDC:11.00']);
  });
});
