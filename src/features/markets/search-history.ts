// Search history (spec §3 `searchHistoryData`): latest first, no duplicates (case-insensitive), at most
// SEARCH_HISTORY_MAX entries. Pure list logic plus the two storage calls the search page makes.
import { storage } from '../../shared/storage/storage.ts';

export const SEARCH_HISTORY_MAX = 20;

export function addToHistory(list: readonly string[], term: string, max = SEARCH_HISTORY_MAX): string[] {
  const t = term.trim();
  if (!t) return [...list];
  const key = t.toUpperCase();
  return [t, ...list.filter((x) => x.toUpperCase() !== key)].slice(0, max);
}

export function loadHistory(): string[] {
  return storage.get('searchHistoryData').filter((x): x is string => typeof x === 'string');
}

export function rememberSearch(term: string): string[] {
  const next = addToHistory(loadHistory(), term);
  storage.set('searchHistoryData', next);
  return next;
}

export function clearHistory(): void {
  storage.set('searchHistoryData', []);
}
