// The market area's REST calls (spec §7 "stock market" and "coin"): instruments, tickers, candles, trades and
// books, the stock lists and the watchlists. The WebSocket at /api/ws carries the same Ticker, Candle, Trade and
// Book shapes (its framing is in workers/protocol/market.ts), so a polling fallback feeds the same normaliser.
//
// Rules of the wire: prices and quantities are decimal strings (never parse them into floats for arithmetic);
// timestamps are epoch milliseconds; the hot-path objects (Ticker, Trade, Candle, book levels) use short keys.
import { Type, type Static, type TSchema } from 'typebox';
import { Decimal, envelope, EpochMs, Page } from './envelope.ts';
import { countField, fields, msField, oneOf, opt, text, type FormInput } from './form-fields.ts';
import {
  INTERVALS,
  MARKETS,
  MAX_BOOK_DEPTH,
  MAX_CANDLES,
  MAX_TRADES,
  SESSION_STATES,
} from './market-limits.ts';

export const MarketKind = Type.Enum(MARKETS, { type: 'string' });
export const IntervalName = Type.Enum(INTERVALS, { type: 'string' });
/**
 * Trading state of an instrument's market. PSX: 'pre' = pre-open (orders collected, no trades), 'open',
 * 'break' = Friday prayer break, 'closed' = outside hours, weekend or holiday. Crypto is always 'open'.
 */
export const SessionState = Type.Enum(SESSION_STATES, { type: 'string' });
export type SessionState = Static<typeof SessionState>;

/** One tradable (or, for market 'index', quoted-only) instrument. */
export const Instrument = Type.Object({
  symbol: Type.String({ description: "e.g. 'OGDC', 'KSE100', 'BTCUSDT'; unique across all markets" }),
  nameEn: Type.String(),
  nameUr: Type.String(),
  sector: Type.String({ description: "e.g. 'banks'; 'index' for indices; 'crypto' for coins" }),
  market: MarketKind,
  quote: Type.String({ description: "'PKR' for PSX stocks and indices (index points), 'USDT' for crypto" }),
  base: Type.String({ description: "Base asset for crypto ('BTC'); the symbol for stocks and indices" }),
  tickSize: Decimal('Minimum price step (PSX: 0.01)'),
  lotSize: Decimal("Minimum order quantity step (PSX: '1'; indices '0', not tradable)"),
  priceDecimals: Type.Integer({ minimum: 0 }),
  qtyDecimals: Type.Integer({ minimum: 0 }),
  shariah: Type.Optional(Type.Boolean({ description: 'PSX: Shariah-compliant (KMI-30 eligible)' })),
});
export type Instrument = Static<typeof Instrument>;

/** Live session summary of one instrument. Keys are short on purpose (it is the hottest message). */
export const Ticker = Type.Object({
  s: Type.String({ description: 'symbol' }),
  p: Decimal('last price'),
  o: Decimal('open of the current session day (00:00 Asia/Karachi; PSX: today or the last trading day)'),
  h: Decimal('high (same window as o)'),
  l: Decimal('low (same window as o)'),
  pc: Decimal("reference close: the previous session day's last price"),
  c: Decimal('change p - pc'),
  cp: Decimal("change percent, 2 decimals, e.g. '-1.25'"),
  v: Decimal('volume in shares / base units (same window as o)'),
  q: Decimal('turnover in quote currency (PKR / USDT)'),
  b: Decimal("best bid ('0' when none, e.g. indices)"),
  a: Decimal("best ask ('0' when none)"),
  st: SessionState,
  t: EpochMs('time of this state'),
});
export type Ticker = Static<typeof Ticker>;

/** One OHLCV bar; `t` = bar open time. Lists are always oldest → newest. */
export const Candle = Type.Object({
  t: EpochMs('bar open time'),
  o: Decimal(),
  h: Decimal(),
  l: Decimal(),
  c: Decimal(),
  v: Decimal('volume in shares / base units'),
});
export type Candle = Static<typeof Candle>;

/** One trade print. */
export const Trade = Type.Object({
  i: Type.Integer({ description: 'per-symbol increasing trade id' }),
  p: Decimal('price'),
  q: Decimal('quantity'),
  d: Type.Enum(['b', 's'], {
    type: 'string',
    description: "taker side: 'b' lifted the ask, 's' hit the bid",
  }),
  t: EpochMs(),
});
export type Trade = Static<typeof Trade>;

/** [price, quantity]. In a delta, quantity '0' removes the level. (A 2-item array: OpenAPI 3.0 has no tuples.) */
export const BookLevel = Type.Unsafe<[price: string, qty: string]>({
  type: 'array',
  items: Decimal(),
  minItems: 2,
  maxItems: 2,
  description: '[price, quantity]',
});
export type BookLevel = Static<typeof BookLevel>;

/** Order book snapshot: bids best (highest) first, asks best (lowest) first. Always bids[0] < asks[0]. */
export const Book = Type.Object({
  s: Type.String(),
  b: Type.Array(BookLevel),
  a: Type.Array(BookLevel),
  t: EpochMs(),
});
export type Book = Static<typeof Book>;

/** Book delta (WebSocket): only changed levels; apply by price, remove levels with qty '0', re-sort. */
export const BookDelta = Type.Object({ b: Type.Array(BookLevel), a: Type.Array(BookLevel), t: EpochMs() });
export type BookDelta = Static<typeof BookDelta>;

