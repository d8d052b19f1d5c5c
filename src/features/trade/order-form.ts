// Order-entry rules of the trade screen, as pure functions: cleaning typed prices and quantities, the price and
// lot steppers, the 25/50/75/100 % shortcuts and the checks (spec §5) run before asking for the password.
// Stepping an input by one tick or one lot is input editing, not a money result: it is done exactly on scaled
// integers (contract/money.ts) so 0.1 + 0.2 never appears. Amounts, fees and the net total always come from the server.
import {
  formatMinor,
  parseDecimal,
  compareScaled,
  placesOf,
  rescale,
  scaledBigInt,
} from '../../../contract/money.ts';
import { isZeroString as isZero } from '../../../contract/money-wire.ts';
import type { OrderPreview, OrderSide, OrderType } from '../../../workers/protocol/trade.ts';

export interface OrderDraft {
  symbol: string;
  side: OrderSide;
  type: OrderType;
  /** limit price as typed ('' while empty); ignored for market orders */
  price: string;
  /** whole shares as typed */
  qty: string;
}

/** An i18n key of the trade namespace plus its values. */
export interface FormError {
  key: string;
  values?: Record<string, string>;
}

const DEC_RE = /^\d+(\.\d+)?$/;

/** Keeps what a price field may hold: digits and one dot, at most `decimals` places ('1,2a3.456' → '123.45'). */
export function cleanPrice(text: string, decimals = 2): string {
  const s = text.replace(/[^\d.]/g, '');
  const dot = s.indexOf('.');
  if (dot < 0) return s.replace(/^0+(?=\d)/, '');
  const int = s.slice(0, dot).replace(/^0+(?=\d)/, '') || '0';
  return `${int}.${s
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, decimals)}`;
}

/** Whole shares only: digits, no leading zeros ('0012' → '12'). */
export function cleanQty(text: string): string {
  return text.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
}

/**
 * The price one tick up (dir 1) or down (-1), snapped to the tick grid and never below one tick.
 * An empty or unparsable price starts from `fallback` (the last price).
 */
export function stepPrice(price: string, tick: string, dir: 1 | -1, fallback = ''): string {
  const base = DEC_RE.test(price) ? price : DEC_RE.test(fallback) ? fallback : '';
  const t = DEC_RE.test(tick) ? tick : '0.01';
  const out = Math.max(placesOf(t), 2);
  // Scale by the finer of price and tick, so an off-grid price (10.005) is seen as off the grid.
  const d = Math.max(out, base ? placesOf(base) : 0);
  const step = scaledBigInt(t, d)!;
  if (step <= 0n) return price;
  const trim = (v: bigint) => formatMinor(rescale(v, d, out, 'trunc'), out);
  if (!base) return trim(step);
  const v = scaledBigInt(base, d)!;
  // Off-grid values snap to the neighbouring grid point in the direction of the step.
  const rem = v % step;
  let next = rem === 0n ? v + BigInt(dir) * step : dir > 0 ? v - rem + step : v - rem;
  if (next < step) next = step;
  return trim(next);
}

/** The quantity one lot up or down, on the lot grid, never below one lot. */
export function stepQty(qty: string, lot: string, dir: 1 | -1): string {
  const l = /^\d+$/.test(lot) && BigInt(lot) > 0n ? BigInt(lot) : 1n;
  const v = /^\d+$/.test(qty) ? BigInt(qty) : 0n;
  const rem = v % l;
  let next = rem === 0n ? v + BigInt(dir) * l : dir > 0 ? v - rem + l : v - rem;
  if (next < l) next = l;
  return next.toString();
}

/** `pct` % of the maximum, rounded down to whole lots ('' when not even one lot fits). */
export function pctOfMax(maxQty: string, lot: string, pct: 25 | 50 | 75 | 100): string {
  if (!/^\d+$/.test(maxQty)) return '';
  const l = /^\d+$/.test(lot) && BigInt(lot) > 0n ? BigInt(lot) : 1n;
  const share = (BigInt(maxQty) * BigInt(pct)) / 100n;
  const q = (share / l) * l;
  return q > 0n ? q.toString() : '';
}

