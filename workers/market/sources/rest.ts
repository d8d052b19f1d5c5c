// The market REST calls the worker makes (spec §7 catalogue): the polling fallback and chart history.
// Same shapes as the socket (protocol/market.ts), so a polled answer feeds the same state functions.
import type { Book, Candle, Interval, Market, Page, Quote, Ticker, Trade } from '../../protocol/market.ts';
import { MAX_BOOK_DEPTH, MAX_CANDLES } from '../../protocol/market.ts';

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

export class RestError extends Error {
  override name = 'RestError';
}

type Params = Record<string, string | number | undefined>;

function form(params: Params): string {
  const f = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) f.append(k, String(v));
  return f.toString();
}

export class MarketRest {
  constructor(
    private readonly base: string,
    private readonly fetchFn: FetchLike,
    public lang = 'ur-PK',
  ) {}

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    params: Params,
    signal?: AbortSignal,
  ): Promise<T> {
    const headers: Record<string, string> = {
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
      'Accept-Language': this.lang,
    };
    const body = form(params);
    let url = this.base + path;
    const init: Parameters<FetchLike>[1] = { method, headers };
    if (signal) init.signal = signal;
    if (method === 'GET') url += body ? `?${body}` : '';
    else {
      headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      init.body = body;
    }
    const res = await this.fetchFn(url, init);
    if (!res.ok) throw new RestError(`${path}: HTTP ${res.status}`);
    const env = (await res.json()) as { code?: unknown; msg?: unknown; data?: unknown };
    if (env.code !== 0) throw new RestError(`${path}: ${String(env.msg ?? env.code)}`);
    return env.data as T;
  }

  private prefix(market: Market): string {
    return market === 'crypto' ? 'coin/' : 'stock/index/';
  }

  /** Every ticker of a market (PSX is paged by the server: at most 200 a page). */
  async tickers(market: Market, signal?: AbortSignal): Promise<Ticker[]> {
    if (market === 'crypto') return toTickers(await this.call<unknown>('POST', 'coin/tickers', {}, signal));
    if (market === 'index') {
      return toTickers(await this.call<unknown>('GET', 'stock/index/indices/list', {}, signal));
    }
    const out: Ticker[] = [];
    for (let page = 1; page < 100; page++) {
      const p = await this.call<Page<Quote>>('GET', 'stock/list', { market, page, size: 200 }, signal);
      out.push(...toTickers(p));
      if (!p.list.length || page * p.size >= p.total) break;
    }
    return out;
  }

  book(market: Market, symbol: string, signal?: AbortSignal): Promise<Book> {
    return this.call('POST', `${this.prefix(market)}books`, { symbol, depth: MAX_BOOK_DEPTH }, signal);
  }

  trades(market: Market, symbol: string, limit: number, signal?: AbortSignal): Promise<Trade[]> {
    return this.call('POST', `${this.prefix(market)}trades`, { symbol, limit }, signal);
  }

  /** Newest `limit` bars up to `to` (default now), oldest → newest. */
  candles(
    market: Market,
    symbol: string,
    interval: Interval,
    opts: { limit?: number; to?: number },
    signal?: AbortSignal,
  ): Promise<Candle[]> {
    const limit = Math.min(opts.limit ?? MAX_CANDLES, MAX_CANDLES);
    return this.call(
      'POST',
      `${this.prefix(market)}candles`,
      { symbol, interval, limit, to: opts.to },
      signal,
    );
  }
}

/** Ticker lists come as Ticker[], Quote[] or Page<Quote>: one normaliser for all. */
export function toTickers(data: unknown): Ticker[] {
  const list: unknown[] = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { list?: unknown }).list)
      ? (data as { list: unknown[] }).list
      : [];
  const out: Ticker[] = [];
  for (const item of list) {
    if (!item || typeof item !== 'object') continue;
    const q = item as Partial<Quote> & Partial<Ticker>;
    const t = q.ticker ?? (typeof q.s === 'string' && typeof q.p === 'string' ? (q as Ticker) : null);
    if (t) out.push(t);
  }
  return out;
}
