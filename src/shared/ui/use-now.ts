// The clock as React state: one hook for every screen that counts (countdowns, a tick's age).
import { useEffect, useState } from 'react';

/** The time now, re-read every `everyMs` while mounted; `everyMs` null: read once, no timer. */
export function useNow(everyMs: number | null = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (everyMs === null) return;
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
