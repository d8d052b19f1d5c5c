// The shared countdown's text and its re-read delay (src/shared/ui/countdown.tsx).
import { describe, expect, it } from 'vitest';
import { countdownText, refetchDelay } from '../../../../src/shared/ui/countdown.tsx';

const days = (n: number) => `${n}d`;

describe('countdownText', () => {
  it('hours, minutes and seconds, with days only when there are some', () => {
    expect(countdownText(0, days)).toBe('00:00:00');
    expect(countdownText(59_999, days)).toBe('00:00:59');
    expect(countdownText(3_600_000 + 2 * 60_000 + 3_000, days)).toBe('01:02:03');
    expect(countdownText(86_400_000 * 2 + 3_600_000 * 3 + 4 * 60_000 + 5_000, days)).toBe('2d 03:04:05');
  });
  it('a moment already past reads as zero, never negative', () => {
    expect(countdownText(-5_000, days)).toBe('00:00:00');
  });
});

describe('refetchDelay', () => {
  const now = 1_000_000;
  it('just after the nearest coming change, at least a second and at most a minute away', () => {
    expect(refetchDelay([now + 10_000, now + 5_000, null], now)).toBe(5_500);
    expect(refetchDelay([now + 100], now)).toBe(1_000);
    expect(refetchDelay([now + 3_600_000], now)).toBe(60_000);
  });
  it('nothing to wait for: no re-reads; a change that passed within the last minute is still waited for', () => {
    expect(refetchDelay([], now)).toBe(false);
    expect(refetchDelay([null], now)).toBe(false);
    expect(refetchDelay([now - 30_000], now)).toBe(1_000);
    // A planned date long past (an operator who has not acted yet) does not make the screen poll every second.
    expect(refetchDelay([now - 120_000], now)).toBe(false);
  });
});
