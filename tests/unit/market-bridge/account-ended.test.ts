// @vitest-environment jsdom
// The account feed's 'ended' (the server ended the session: a socket `err` with code -1000, or a poll answered
// -1000) signs the app out through the same path as a -1000 answer of a query: the stored session is cleared
// (only if it is still the one that ended) and the app's onSessionInvalid goes to login.
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiHandlers, setApiHandlers } from '../../../src/shared/api/api-handlers.ts';
import { storage } from '../../../src/shared/storage/storage.ts';
import { applyAccountUpdate, resetAccount } from '../../../src/market/account-apply.ts';
import { accountFeedStateAtom } from '../../../src/market/account-atoms.ts';

const onSessionInvalid = vi.fn();

beforeEach(() => {
  onSessionInvalid.mockReset();
  setApiHandlers({ onSessionInvalid });
  storage.saveLogin({
    token: 'tok-real',
    tokenReal: 'tok-real',
    tokenDemo: 'tok-demo',
    accountType: 'real',
    user: { id: 7 } as never,
  });
});
afterEach(() => resetApiHandlers());

function feedStore() {
  const store = createStore();
  resetAccount(store, '7:real');
  return store;
}

describe("the account feed's end of session", () => {
  it('clears the session and goes to login when the feed reports the current session ended', () => {
    const store = feedStore();
    applyAccountUpdate(store, { accountKey: '7:real', state: 'ended', endedToken: 'tok-real' });
    expect(store.get(accountFeedStateAtom)).toBe('ended');
    expect(storage.get('userToken')).toBe('');
    expect(storage.get('userTokenDemo')).toBe('');
    expect(onSessionInvalid).toHaveBeenCalledTimes(1);
  });

  it('does it once: a repeated post of the same end finds the session already gone', () => {
    const store = feedStore();
    applyAccountUpdate(store, { accountKey: '7:real', state: 'ended', endedToken: 'tok-real' });
    applyAccountUpdate(store, { accountKey: '7:real', state: 'ended', endedToken: 'tok-real' });
    expect(onSessionInvalid).toHaveBeenCalledTimes(1);
  });

  it('keeps a newer session: a late end of an earlier token of the same account changes nothing', () => {
    const store = feedStore();
    applyAccountUpdate(store, { accountKey: '7:real', state: 'ended', endedToken: 'tok-before-relogin' });
    expect(storage.get('userToken')).toBe('tok-real');
    expect(onSessionInvalid).not.toHaveBeenCalled();
  });

  it('other states, and posts for another account, never sign out', () => {
    const store = feedStore();
    for (const state of ['live', 'polling', 'offline'] as const)
      applyAccountUpdate(store, { accountKey: '7:real', state });
    applyAccountUpdate(store, { accountKey: '7:demo', state: 'ended', endedToken: 'tok-real' });
    expect(storage.get('userToken')).toBe('tok-real');
    expect(onSessionInvalid).not.toHaveBeenCalled();
  });
});
