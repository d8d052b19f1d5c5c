// The leader's in-memory index of active price alerts, checked on every market step without touching the
// database. Per symbol and kind, the armed alerts sit in an array sorted by threshold, so a step finds the
// crossed ones with one binary search and takes them off as a run (cost: log n + what fires):
//   above  fires when price >= threshold   (ascending: a prefix fires)
//   below  fires when price <= threshold   (ascending: a suffix fires)
//   change fires when |change % since the previous close| >= threshold (ascending: a prefix fires)
// A repeating alert that fired waits, disarmed, in a second sorted array until the value is back on the
// other side of its threshold (price below / above it, |change| under it); then it is armed again. So a price
// hovering at the threshold fires once per crossing, not once per step. A one-shot alert leaves the index.
// Thresholds and values are integers: prices in the symbol's price units (10^-priceDecimals), changes in
// basis points (1.25 % → 125).

export type AlertKind = 'above' | 'below' | 'change';

export interface IndexedAlert {
  id: number;
  userId: number;
  symbol: string;
  kind: AlertKind;
  /** price units or basis points (see above) */
  threshold: number;
  repeat: boolean;
}

/** What a step reports for one symbol: its last price in price units and its change in basis points. */
export interface PricePoint {
  price: number;
  changeBps: number;
}

interface Lists {
  armed: IndexedAlert[];
  waiting: IndexedAlert[];
}

type SymbolLists = Record<AlertKind, Lists>;

/** First index whose threshold is > t (upper) or >= t (lower), in an ascending array. */
function bound(a: readonly IndexedAlert[], t: number, upper: boolean): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = a[mid]!.threshold;
    if (upper ? v <= t : v < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function insertSorted(a: IndexedAlert[], x: IndexedAlert): void {
  a.splice(bound(a, x.threshold, true), 0, x);
}

function removeFrom(a: IndexedAlert[], x: IndexedAlert): boolean {
  for (let i = bound(a, x.threshold, false); i < a.length && a[i]!.threshold === x.threshold; i++) {
    if (a[i]!.id === x.id) {
      a.splice(i, 1);
      return true;
    }
  }
  return false;
}

/** Whether `a`'s condition holds at `p`. */
export function conditionMet(kind: AlertKind, threshold: number, p: PricePoint): boolean {
  if (kind === 'above') return p.price >= threshold;
  if (kind === 'below') return p.price <= threshold;
  return Math.abs(p.changeBps) >= threshold;
}

export class AlertIndex {
  private readonly bySymbol = new Map<string, SymbolLists>();
  private readonly byId = new Map<number, IndexedAlert>();

  get size(): number {
    return this.byId.size;
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  hasSymbol(symbol: string): boolean {
    return this.bySymbol.has(symbol);
  }

  /** Adds an alert, armed unless `armed` is false (a repeating one whose condition holds now). */
  add(a: IndexedAlert, armed = true): void {
    if (this.byId.has(a.id)) this.remove(a.id);
    let lists = this.bySymbol.get(a.symbol);
    if (!lists) {
      lists = {
        above: { armed: [], waiting: [] },
        below: { armed: [], waiting: [] },
        change: { armed: [], waiting: [] },
      };
      this.bySymbol.set(a.symbol, lists);
    }
    insertSorted(armed ? lists[a.kind].armed : lists[a.kind].waiting, a);
    this.byId.set(a.id, a);
  }

  remove(id: number): void {
    const a = this.byId.get(id);
    if (!a) return;
    this.byId.delete(id);
    const lists = this.bySymbol.get(a.symbol);
    if (!lists) return;
    const l = lists[a.kind];
    if (!removeFrom(l.armed, a)) removeFrom(l.waiting, a);
  }

  clear(): void {
    this.bySymbol.clear();
    this.byId.clear();
  }

  /**
   * One symbol's new value: re-arms the waiting alerts now on the other side of their threshold, then takes
   * the crossed armed ones off and returns them (one-shot ones leave the index; repeating ones wait).
   */
  check(symbol: string, p: PricePoint): IndexedAlert[] {
    const lists = this.bySymbol.get(symbol);
    if (!lists) return [];
    const fired: IndexedAlert[] = [];
    const absChange = Math.abs(p.changeBps);
    // above: fire threshold <= price (prefix); re-arm threshold > price (suffix of waiting)
    this.rearm(lists.above, bound(lists.above.waiting, p.price, true), 'suffix');
    this.take(lists.above, 0, bound(lists.above.armed, p.price, true), fired);
    // below: fire threshold >= price (suffix); re-arm threshold < price (prefix of waiting)
    this.rearm(lists.below, bound(lists.below.waiting, p.price, false), 'prefix');
    this.take(lists.below, bound(lists.below.armed, p.price, false), lists.below.armed.length, fired);
    // change: fire threshold <= |change| (prefix); re-arm threshold > |change| (suffix of waiting)
    this.rearm(lists.change, bound(lists.change.waiting, absChange, true), 'suffix');
    this.take(lists.change, 0, bound(lists.change.armed, absChange, true), fired);
    return fired;
  }

  private rearm(l: Lists, at: number, part: 'prefix' | 'suffix'): void {
    const moved = part === 'prefix' ? l.waiting.splice(0, at) : l.waiting.splice(at);
    for (const a of moved) insertSorted(l.armed, a);
  }

  private take(l: Lists, from: number, to: number, out: IndexedAlert[]): void {
    if (to <= from) return;
    for (const a of l.armed.splice(from, to - from)) {
      out.push(a);
      if (a.repeat) insertSorted(l.waiting, a);
      else this.byId.delete(a.id);
    }
  }
}
