// What an order would cost before it is sent: initial margin, taker fee and liquidation price, with the same
// contract/perp/ functions and roundings the server uses when it fills (server/domain/perp/perp-orders.ts),
// at an estimated fill price (the index: the fill is at the best ask or bid, so the answer may differ by the
// spread). Pure, bigint only; the strings out are display text.
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import type { PerpGrid } from '../../../contract/perp/fixed.ts';
import { initialMargin, liquidationPrice, tradeFee } from '../../../contract/perp/position.ts';
import { tiersOf } from '../../../contract/perp/tiers.ts';

export interface PreviewInput {
  symbol: string;
  side: 'long' | 'short';
  qty: string;
  leverage: number;
  /** estimated fill price (the index), at priceDecimals */
  price: string;
  priceDecimals: number;
  qtyDecimals: number;
  /** percent, e.g. '0.050' */
  takerRate: string;
}

export interface Preview {
  margin: string;
  fee: string;
  /** '--' when there is none */
  liqPrice: string;
  /** margin + fee: what leaves the available balance */
  cost: string;
  costMinor: bigint;
}

/** Percent text → rate at 10^-8 (0.050 % → 50,000); null when it does not parse. */
function rateOf(pct: string): bigint | null {
  // a percent at 10^-6 is a rate at 10^-8
  return parseMinor(pct, 6);
}

export function preview(x: PreviewInput): Preview | null {
  const g: PerpGrid = { priceDecimals: x.priceDecimals, qtyDecimals: x.qtyDecimals };
  const qty = parseMinor(x.qty, g.qtyDecimals);
  const price = parseMinor(x.price.replace(/,/g, ''), g.priceDecimals);
  const rate = rateOf(x.takerRate);
  if (!qty || !price || rate === null || x.leverage < 1) return null;
  const margin = initialMargin(g, qty, price, x.leverage);
  const fee = tradeFee(g, qty, price, rate);
  const side = x.side === 'long' ? 1 : -1;
  const lp = liquidationPrice(
    g,
    tiersOf(x.symbol.replace(/USDT$/, '')),
    { side, qty, entryValue: qty * price, margin },
    rate,
  );
  return {
    margin: formatMinor(margin, 6),
    fee: formatMinor(fee, 6),
    liqPrice: lp === null ? '--' : formatMinor(lp, g.priceDecimals),
    cost: formatMinor(margin + fee, 6),
    costMinor: margin + fee,
  };
}

/** Keeps what was typed a decimal of at most `places` places (digits and one point). */
export function cleanDecimal(v: string, places: number): string {
  const s = v.replace(/[^0-9.]/g, '');
  const [i = '', ...rest] = s.split('.');
  if (!rest.length) return i;
  return places === 0 ? i : `${i}.${rest.join('').slice(0, places)}`;
}

/** Half of a size, cut down to the lot (the "close half" button); '' when half is below one lot. */
export function halfOf(qty: string, qtyDecimals: number): string {
  const q = parseMinor(qty, qtyDecimals);
  if (!q || q < 2n) return '';
  return formatMinor(q / 2n, qtyDecimals);
}
