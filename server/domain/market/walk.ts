// The price process: a mean-reverting random walk in log space (Ornstein–Uhlenbeck), so prices wander
// realistically but stay near their anchors over months of history, rounded to whole ticks and kept inside the
// daily band. Used by the history generator and the live tick loop alike.

import type { Rng } from './prng.ts';

/** Mean reversion strength per trading day (half-life ≈ 14 days; stationary spread ≈ vol / √0.1). */
export const REVERSION_PER_DAY = 0.05;

export interface Band {
  up: number;
  down: number;
}

export function clampUnits(p: number, band: Band | undefined): number {
  const r = Math.max(1, Math.round(p));
  if (!band) return r;
  return Math.min(band.up, Math.max(band.down, r));
}

/**
 * One step covering `frac` of a trading day. `logP` is the float walk state; the returned price is whole units.
 * When the band clips the price, the state is pulled back to it so the walk does not hide beyond the limit.
 */
export function step(
  rng: Rng,
  logP: number,
  anchor: number,
  volDay: number,
  frac: number,
  band: Band | undefined,
): { logP: number; price: number } {
  const next =
    logP + REVERSION_PER_DAY * frac * (Math.log(anchor) - logP) + volDay * Math.sqrt(frac) * rng.normal();
  const price = clampUnits(Math.exp(next), band);
  return { logP: price === Math.round(Math.exp(next)) ? next : Math.log(price), price };
}
