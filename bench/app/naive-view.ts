// The naive baseline's ticker view: the same TickerView the rows read, but formatted at read time (in render),
// as a typical React app that keeps the raw wire ticker in state would do. Bench-only (see naive-port.ts).
import type { Ticker } from '../../workers/protocol/market.ts';
import { abbreviate, formatPct, withThousands } from '../../src/shared/format/numbers.ts';
import type { TickerView } from '../../src/market/atoms.ts';

function signed(s: string): string {
  const g = withThousands(s);
  return /^[+-]/.test(g) || /^0*(\.0*)?$/.test(s) ? g : `+${g}`;
}

/** A TickerView over the raw ticker; `prev` carries the last move direction. */
export function naiveView(t: Ticker, prev: TickerView | null): TickerView {
  const last = +t.p;
  const move = prev ? Math.sign(last - prev.last) : 0;
  const dir = (move === 0 ? (prev?.dir ?? 0) : move) as -1 | 0 | 1;
  return {
    symbol: t.s,
    get price() {
      return withThousands(t.p);
    },
    get change() {
      return signed(t.c);
    },
    get changePct() {
      return formatPct(t.cp);
    },
    get open() {
      return withThousands(t.o);
    },
    get high() {
      return withThousands(t.h);
    },
    get low() {
      return withThousands(t.l);
    },
    get prevClose() {
      return withThousands(t.pc);
    },
    get volume() {
      return abbreviate(t.v);
    },
    get turnover() {
      return abbreviate(t.q);
    },
    session: t.st,
    ts: t.t,
    last,
    changePctValue: +t.cp,
    dir,
    // The naive client keeps no flash timing: a row shows the tint of its last move.
    flashing: dir,
  };
}
