// The back-office `market-crash --symbol BTCUSDT --pct -20 --seconds 30` command: the console's market scenario
// (issue 16 item 7) from the command line, on the same audited function (domain/market/market-scenarios.ts). It
// writes the request; the running server's leader starts it within a second (SCENARIO_POLL_MS). Refused unless
// SIM_CONTROLS=1 is in this command's environment, which should be the server's: the server also ignores
// requests while it runs without the flag, and one older than a minute is never started.
import type { Db } from '../db/database.ts';
import { CLI_ACTOR } from '../domain/audit/audit-log.ts';
import { BackofficeError } from '../domain/backoffice/user-ref.ts';
import { listedTokenSales } from '../domain/ico/ico-listing.ts';
import { HALT_INDEX } from '../domain/market/market-halt.ts';
import { pctBasisPoints, requestScenario } from '../domain/market/market-scenarios.ts';
import { buildUniverse } from '../domain/market/universe.ts';

export const MARKET_USAGE = `  market-crash --symbol BTCUSDT --pct -20 --seconds 30
          (SIM_CONTROLS=1 only: tests and demos) move a crypto pair of the simulator, or KSE30 (its
          constituents: 5 % for 5 minutes halts PSX), by --pct % (−90 … 90, not 0) over --seconds (1–3600);
          the running server's leader starts it within a second (audited)`;

/**
 * What a scenario may move: the simulator's crypto pairs (the built-in ones and listed token sales, what the
 * leader's market holds) and the KSE-30.
 */
async function isScenarioSymbol(db: Db, symbol: string): Promise<boolean> {
  if (symbol === HALT_INDEX) return true; // the KSE-30 moves through its constituents: the market-wide halt
  if (buildUniverse().some((s) => s.ins.market === 'crypto' && s.ins.symbol === symbol)) return true;
  return (await listedTokenSales(db)).some((d) => d.symbol === symbol);
}

export async function marketCrashCommand(
  db: Db,
  simControls: boolean,
  values: Partial<Record<string, string | boolean>>,
  out: (line: string) => void,
  usage: (message: string) => Error,
): Promise<void> {
  const arg = (name: string) => {
    const v = values[name];
    if (typeof v !== 'string' || v === '') throw usage(`--${name} is required`);
    return v;
  };
  const symbol = arg('symbol');
  const pctText = arg('pct');
  const secondsText = arg('seconds');
  const pctBp = pctBasisPoints(pctText);
  if (pctBp === null) throw usage(`--pct must be −90 … 90, not 0, with at most 2 decimals, got "${pctText}"`);
  if (!/^[1-9][0-9]{0,3}$/.test(secondsText) || Number(secondsText) > 3600)
    throw usage(`--seconds must be 1 to 3600, got "${secondsText}"`);
  if (!simControls)
    throw new BackofficeError(
      'simControlsOff',
      'simulator controls are off (run the server and this with SIM_CONTROLS=1)',
    );
  if (!(await isScenarioSymbol(db, symbol)))
    throw new BackofficeError('unknownPair', `${symbol} is not a crypto pair of the simulator or KSE30`);
  const seconds = Number(secondsText);
  const id = await requestScenario(db, CLI_ACTOR, { symbol, pctBp, seconds }, Date.now());
  out(JSON.stringify({ command: 'market-crash', id, symbol, pct: (pctBp / 100).toFixed(2), seconds }));
}
