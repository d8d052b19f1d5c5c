// The clock for the records' cancel and pay buttons: re-read every 15 s, so a window that closes while the
// screen is open takes its button away (the server refuses a late action anyway).
import { useEffect, useState } from 'react';

export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
