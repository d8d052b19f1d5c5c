// The operator console's market scenario (issue 16 item 7; server/domain/market/market-scenarios.ts): POST
// /admin/api/market/scenario moves a crypto pair of the simulator by `pct` % over `seconds`. Admin only, and
// refused unless the server runs with SIM_CONTROLS=1: a control for tests, benches and demos, never for users.
import { Type, type Static } from 'typebox';
import { envelope, EpochMs } from './envelope.ts';
import { countField, fields, text } from './form-fields.ts';

export const SCENARIO_MAX_PCT = 90;
export const SCENARIO_MAX_SECONDS = 3_600;
/** A signed percentage with at most 2 decimals (the range, 0 < |pct| ≤ 90, is checked by the route). */
export const SCENARIO_PCT_PATTERN = '^-?(?:0|[1-9][0-9]?)(?:\\.[0-9]{1,2})?$';

export const MarketScenarioBody = fields({
  symbol: text(1, 20, {
    pattern: '^[A-Z0-9]{2,20}$',
    description: 'A crypto pair of the simulator, e.g. BTCUSDT, or KSE30 (its constituents move).',
  }),
  pct: text(1, 6, {
    pattern: SCENARIO_PCT_PATTERN,
    description: 'The move in %, −90 … 90, not 0, up to 2 decimals (−20 = a 20 % fall).',
  }),
  seconds: countField(SCENARIO_MAX_SECONDS, 'Over how many seconds of feed steps'),
});
export type MarketScenarioBody = Static<typeof MarketScenarioBody>;

export const MarketScenario = Type.Object({
  id: Type.Integer({ description: 'The scenario request; the leader starts it within a second.' }),
  symbol: Type.String(),
  pct: Type.String({ description: 'As asked, e.g. "-20.00"' }),
  seconds: Type.Integer(),
  createdAt: EpochMs(),
});
export type MarketScenario = Static<typeof MarketScenario>;
export const MarketScenarioReply = envelope(MarketScenario);
