// The contract screen hears its account's changes on the account socket (issue 16): the leader's liquidations,
// fired TP/SLs and funding payments come as a hint (AccountDelta.perp → the worker's perpSeq), and the panel
// reads its positions, triggers, history and balances again at once. While the socket delivers, the reads keep
// only a slow backstop; when the account feed is polling or offline they poll as before.
import { useEffect, useRef } from 'react';
import { useAccountFeedState, usePerpSeq } from '../../market/account.ts';

/** How often a contract read polls: its own interval without the socket, a 30 s backstop with it. */
export function contractInterval(pushed: boolean, unpushedMs: number): number {
  return pushed ? 30_000 : unpushedMs;
}

/** Whether the account socket is delivering (its hints replace the fast polls). */
export function useContractPushed(): boolean {
  return useAccountFeedState() === 'live';
}

/** Calls `refresh` whenever the account socket tells of a contract change made elsewhere. */
export function useContractChanges(refresh: () => void): void {
  const seq = usePerpSeq();
  const seen = useRef(seq);
  useEffect(() => {
    if (seq === seen.current) return;
    seen.current = seq;
    refresh();
  }, [seq, refresh]);
}
