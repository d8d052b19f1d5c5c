// Retry delays while a source keeps failing: exponential, capped, with "equal jitter" (half the delay fixed,
// half random) so a thousand phones that lost the same cell tower do not all come back on the same second.
// Pure: the random draw is passed in.

export interface BackoffPolicy {
  /** The delay after the first failure (before jitter). */
  baseMs: number;
  /** No delay grows past this (before jitter). */
  capMs: number;
  /** Growth per further failure (default 2). */
  factor?: number;
}

/** The uncapped-then-capped delay after `failures` failures in a row (1 → baseMs), before jitter. */
export function backoffCeiling(failures: number, p: BackoffPolicy): number {
  if (failures <= 0) return 0;
  const grown = p.baseMs * (p.factor ?? 2) ** (failures - 1);
  return Math.min(p.capMs, grown);
}

/** The delay after `failures` failures in a row: in [ceiling / 2, ceiling], `random` ∈ [0, 1) picks where. */
export function backoffDelay(failures: number, p: BackoffPolicy, random: () => number): number {
  const ceiling = backoffCeiling(failures, p);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
