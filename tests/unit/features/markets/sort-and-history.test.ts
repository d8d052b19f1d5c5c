// Pure list logic of the market screens: the sort header's toggling, name sorting and the search history.
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SORT, firstDir, sortByName, toggleSort } from '../../../../src/features/markets/sort.ts';
import {
  SEARCH_HISTORY_MAX,
  addToHistory,
  clearHistory,
  loadHistory,
  rememberSearch,
} from '../../../../src/features/markets/search-history.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';

describe('sort header', () => {
  it('starts on change, biggest first', () => {
    expect(DEFAULT_SORT).toEqual({ key: 'change', dir: 'desc' });
  });

  it('flips the direction when the active column is tapped again', () => {
    const once = toggleSort(DEFAULT_SORT, 'change');
    expect(once).toEqual({ key: 'change', dir: 'asc' });
    expect(toggleSort(once, 'change')).toEqual({ key: 'change', dir: 'desc' });
  });

  it('selects another column in its natural first direction', () => {
    expect(firstDir('name')).toBe('asc');
    expect(toggleSort({ key: 'change', dir: 'asc' }, 'volume')).toEqual({ key: 'volume', dir: 'desc' });
    expect(toggleSort({ key: 'volume', dir: 'desc' }, 'name')).toEqual({ key: 'name', dir: 'asc' });
  });

  it('sorts a mixed watchlist by name in either direction without touching the input', () => {
    const rows = ['OGDC', 'BTCUSDT', 'HBL'];
    expect(sortByName(rows, (s) => s, 'asc')).toEqual(['BTCUSDT', 'HBL', 'OGDC']);
    expect(sortByName(rows, (s) => s, 'desc')).toEqual(['OGDC', 'HBL', 'BTCUSDT']);
    expect(rows).toEqual(['OGDC', 'BTCUSDT', 'HBL']);
  });
});

describe('search history', () => {
  beforeEach(() => clearHistory());

  it('puts the latest term first and drops a case-insensitive duplicate', () => {
    expect(addToHistory(['HBL', 'ogdc', 'PSO'], 'OGDC')).toEqual(['OGDC', 'HBL', 'PSO']);
  });

  it('ignores blank terms and trims the others', () => {
    expect(addToHistory(['HBL'], '   ')).toEqual(['HBL']);
    expect(addToHistory([], '  luck ')).toEqual(['luck']);
  });

  it(`keeps at most ${SEARCH_HISTORY_MAX} terms, dropping the oldest`, () => {
    let list: string[] = [];
    for (let i = 0; i < SEARCH_HISTORY_MAX + 5; i++) list = addToHistory(list, `S${i}`);
    expect(list).toHaveLength(SEARCH_HISTORY_MAX);
    expect(list[0]).toBe(`S${SEARCH_HISTORY_MAX + 4}`);
    expect(list).not.toContain('S0');
  });

  it('persists in searchHistoryData and clears', () => {
    rememberSearch('OGDC');
    rememberSearch('اوجی');
    rememberSearch('ogdc');
    expect(storage.get('searchHistoryData')).toEqual(['ogdc', 'اوجی']);
    expect(loadHistory()).toEqual(['ogdc', 'اوجی']);
    clearHistory();
    expect(loadHistory()).toEqual([]);
  });
});

describe('watchlist order', async () => {
  const { watchOrder } = await import('../../../../src/features/markets/markets-page.tsx');
  it("follows the worker's per-market order, stocks before coins, unknown members last by name", () => {
    const w = { stocks: ['OGDC', 'HBL', 'ZZZ', 'AAA'], coins: ['BTCUSDT', 'ETHUSDT'] };
    const sorted = [['LUCK', 'HBL', 'OGDC'], undefined, ['ETHUSDT', 'SOLUSDT', 'BTCUSDT']];
    expect(watchOrder(w, sorted, (s) => s, { key: 'change', dir: 'desc' })).toEqual([
      'HBL',
      'OGDC',
      'ETHUSDT',
      'BTCUSDT',
      'ZZZ',
      'AAA',
    ]);
  });
});

describe('feed badge state', async () => {
  const { feedInfo, CONNECT_GRACE_MS } = await import('../../../../src/features/markets/live.ts');
  it('reads "connecting" before the first message, then offline after the grace period', () => {
    const s = { state: 'offline' as const, lastUpdate: null, since: 1000 };
    expect(feedInfo(s, 1000 + CONNECT_GRACE_MS - 1).status).toBe('connecting');
    expect(feedInfo(s, 1000 + CONNECT_GRACE_MS).status).toBe('offline');
    expect(feedInfo({ state: 'offline', lastUpdate: 5, since: 1000 }, 1001)).toEqual({
      status: 'offline',
      lastUpdate: 5,
    });
    expect(feedInfo({ state: 'polling', lastUpdate: 7, since: 0 }, 9).status).toBe('polling');
  });
});