// Only for strings that passed DEC_RE (so both parse).
function cmp(a: string, b: string): number {
  return compareScaled(parseDecimal(a)!, parseDecimal(b)!);
}

/**
 * The first problem with the draft, or null when it may go to the password step. `preview` (the server's
 * answer for this draft) adds the checks that need account data: lot size, price band, maximum quantity.
 */
export function validateOrder(
  draft: OrderDraft,
  preview: OrderPreview | null,
  /** shares of this stock bought today, locked until T+1 (sells name them in the refusal) */
  locked = '0',
): FormError | null {
  if (!draft.symbol) return { key: 'trade:errors.symbolRequired' };
  if (draft.type === 'limit') {
    if (!draft.price) return { key: 'trade:errors.priceRequired' };
    if (!DEC_RE.test(draft.price) || isZero(draft.price)) return { key: 'trade:errors.priceZero' };
  }
  if (!draft.qty) return { key: 'trade:errors.qtyRequired' };
  if (!/^\d+$/.test(draft.qty) || isZero(draft.qty)) return { key: 'trade:errors.amountZero' };
  if (!preview) return null;
  const lot = /^\d+$/.test(preview.lotSize) && preview.lotSize !== '0' ? preview.lotSize : '1';
  if (BigInt(draft.qty) % BigInt(lot) !== 0n) return { key: 'trade:errors.lot', values: { lot } };
  if (draft.type === 'limit' && DEC_RE.test(preview.limitUp) && DEC_RE.test(preview.limitDown)) {
    const up = !isZero(preview.limitUp) && cmp(draft.price, preview.limitUp) > 0;
    const down = !isZero(preview.limitDown) && cmp(draft.price, preview.limitDown) < 0;
    if (up || down)
      return { key: 'trade:errors.band', values: { low: preview.limitDown, high: preview.limitUp } };
  }
  if (/^\d+$/.test(preview.maxQty)) {
    const t1 = /^\d+$/.test(locked) && !isZero(locked);
    if (draft.side === 'sell' && isZero(preview.maxQty))
      return { key: t1 ? 'trade:errors.t1Locked' : 'trade:errors.availableZero' };
    if (BigInt(draft.qty) > BigInt(preview.maxQty)) {
      if (draft.side === 'buy') return { key: 'trade:errors.insufficient' };
      return t1
        ? { key: 'trade:errors.t1NotEnough', values: { locked } }
        : { key: 'trade:errors.notEnoughQty' };
    }
  }
  return null;
}

/** The query of GET stock/order/preview for a draft, or null while the draft cannot be priced yet. */
export function previewQuery(
  draft: OrderDraft,
): { symbol: string; side: OrderSide; type: OrderType; qty: string; price?: string } | null {
  if (!draft.symbol) return null;
  // Before a quantity is typed the screen still needs the maximum and the band: ask for one share.
  const qty = /^\d+$/.test(draft.qty) && !isZero(draft.qty) ? draft.qty : '1';
  if (draft.type === 'limit') {
    if (!DEC_RE.test(draft.price) || isZero(draft.price)) return null;
    return { symbol: draft.symbol, side: draft.side, type: 'limit', qty, price: draft.price };
  }
  return { symbol: draft.symbol, side: draft.side, type: 'market', qty };
}

/** Reads ?symbol=&side= (anything else falls back to buy). */
export function parseTradeQuery(search: URLSearchParams): { symbol: string; side: OrderSide } {
  const symbol = (search.get('symbol') ?? '').trim().toUpperCase();
  return {
    symbol: /^[A-Z0-9.]{1,20}$/.test(symbol) ? symbol : '',
    side: search.get('side') === 'sell' ? 'sell' : 'buy',
  };
}
