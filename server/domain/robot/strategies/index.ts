// The strategies by name, behind one shape: parse the product's params once, then decide on every step.
import type { RobotStrategy } from '../../../../contract/robot.ts';
import { dcaParams, decideDca, DCA_START, type DcaMemory } from './dca.ts';
import { decideGrid, GRID_START, gridParams, type GridMemory } from './grid.ts';
import { decideTrend, TREND_START, trendParams } from './trend.ts';
import type { Decision, MarketView, RobotHoldings } from './types.ts';

/** A strategy's memory: plain JSON (stored in robot_orders.state_json). */
export type Memory = object;

export interface Strategy {
  start: Memory;
  /** minute closes it needs (0: none) */
  closesNeeded: number;
  decide(memory: Memory, r: RobotHoldings, v: MarketView): Decision<Memory>;
}

/** The strategy of a product; throws on parameters it cannot run with. */
export function strategyOf(name: RobotStrategy, params: Record<string, unknown>): Strategy {
  switch (name) {
    case 'dca': {
      const p = dcaParams(params);
      return {
        start: { ...DCA_START },
        closesNeeded: 0,
        decide: (m, r, v) => decideDca(p, { ...DCA_START, ...(m as Partial<DcaMemory>) }, r, v),
      };
    }
    case 'grid': {
      const p = gridParams(params);
      return {
        start: { ...GRID_START },
        closesNeeded: 0,
        decide: (m, r, v) => decideGrid(p, { ...GRID_START, ...(m as Partial<GridMemory>) }, r, v),
      };
    }
    case 'trend': {
      const p = trendParams(params);
      return {
        start: { ...TREND_START },
        closesNeeded: p.slow,
        decide: (_m, r, v) => decideTrend(p, TREND_START, r, v),
      };
    }
  }
}
