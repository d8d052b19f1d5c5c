// Shared helpers of the market routes: symbol resolution with localised -1001 errors, list rows, candle ranges.

import type { Static } from 'typebox';
import type { CandlesBody } from '../../../contract/market.ts';
import type { Candle, Instrument, Quote } from '../../../workers/protocol/market.ts';
import type { MarketSource } from '../../domain/market/market-source.ts';
import { AppError } from '../../errors.ts';

export type SymbolKind = 'stock' | 'coin' | 'any';

/** The instrument for a request symbol, or the -1001 error naming what is wrong with it. */
export function resolveSymbol(market: MarketSource, raw: string, kind: SymbolKind): Instrument {
  const symbol = raw.toUpperCase();
  const ins = market.instrument(symbol);
  if (!ins) throw new AppError('market:errors.unknownSymbol', { symbol });
  if (kind === 'stock' && ins.market === 'crypto') throw new AppError('market:errors.notStock', { symbol });
  if (kind === 'coin' && ins.market !== 'crypto') throw new AppError('market:errors.notCoin', { symbol });
  return ins;
}

export function quoteOf(market: MarketSource, ins: Instrument): Quote {
  const ticker = market.ticker(ins.symbol);
  if (!ticker) throw new Error(`no ticker for ${ins.symbol}`);
  return { ...ins, ticker };
}

/** The candles body as the server receives it (validated strings). */
export type CandlesInput = Static<typeof CandlesBody>;

/** An optional whole-number field (validated by its pattern) as a number. */
export const toInt = (s: string | undefined, fallback: number) => (s === undefined ? fallback : Number(s));

/** Default page when neither `from` nor `limit` is given: the newest 300 bars. */
const DEFAULT_CANDLES = 300;

export async function candlesFor(
  market: MarketSource,
  body: CandlesInput,
  kind: SymbolKind,
): Promise<Candle[]> {
  const ins = resolveSymbol(market, body.symbol, kind);
  const from = body.from === undefined ? undefined : Number(body.from);
  const to = body.to === undefined ? undefined : Number(body.to);
  if (from !== undefined && to !== undefined && from > to) throw new AppError('market:errors.badRange');
  const limit =
    body.limit === undefined ? (from === undefined ? DEFAULT_CANDLES : undefined) : Number(body.limit);
  return market.candles(ins.symbol, body.interval, {
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
    ...(limit === undefined ? {} : { limit }),
  });
}
