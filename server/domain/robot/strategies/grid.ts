// A grid on one symbol with market orders at level crossings (derivatives.md §4, spot grid): the capital is cut
// into `levels` slices; below the anchor, each fall of stepPct from the last buy buys one slice; each rise of
// stepPct above the last open slice's buy price sells that slice (a matched low buy + high sell). With nothing
// held and the price a step above the anchor, the anchor follows the price up, so the grid does not sit idle
// above its range. Leaving the range downwards means holding every slice at a loss: the risk of any grid.
import {
  offsetBps,
  pctToBps,
  sharesFor,
  wholeIn,
  type Decision,
  type MarketView,
  type RobotHoldings,
} from './types.ts';

export interface GridParams {
  levels: number;
  stepBps: bigint;
}

export interface GridSlice {
  /** buy price, paisa */
  p: string;
  /** shares */
  q: string;
}

export interface GridMemory {
  /** paisa as a string ('' before the first step) */
  anchor: string;
  /** open slices, oldest first */
  held: GridSlice[];
}

export const GRID_START: GridMemory = { anchor: '', held: [] };

export function gridParams(json: Record<string, unknown>): GridParams {
  const stepBps = pctToBps(json.stepPct, 'stepPct');
  if (stepBps === 0n) throw new Error('bad stepPct');
  return { levels: wholeIn(json.levels, 1, 100, 'levels'), stepBps };
}

export function decideGrid(
  p: GridParams,
  m: GridMemory,
  r: RobotHoldings,
  v: MarketView,
): Decision<GridMemory> {
  if (!v.open || v.price <= 0n) return { actions: [], memory: m };
  if (m.anchor === '') return { actions: [], memory: { ...m, anchor: v.price.toString() } };
  const anchor = BigInt(m.anchor);
  const last = m.held[m.held.length - 1];
  if (last) {
    const q = BigInt(last.q);
    if (v.price >= offsetBps(BigInt(last.p), p.stepBps) && r.shares >= q) {
      return {
        actions: [{ side: 'sell', qty: q, reason: 'gridSell' }],
        memory: { ...m, held: m.held.slice(0, -1) },
      };
    }
  } else if (v.price >= offsetBps(anchor, p.stepBps)) {
    return { actions: [], memory: { ...m, anchor: v.price.toString() } };
  }
  if (m.held.length >= p.levels) return { actions: [], memory: m };
  const from = last ? BigInt(last.p) : anchor;
  if (v.price > offsetBps(from, -p.stepBps)) return { actions: [], memory: m };
  const qty = sharesFor(r.cash / BigInt(p.levels - m.held.length), v.price);
  if (qty === 0n) return { actions: [], memory: m };
  return {
    actions: [{ side: 'buy', qty, reason: 'gridBuy' }],
    memory: { ...m, held: [...m.held, { p: v.price.toString(), q: qty.toString() }] },
  };
}
