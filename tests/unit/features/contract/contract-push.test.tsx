// @vitest-environment jsdom
// The contract screen's link to the account socket (issue 16): a perp hint the worker posts (perpSeq) makes the
// panel read again, once per hint and never on mount; while the account feed is live the fast polls give way to
// a 30 s backstop, and without it they poll as before.
import { act, render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { applyAccountUpdate, resetAccount } from '../../../../src/market/account-apply.ts';
import {
  contractInterval,
  useContractChanges,
  useContractPushed,
} from '../../../../src/features/contract/contract-push.ts';

function Probe({ refresh, seen }: { refresh: () => void; seen: (pushed: boolean) => void }) {
  useContractChanges(refresh);
  seen(useContractPushed());
  return null;
}

describe('contract push', () => {
  it('reads again once per perp hint, not on mount, and says when the socket delivers', () => {
    const store = createStore();
    resetAccount(store, '7:demo');
    const refresh = vi.fn();
    const pushed: boolean[] = [];
    render(
      <Provider store={store}>
        <Probe refresh={refresh} seen={(p) => pushed.push(p)} />
      </Provider>,
    );
    expect(refresh).not.toHaveBeenCalled();
    expect(pushed.at(-1)).toBe(false);
    act(() => applyAccountUpdate(store, { accountKey: '7:demo', state: 'live', perpSeq: 1 }));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(pushed.at(-1)).toBe(true);
    act(() => applyAccountUpdate(store, { accountKey: '7:demo', perpSeq: 2 }));
    expect(refresh).toHaveBeenCalledTimes(2);
    // Another account's post is never applied.
    act(() => applyAccountUpdate(store, { accountKey: '7:real', perpSeq: 9 }));
    expect(refresh).toHaveBeenCalledTimes(2);
    act(() => applyAccountUpdate(store, { accountKey: '7:demo', state: 'polling' }));
    expect(pushed.at(-1)).toBe(false);
  });

  it('polls fast only without the socket', () => {
    expect(contractInterval(false, 3_000)).toBe(3_000);
    expect(contractInterval(true, 3_000)).toBe(30_000);
  });
});
