// The USDT/PKR index (issue 16): PKR per 1 USDT, exact, 4 decimal places. It stands in for the interbank
// (open-market) dollar rate the platform would take from a price provider; the simulator has no USDT/PKR pair.
// A pure function of time, so every node computes the same rate with no shared state and a quote can be
// re-checked anywhere: an anchor of PKR 281.5000 plus two layers of seeded value noise (one knot per hour,
// ±1.20 PKR, and one per minute, ±0.15 PKR), each interpolated linearly between its knots, so the rate moves
// continuously (at most 0.0025 PKR a second in the minute layer) and never leaves 281.50 ± 1.35.
import { formatMinor } from '../../../contract/money.ts';
import { hashSeed } from '../market/prng.ts';

/** Decimal places of the rate. */
export const RATE_SCALE = 4;
/** PKR 281.5000 at RATE_SCALE. */
export const USDT_PKR_ANCHOR = 2_815_000n;
const LAYERS = [
  { period: 3_600_000, amplitude: 12_000n, key: 'usdt-pkr-hour' },
  { period: 60_000, amplitude: 1_500n, key: 'usdt-pkr-minute' },
] as const;
/** The most the rate is ever away from the anchor, at RATE_SCALE. */
export const USDT_PKR_MAX_WANDER = LAYERS.reduce((s, l) => s + l.amplitude, 0n);

/** A knot's offset: uniform in [−amplitude, amplitude], from the hash of (layer, bucket). */
function knot(key: string, bucket: number, amplitude: bigint): bigint {
  const h = BigInt(hashSeed(key, bucket)); // 0 … 2^32 − 1
  return (h * (2n * amplitude + 1n)) / 4_294_967_296n - amplitude;
}

function layerAt(ms: number, period: number, amplitude: bigint, key: string): bigint {
  const bucket = Math.floor(ms / period);
  const into = BigInt(ms - bucket * period);
  const a = knot(key, bucket, amplitude);
  const b = knot(key, bucket + 1, amplitude);
  // a + (b − a)·into/period, truncated toward a: stays within [min(a,b), max(a,b)]
  return a + ((b - a) * into) / BigInt(period);
}

/** PKR per USDT at epoch ms `ms`, in units of 10^-4 PKR (281.5000 → 2815000n). */
export function usdtPkrAt(ms: number): bigint {
  const t = Math.floor(ms);
  let rate = USDT_PKR_ANCHOR;
  for (const l of LAYERS) rate += layerAt(t, l.period, l.amplitude, l.key);
  return rate;
}

/** The rate as a decimal string with 4 places ('281.4632'). */
export function usdtPkrText(ms: number): string {
  return formatMinor(usdtPkrAt(ms), RATE_SCALE);
}
