// The account feed's REST fallback (spec §7): one polling round reads the open orders, every position and the
// balances with the account's token, in the same shapes as the channel's snapshot. A -1000 answer means the
// session ended (sign-out elsewhere, password change): the round says so and the feed stops.
import { CODE_OK, CODE_SESSION_INVALID } from '../../../protocol/api.ts';
import type { Page } from '../../../protocol/market.ts';
import type { Assets, Position, StockOrder } from '../../../protocol/trade.ts';
import type { FetchLike } from '../../sources/rest.ts';

/** The server lets the worker read every open order and position in one page each (it pages past that). */
const ORDERS_PAGE = 500;
const HOLD_PAGE = 10_000;

export interface AccountPoll {
  orders?: StockOrder[];
  positions?: Position[];
  assets?: Assets;
  ok: number;
  failed: number;
  /** The server refused the token (-1000). */
  ended: boolean;
}

class SessionEnded extends Error {
  override name = 'SessionEnded';
}

export interface AccountRestTarget {
  apiBase: string;
  token: string;
  lang: string;
  fetch: FetchLike;
}

async function call<T>(
  t: AccountRestTarget,
  method: 'GET' | 'POST',
  path: string,
  query: Record<string, string | number>,
  signal: AbortSignal,
): Promise<T> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const headers: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
    'Accept-Language': t.lang,
    accesstoken: t.token,
  };
  const res = await t.fetch(t.apiBase + path + (qs ? `?${qs}` : ''), { method, headers, signal });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  const env = (await res.json()) as { code?: unknown; data?: unknown };
  if (env.code === CODE_SESSION_INVALID) throw new SessionEnded(path);
  if (env.code !== CODE_OK) throw new Error(`${path}: ${String(env.code)}`);
  return env.data as T;
}

async function allPositions(t: AccountRestTarget, signal: AbortSignal): Promise<Position[]> {
  const all: Position[] = [];
  for (let page = 1; page <= 100; page++) {
    const p = await call<Page<Position>>(t, 'GET', 'stock/hold/list', { page, size: HOLD_PAGE }, signal);
    all.push(...p.list);
    if (p.list.length < HOLD_PAGE || all.length >= p.total) break;
  }
  return all;
}

/** One round; settles (never rejects). */
export async function pollAccount(t: AccountRestTarget, signal: AbortSignal): Promise<AccountPoll> {
  const out: AccountPoll = { ok: 0, failed: 0, ended: false };
  const job = <T>(p: Promise<T>, keep: (v: T) => void) =>
    p.then(
      (v) => {
        out.ok++;
        keep(v);
      },
      (err: unknown) => {
        out.failed++;
        if (err instanceof SessionEnded) out.ended = true;
      },
    );
  await Promise.all([
    job(
      call<Page<StockOrder>>(
        t,
        'GET',
        'stock/order/list',
        { status: 'open', page: 1, size: ORDERS_PAGE },
        signal,
      ),
      (p) => (out.orders = p.list),
    ),
    job(allPositions(t, signal), (list) => (out.positions = list)),
    job(call<Assets>(t, 'POST', 'user/assets', {}, signal), (a) => (out.assets = a)),
  ]);
  return out;
}
