// Symbol order of one market for the list screens: by change %, volume or symbol, ascending or descending.
// Floats are fine here: they only order rows. Ties fall back to the symbol so the order is stable.
import type { Ticker } from '../../protocol/market.ts';
import type { SortDir, SortKey } from '../../protocol/market-api.ts';

function value(t: Ticker | undefined, key: SortKey): number {
  if (!t) return Number.NEGATIVE_INFINITY;
  const v = key === 'change' ? +t.cp : +t.v;
  return Number.isNaN(v) ? Number.NEGATIVE_INFINITY : v;
}

export function sortSymbols(
  tickers: ReadonlyMap<string, Ticker>,
  symbols: Iterable<string>,
  key: SortKey,
  dir: SortDir,
): string[] {
  const sign = dir === 'asc' ? 1 : -1;
  const list = [...symbols];
  if (key === 'name') return list.sort((a, b) => sign * (a < b ? -1 : a > b ? 1 : 0));
  const rows = list.map((s) => ({ s, v: value(tickers.get(s), key) }));
  rows.sort((a, b) => {
    if (a.v !== b.v) return sign * (a.v < b.v ? -1 : 1);
    return a.s < b.s ? -1 : a.s > b.s ? 1 : 0;
  });
  return rows.map((r) => r.s);
}

export function sameOrder(a: readonly string[] | undefined, b: readonly string[]): boolean {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
