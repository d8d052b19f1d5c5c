// Market simulator settings, read from the environment by config.ts (loadConfig) once at start:
//   MARKET_SEED          PRNG seed (default 'psx-sim-1'); history is reproducible per seed
//   MARKET_TPS           feed steps per second, 1–50 (default 4)
//   MARKET_TICK          0 = no timer (tests call step() themselves); default 1
//   PSX_ALWAYS_OPEN      1 = PSX open around the clock (demos, benches); default 0
//   MARKET_HISTORY_DAYS  calendar days of daily bars on first start, 1–3650 (default 400)
//   MARKET_MINUTE_DAYS   calendar days of 1-minute bars kept, 1–14 (default 3)
//   MARKET_LISTINGS_MS   how often the leader looks for IPOs listed where no bus reaches it (the back-office
//                        command), 1,000–3,600,000 ms (default 60,000; domain/ipo/ipo-listing.ts)
//   MARKET_HALT_SCALE    divides the market-wide halt's times (5 min, 60 min, 5 min, 75 min) for demos and
//                        browser tests, 1–3600 (default 1 = PSX's rule; domain/market/market-halt.ts)

import { scaledHaltRule, type HaltRule } from './market-halt.ts';

type Env = Readonly<Record<string, string | undefined>>;

export interface MarketConfig {
  seed: string;
  ticksPerSecond: number;
  tick: boolean;
  alwaysOpen: boolean;
  historyDays: number;
  minuteDays: number;
  listingsEveryMs: number;
  /** the market-wide halt rule (market-halt.ts); MARKET_HALT_SCALE divides its times (demos, browser tests) */
  haltRule: HaltRule;
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max)
    throw new Error(`${name} must be a whole number ${min}–${max}, got "${raw}"`);
  return n;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be 1 or 0, got "${raw}"`);
}

export function marketConfig(env: Env): MarketConfig {
  return {
    seed: env['MARKET_SEED'] || 'psx-sim-1',
    ticksPerSecond: int(env, 'MARKET_TPS', 4, 1, 50),
    tick: flag(env, 'MARKET_TICK', true),
    alwaysOpen: flag(env, 'PSX_ALWAYS_OPEN', false),
    historyDays: int(env, 'MARKET_HISTORY_DAYS', 400, 1, 3650),
    minuteDays: int(env, 'MARKET_MINUTE_DAYS', 3, 1, 14),
    listingsEveryMs: int(env, 'MARKET_LISTINGS_MS', 60_000, 1_000, 3_600_000),
    haltRule: scaledHaltRule(int(env, 'MARKET_HALT_SCALE', 1, 1, 3600)),
  };
}