/** A list row: the instrument with its live ticker (stock/list, list/hot, search, indices/list). */
export const Quote = Type.Object({ ...Instrument.properties, ticker: Ticker });
export type Quote = Static<typeof Quote>;

export const Country = Type.Object({
  code: Type.String({ description: "'PK'" }),
  nameEn: Type.String(),
  nameUr: Type.String(),
  currency: Type.String({ description: "'PKR'" }),
  areaCode: Type.String({ description: "'+92'" }),
  exchange: Type.String({ description: "'PSX'" }),
  timezone: Type.String({ description: "'Asia/Karachi'" }),
});
export type Country = Static<typeof Country>;

export const StockInfo = Type.Object({
  ...Quote.properties,
  limitUp: Decimal("daily price band around the previous close (PSX); '0' where no rule (indices)"),
  limitDown: Decimal(),
  high52w: Decimal('52-week high from daily history'),
  low52w: Decimal('52-week low'),
  shares: Decimal('shares used for cap weighting'),
  marketCap: Decimal('PKR = shares × last'),
  nextChange: Type.Union([Type.Object({ t: EpochMs(), st: SessionState }), Type.Null()], {
    description: 'next session change and the state it leads to; null for crypto',
  }),
  constituents: Type.Optional(
    Type.Array(Type.String(), { description: 'index constituents (indices only)' }),
  ),
});
export type StockInfo = Static<typeof StockInfo>;

/** An instrument plus, when the caller is logged in, whether it is in the favourites. */
export const CoinInfo = Type.Object({ ...Instrument.properties, collected: Type.Boolean() });
export type CoinInfo = Static<typeof CoinInfo>;

/** A watchlist (also the answer of collect/add|del: the list after the change). */
export const CollectList = Type.Object({ symbols: Type.Array(Type.String()), quotes: Type.Array(Quote) });
export type CollectList = Static<typeof CollectList>;

// ---- Requests (query string for GET, form body for POST; all values are strings) ----

export const symbolField = text(1, 20, {
  pattern: '^[A-Za-z0-9]{1,20}$',
  description: "Instrument symbol, e.g. 'OGDC', 'KSE100', 'BTCUSDT' (case-insensitive)",
});

export const SymbolBody = fields({ symbol: symbolField });
export type SymbolBody = Static<typeof SymbolBody>;

/** candles: `limit` (newest N up to `to`, default now) or a `from`/`to` range (ms); at most MAX_CANDLES bars. */
export const CandlesBody = fields({
  symbol: symbolField,
  interval: oneOf(INTERVALS, 2, 3, { description: 'Bar interval' }),
  from: opt(msField('Oldest bar open time to include (epoch ms)')),
  to: opt(msField('Newest bar open time to include (epoch ms, default now)')),
  limit: opt(countField(MAX_CANDLES, 'Newest N bars within the range')),
});
export type CandlesBody = FormInput<Static<typeof CandlesBody>>;

export const TradesBody = fields({ symbol: symbolField, limit: opt(countField(MAX_TRADES, 'Prints')) });
export type TradesBody = FormInput<Static<typeof TradesBody>>;

export const BooksBody = fields({
  symbol: symbolField,
  depth: opt(countField(MAX_BOOK_DEPTH, 'Levels per side')),
});
export type BooksBody = FormInput<Static<typeof BooksBody>>;

export const STOCK_SORTS = ['symbol', 'price', 'change', 'volume', 'turnover'] as const;
export type StockSort = (typeof STOCK_SORTS)[number];
export const StockListQuery = fields({
  market: opt(oneOf(['psx', 'index'], 3, 5, { default: 'psx' })),
  sector: opt(text(1, 40, { pattern: '^[a-z-]+$' })),
  sort: opt(oneOf(STOCK_SORTS, 4, 8, { default: 'symbol' })),
  order: opt(oneOf(['asc', 'desc'], 3, 4, { default: 'asc' })),
  page: opt(countField(10_000, 'Page, 1-based')),
  size: opt(countField(200, 'Rows per page')),
});
export type StockListQuery = FormInput<Static<typeof StockListQuery>>;

export const HOT_TYPES = ['gainers', 'losers', 'active'] as const;
export type HotType = (typeof HOT_TYPES)[number];
export const HotQuery = fields({ type: oneOf(HOT_TYPES, 6, 7), limit: opt(countField(50, 'Rows')) });
export type HotQuery = FormInput<Static<typeof HotQuery>>;

export const SearchQuery = fields({
  q: text(1, 40, { description: 'symbol prefix or part of the English or Urdu name' }),
  limit: opt(countField(50, 'Rows')),
});
export type SearchQuery = FormInput<Static<typeof SearchQuery>>;

export const InfoQuery = fields({ symbol: symbolField });

// ---- Answers ----
const list = <T extends TSchema>(item: T) => envelope(Type.Array(item));
export const QuoteListReply = list(Quote);
export const CountryListReply = list(Country);
export const QuotePageReply = envelope(Page(Quote));
export const StockInfoReply = envelope(StockInfo);
export const CoinInfoListReply = list(CoinInfo);
export const TickerListReply = list(Ticker);
export const TickerReply = envelope(Ticker);
export const CandleListReply = list(Candle);
export const TradeListReply = list(Trade);
export const BookReply = envelope(Book);
export const CollectListReply = envelope(CollectList);
