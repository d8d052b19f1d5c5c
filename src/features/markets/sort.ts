// The list sort of the Markets screen: which column, which direction, and what a header tap does.
export type SortKey = 'change' | 'volume' | 'name';
export type SortDir = 'asc' | 'desc';
export interface SortState {
  key: SortKey;
  dir: SortDir;
}

export const DEFAULT_SORT: SortState = { key: 'change', dir: 'desc' };

/** Names read A→Z first; numbers biggest first — what a user tapping a column expects to see. */
export function firstDir(key: SortKey): SortDir {
  return key === 'name' ? 'asc' : 'desc';
}

/** Tapping the active column flips its direction; tapping another column selects it in its first direction. */
export function toggleSort(s: SortState, key: SortKey): SortState {
  if (s.key === key) return { key, dir: s.dir === 'asc' ? 'desc' : 'asc' };
  return { key, dir: firstDir(key) };
}

/** Sorts names for the watchlist tab (mixed markets, so the worker's per-market order cannot be used). */
export function sortByName<T>(rows: readonly T[], name: (r: T) => string, dir: SortDir): T[] {
  const sorted = [...rows].sort((a, b) => name(a).localeCompare(name(b), 'en'));
  return dir === 'asc' ? sorted : sorted.reverse();
}
