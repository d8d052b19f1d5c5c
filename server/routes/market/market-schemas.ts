// Request schemas of the market calls. Form and query values are strings (no coercion in this app), so numbers
// are matched by pattern and parsed in the handler.

import { INTERVALS, MAX_BOOK_DEPTH, MAX_CANDLES, MAX_TRADES } from '../../../workers/protocol/market.ts';
import { fields, text } from '../../schemas/fields.ts';

/** A regular expression matching exactly the decimal strings 1…max (no sign, no leading zero). */
export function upToPattern(max: number): string {
  const n = String(max);
  const k = n.length;
  const alts: string[] = [];
  if (k > 1) alts.push(`[1-9][0-9]{0,${k - 2}}`);
  for (let i = 0; i < k; i++) {
    const d = Number(n[i]);
    const lo = i === 0 ? 1 : 0;
    if (d - 1 >= lo)
      alts.push(`${n.slice(0, i)}[${lo}-${d - 1}]${k - i - 1 > 0 ? `[0-9]{${k - i - 1}}` : ''}`);
  }
  alts.push(n);
  return `^(?:${alts.join('|')})$`;
}

/** A whole number 1…max as a string. */
export function countField(max: number, description: string) {
  return text(1, String(max).length, { pattern: upToPattern(max), description: `${description} (1–${max})` });
}

/** Epoch milliseconds as a string. */
export const msField = (description: string) =>
  text(1, 15, { pattern: '^(?:0|[1-9][0-9]{0,14})$', description });

export const symbolField = text(1, 20, {
  pattern: '^[A-Za-z0-9]{1,20}$',
  description: "Instrument symbol, e.g. 'OGDC', 'KSE100', 'BTCUSDT' (case-insensitive)",
});

export const symbolBody = fields({ symbol: symbolField }, ['symbol']);

export const candlesBody = fields(
  {
    symbol: symbolField,
    interval: text(2, 3, { enum: [...INTERVALS], description: 'Bar interval' }),
    from: msField('Oldest bar open time to include (epoch ms)'),
    to: msField('Newest bar open time to include (epoch ms, default now)'),
    limit: countField(MAX_CANDLES, 'Newest N bars within the range'),
  },
  ['symbol', 'interval'],
);

export const tradesBody = fields({ symbol: symbolField, limit: countField(MAX_TRADES, 'Prints') }, [
  'symbol',
]);
export const booksBody = fields(
  { symbol: symbolField, depth: countField(MAX_BOOK_DEPTH, 'Levels per side') },
  ['symbol'],
);

export const stockListQuery = fields({
  market: text(3, 5, { enum: ['psx', 'index'], default: 'psx' }),
  sector: text(1, 40, { pattern: '^[a-z-]+$' }),
  sort: text(4, 8, { enum: ['symbol', 'price', 'change', 'volume', 'turnover'], default: 'symbol' }),
  order: text(3, 4, { enum: ['asc', 'desc'], default: 'asc' }),
  page: countField(10_000, 'Page, 1-based'),
  size: countField(200, 'Rows per page'),
});

export const hotQuery = fields(
  { type: text(6, 7, { enum: ['gainers', 'losers', 'active'] }), limit: countField(50, 'Rows') },
  ['type'],
);

export const searchQuery = fields({ q: text(1, 40), limit: countField(50, 'Rows') }, ['q']);
export const infoQuery = fields({ symbol: symbolField }, ['symbol']);
export const emptyQuery = fields({});

export const toInt = (s: string | undefined, fallback: number) => (s === undefined ? fallback : Number(s));
