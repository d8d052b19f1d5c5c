// The USDT/PKR index: a pure function of time, deterministic, bounded around the anchor and continuous.
import { describe, expect, it } from 'vitest';
import {
  USDT_PKR_ANCHOR,
  USDT_PKR_MAX_WANDER,
  usdtPkrAt,
  usdtPkrText,
} from '../../../server/domain/crypto/usdt-pkr.ts';

const T0 = Date.UTC(2026, 10, 24, 12, 0, 0);

describe('usdtPkrAt', () => {
  it('is the same for the same instant, on every call (no state)', () => {
    for (let i = 0; i < 50; i++) {
      const ms = T0 + i * 37_123;
      expect(usdtPkrAt(ms)).toBe(usdtPkrAt(ms));
    }
    expect(usdtPkrText(T0)).toMatch(/^28[0-2]\.\d{4}$/);
  });

  it('stays within the anchor ± the wander over a week of minutes', () => {
    const lo = USDT_PKR_ANCHOR - USDT_PKR_MAX_WANDER;
    const hi = USDT_PKR_ANCHOR + USDT_PKR_MAX_WANDER;
    let min = hi;
    let max = lo;
    for (let ms = T0; ms < T0 + 7 * 86_400_000; ms += 60_000 + 7_001) {
      const r = usdtPkrAt(ms);
      expect(r >= lo && r <= hi).toBe(true);
      if (r < min) min = r;
      if (r > max) max = r;
    }
    // it does wander (not a constant)
    expect(max - min > 10_000n).toBe(true);
  });

  it('is continuous: a second moves it by at most a few ten-thousandths, also across bucket edges', () => {
    for (let ms = T0 - 5_000; ms < T0 + 3 * 3_600_000; ms += 997) {
      const d = usdtPkrAt(ms + 1_000) - usdtPkrAt(ms);
      expect(d <= 60n && d >= -60n).toBe(true);
    }
    const edge = T0 + 3_600_000;
    const d = usdtPkrAt(edge) - usdtPkrAt(edge - 1);
    expect(d <= 2n && d >= -2n).toBe(true);
  });
});
