// Capital gains tax on listed shares as NCCPL withholds it (../shared/reference/pakistan.md, "Taxes": 15 % for
// shares bought from 1 July 2025 by an active-taxpayer-list filer, Finance Act 2025, [16]). Every share this app
// can hold was bought after that date, so one rate applies. NCCPL nets gains and losses over the tax year
// (July–June) across all securities and withholds on the net gain; a window's figure here is that rule applied
// to the window alone: 15 % of its net realised gain, nothing on a net loss. It is an estimate shown beside the
// gross figure, never deducted from the ledger by this app (NCCPL collects it through the broker).
// Pure bigint arithmetic in paisa; the app and the server both use it.

/** 15 % in basis points. */
export const CGT_RATE_BPS = 1500n;

/** The CGT NCCPL would withhold on a net realised gain (paisa), rounded half up to the paisa; 0 on a loss. */
export function cgtOnGain(netGainPaisa: bigint): bigint {
  if (netGainPaisa <= 0n) return 0n;
  return (netGainPaisa * CGT_RATE_BPS + 5_000n) / 10_000n;
}

/** The gain after that tax (a loss is unchanged). */
export function afterCgt(netGainPaisa: bigint): bigint {
  return netGainPaisa - cgtOnGain(netGainPaisa);
}
