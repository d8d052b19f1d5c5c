// The account feed loaded when first needed (workers/market/feeds/account/lazy-account-feed.ts): a guest's
// worker never loads it; a sign-in or a position row in view loads it, and what came before it arrived (the
// context, the language, the session, the rows) reaches it in order; after that every call goes through; a
// failed load is tried again on the next need.
import { describe, expect, it, vi } from 'vitest';
import type { FeedContext } from '../../../workers/market/host/feed.ts';
import {
  LazyAccountFeed,
  type AccountFeedModule,
} from '../../../workers/market/feeds/account/lazy-account-feed.ts';
import type { PriceBoard } from '../../../workers/market/feeds/market/price-board.ts';

const prices: PriceBoard = {
  price: () => undefined,
  onTickers: () => undefined,
  ticker: () => undefined,
  marketOf: () => 'psx',
  freshAt: () => null,
  restore: () => undefined,
};
const ctx = { opts: {} } as unknown as FeedContext;
const SESSION = { token: 'tok', accountKey: '7:real' };

function fakeModule() {
  const calls: string[] = [];
  class AccountFeed {
    constructor(readonly board: PriceBoard) {
      calls.push('new');
    }
    start = (c: FeedContext) => calls.push(c === ctx ? 'start' : 'start?');
    setLang = (l: string) => calls.push(`lang ${l}`);
    setAccount = (s: typeof SESSION | null) => calls.push(`account ${s?.accountKey ?? 'none'}`);
    activate = (k: string) => calls.push(`activate ${k}`);
    deactivate = (k: string) => calls.push(`deactivate ${k}`);
    resend = () => calls.push('resend');
    dispose = () => calls.push('dispose');
  }
  return { calls, mod: { AccountFeed } as unknown as AccountFeedModule };
}

describe('the account feed, loaded when first needed', () => {
  it('is never loaded for a guest, yet claims the account’s keys from the start', async () => {
    const { mod } = fakeModule();
    const load = vi.fn(() => Promise.resolve(mod));
    const feed = new LazyAccountFeed(prices, load);
    feed.start(ctx);
    feed.setLang('en-US');
    feed.setAccount(null);
    feed.resend();
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    expect(feed.loaded).toBeNull();
    expect(feed.claims('position:OGDC')).toBe(true);
    expect(feed.claims('ticker:OGDC')).toBe(false);
  });

  it('loads on sign-in and hands over what it was told, in order; then calls go straight through', async () => {
    const { mod, calls } = fakeModule();
    let resolve!: (m: AccountFeedModule) => void;
    const feed = new LazyAccountFeed(prices, () => new Promise<AccountFeedModule>((r) => (resolve = r)));
    feed.start(ctx);
    feed.setLang('ur-PK');
    feed.activate('position:AAA');
    feed.activate('position:BBB');
    feed.deactivate('position:AAA');
    feed.setAccount(SESSION);
    expect(feed.loaded).toBeNull();
    resolve(mod);
    await vi.waitFor(() => expect(feed.loaded).not.toBeNull());
    expect(calls).toEqual([
      'new',
      'start',
      'lang ur-PK',
      'activate position:BBB',
      'account 7:real',
      'resend',
    ]);
    feed.setAccount(null);
    feed.activate('position:CCC');
    feed.dispose();
    expect(calls.slice(6)).toEqual(['account none', 'activate position:CCC', 'dispose']);
  });

  it('makes the feed at once when given the module itself', () => {
    const { mod, calls } = fakeModule();
    const feed = new LazyAccountFeed(prices, mod);
    expect(feed.loaded).not.toBeNull();
    feed.start(ctx);
    feed.setAccount(SESSION);
    expect(calls).toEqual(['new', 'start', 'account 7:real']);
  });

  it('asks again after a failed load', async () => {
    const { mod } = fakeModule();
    const load = vi
      .fn<() => Promise<AccountFeedModule>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(mod);
    const feed = new LazyAccountFeed(prices, load);
    feed.start(ctx);
    feed.setAccount(SESSION);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 0));
    expect(feed.loaded).toBeNull();
    feed.setAccount(SESSION);
    await vi.waitFor(() => expect(feed.loaded).not.toBeNull());
    expect(load).toHaveBeenCalledTimes(2);
  });
});
