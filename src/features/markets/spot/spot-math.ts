// The spot order form's numbers, exact (contract/spot-rules.ts on bigint minor units, never floats): the
// order's total in USDT (rounded up, what a buy reserves or pays), the estimated fee in the asset received,
// and the quantity a percentage of the available balance buys or sells, rounded down to the lot.
import { formatMinor, parseMinor, pow10 } from '../../../../contract/money.ts';
import { feeOn, rawToUsdt, ratePpm, USDT_DECIMALS, type PairUnits } from '../../../../contract/spot-rules.ts';

export interface SpotEstimate {
  /** USDT, 6 decimals; '' when price or quantity is missing */
  total: string;
  /** fee in the received asset; '' when unknown */
  fee: string;
}

/** Total and fee of `qty` at `price` (both as typed); a buy's fee is in the coin, a sell's in USDT. */
export function estimate(
  p: PairUnits,
  side: 'buy' | 'sell',
  price: string,
  qty: string,
  takerRate: string,
): SpotEstimate {
  const pr = parseMinor(price, p.priceDecimals);
  const q = parseMinor(qty, p.qtyDecimals);
  const ppm = ratePpm(takerRate);
  if (pr === null || q === null || pr === 0n || q === 0n || ppm === null) return { total: '', fee: '' };
  const usdt = rawToUsdt(q * pr, p, side === 'buy' ? 'ceil' : 'floor');
  const fee =
    side === 'buy' ? formatMinor(feeOn(q, ppm), p.qtyDecimals) : formatMinor(feeOn(usdt, ppm), USDT_DECIMALS);
  return { total: formatMinor(usdt, USDT_DECIMALS), fee };
}

/**
 * The quantity `pct` % of the available balance covers: a buy divides the USDT by the price (rounded down to
 * the lot, so its rounded-up cost never exceeds the balance), a sell takes that share of the coins.
 */
export function qtyForPercent(
  p: PairUnits,
  side: 'buy' | 'sell',
  pct: 25 | 50 | 75 | 100,
  available: string,
  price: string,
): string {
  if (side === 'sell') {
    const coins = parseMinor(available, p.qtyDecimals);
    return coins === null ? '' : formatMinor((coins * BigInt(pct)) / 100n, p.qtyDecimals);
  }
  const usdt = parseMinor(available, USDT_DECIMALS);
  const pr = parseMinor(price, p.priceDecimals);
  if (usdt === null || pr === null || pr === 0n) return '';
  const budget = (usdt * BigInt(pct)) / 100n;
  // qty (lots) × price (ticks) at scale pd + qd must be ≤ budget at that scale
  const s = p.priceDecimals + p.qtyDecimals;
  const budgetRaw =
    s >= USDT_DECIMALS ? budget * pow10(s - USDT_DECIMALS) : budget / pow10(USDT_DECIMALS - s);
  return formatMinor(budgetRaw / pr, p.qtyDecimals);
}

/** Keeps what a decimal field may hold: digits and one dot, at most `decimals` places. */
export function cleanDecimal(text: string, decimals: number): string {
  const s = text.replace(/[^\d.]/g, '');
  const dot = s.indexOf('.');
  if (dot < 0) return s.replace(/^0+(?=\d)/, '');
  if (decimals === 0) return s.slice(0, dot).replace(/^0+(?=\d)/, '');
  const int = s.slice(0, dot).replace(/^0+(?=\d)/, '') || '0';
  return `${int}.${s
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, decimals)}`;
}
