// Routes one socket snap or delta to the state of its channel kind, and maps the app's interest keys to the
// socket channels they need. Sequencing is judged before this (state/seq.ts).
import type {
  Book,
  BookDelta,
  Candle,
  DeltaMessage,
  Interval,
  Market,
  MarkQuote,
  ParsedChannel,
  SnapMessage,
  Ticker,
  Trade,
} from '../../protocol/market.ts';
import type { IndicatorName, MarketInterestKey, SortDir, SortKey } from '../../protocol/market-api.ts';
import type { MarketState } from './market-state.ts';

export type KeyTarget =
  | { kind: 'ticker'; symbol: string }
  | { kind: 'book'; symbol: string }
  | { kind: 'trades'; symbol: string }
  | { kind: 'mark'; symbol: string }
  | { kind: 'candles'; symbol: string; interval: Interval }
  | { kind: 'indicator'; symbol: string; interval: Interval; name: IndicatorName }
  | { kind: 'sort'; market: Market; key: SortKey; dir: SortDir };

/** The socket channel behind an interest key (tickers and sorts ride on the always-on market channels). */
export function channelOf(key: MarketInterestKey): string | null {
  return key.startsWith('book:') ||
    key.startsWith('trades:') ||
    key.startsWith('candles:') ||
    key.startsWith('mark:')
    ? key
    : null;
}

/** Applies a sequenced message; false when the book found a gap of its own (resubscribe). */
export function applyMessage(
  state: MarketState,
  ch: ParsedChannel,
  msg: SnapMessage | DeltaMessage,
): boolean {
  const snap = msg.op === 'snap';
  switch (ch.kind) {
    case 'tickers':
      state.applyTickers(ch.market, msg.data as Ticker[]);
      return true;
    case 'ticker':
      state.applyTickers(state.market(ch.symbol), [msg.data as Ticker]);
      return true;
    case 'book':
      if (snap) {
        state.applyBookSnap(msg.data as Book, msg.seq);
        return true;
      }
      return state.applyBookDelta(ch.symbol, msg.data as BookDelta, msg.seq);
    case 'trades':
      if (snap) state.applyTradesSnap(ch.symbol, msg.data as Trade[]);
      else state.applyTradesDelta(ch.symbol, msg.data as Trade[]);
      return true;
    case 'candles':
      if (snap) state.applyCandleSnap(ch.symbol, ch.interval, msg.data as Candle[]);
      else state.applyCandleBars(ch.symbol, ch.interval, msg.data as Candle[]);
      return true;
    case 'mark':
      state.marks.set(ch.symbol, msg.data as MarkQuote);
      return true;
  }
}
