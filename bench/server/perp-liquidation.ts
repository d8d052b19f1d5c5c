// The leader's liquidation check on a mark tick (issue 16, "Tests and bench": over 100,000 open positions,
// ≤ 5 ms, exact), on SQLite (a migrated database in a temp DATA_DIR, WAL, synchronous=FULL, as the server runs):
// 100,000 open positions (10,000 accounts × 10 pairs of mixed grids, both sides, leverage 1–50×, notional
// 10–40,000 USDT, a tenth with a stop-loss) plus 5,000 closed ones. Measured, one mark tick at a time:
//  - check: the read that finds the crossed positions of every pair of the tick (crossedPositions through the
//    (symbol, side, liq_price) index), the marks a seeded walk of ±3 % so some positions cross on most ticks;
//  - engine tick: PerpEngine.onMarks for the 10 pairs with nothing crossed (the pairs held, the liquidation
//    read, the TP/SL triggers reached, the premium sample): what the leader spends on an ordinary tick;
//  - liquidating k crossed positions (a separate step: each in its own transaction, re-read under its account's
//    lock, closed at the mark through the ledger, its owner's message written), on an 11th pair whose k
//    positions were opened through openAtMarket.
// Before measuring, the set found for every pair at many marks is compared with a brute-force scan of all rows.
// Alone: `npx tsx bench/server/perp-liquidation.ts` (PERP_BENCH_POSITIONS=… for a smaller run); writes
// bench/results/perp-liquidation.json (BENCH_QUICK=1: 10,000 positions, written to the temp directory).
import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { formatMinor } from '../../contract/money.ts';
import { crossed, initialMargin, liquidationPrice } from '../../contract/perp/position.ts';
import { tiersOf } from '../../contract/perp/tiers.ts';
import { openDatabase } from '../../server/db/database.ts';
import { CRYPTO_PAIRS } from '../../server/domain/market/crypto-pairs.ts';
import { postRecord } from '../../server/domain/ledger/post.ts';
import { MarkBook, type MarkTick } from '../../server/domain/perp/mark-book.ts';
import { TAKER_RATE } from '../../server/domain/perp/perp-config.ts';
import { PerpEngine } from '../../server/domain/perp/perp-engine.ts';
import type { PerpMarket } from '../../server/domain/perp/perp-grid.ts';
import { liquidateCrossed } from '../../server/domain/perp/perp-liquidation.ts';
import { openAtMarket, type PerpDeps } from '../../server/domain/perp/perp-orders.ts';
import {
  crossedPositions,
  reachedTriggers,
  saveLeverage,
  symbolsWithPositions,
} from '../../server/domain/perp/positions-repo.ts';
import type { Instrument, Ticker } from '../../workers/protocol/market.ts';
import { prng } from '../calc/seeded.ts';
import { machine, round } from './support.ts';

const QUICK = process.env['BENCH_QUICK'] === '1';
const POSITIONS = Number(process.env['PERP_BENCH_POSITIONS'] ?? (QUICK ? 10_000 : 100_000));
const PAIRS = CRYPTO_PAIRS.slice(0, 10);
const [LIQ_BASE, , , LIQ_PRICE, LIQ_PD, LIQ_QD] = CRYPTO_PAIRS[10]!; // the pair of the liquidation rounds
const ACCOUNTS = Math.ceil(POSITIONS / PAIRS.length);
const TICKS = QUICK ? 50 : 100;
const LIQ_ROUNDS = QUICK ? 2 : 5;
const LIQ_K = 10;
const TARGET_MS = 5;
const RESULTS = QUICK
  ? join(os.tmpdir(), 'pk-trade-perp-liquidation-quick.json')
  : 'bench/results/perp-liquidation.json';
const NOW = 1_800_000_000_000;
const log = (...a: unknown[]) => console.log('[perp liquidation bench]', ...a);

const rnd = prng(1616_2);
const units = (x: number, d: number) => BigInt(Math.max(1, Math.round(x * 10 ** d)));

// ---- the market: every pair at a settable last price (bid = ask = last), so the mark is the last price
const last = new Map<string, bigint>();
const instruments = new Map<string, Instrument>();
for (const [base, , , price, pd, qd] of [...PAIRS, CRYPTO_PAIRS[10]!]) {
  const symbol = `${base}USDT`;
  instruments.set(symbol, {
    symbol,
    nameEn: base,
    nameUr: base,
    sector: 'crypto',
    market: 'crypto',
    quote: 'USDT',
    base,
    tickSize: (10 ** -pd).toFixed(pd),
    lotSize: qd === 0 ? '1' : (10 ** -qd).toFixed(qd),
    priceDecimals: pd,
    qtyDecimals: qd,
  });
  last.set(symbol, units(Number(price), pd));
}
const market: PerpMarket = {
  now: () => NOW,
  instrument: (s) => instruments.get(s),
  ticker: (s): Ticker | undefined => {
    const ins = instruments.get(s);
    if (!ins) return undefined;
    const p = formatMinor(last.get(s)!, ins.priceDecimals);
    return { s, p, o: p, h: p, l: p, pc: p, c: '0', cp: '0', v: '0', q: '0', b: p, a: p, st: 'open', t: 0 };
  },
};

// ---- the database
const dataDir = mkdtempSync(join(os.tmpdir(), 'pk-trade-perp-bench-'));
const database = await openDatabase({ dataDir });
const db = database.db;

interface Pos {
  id: number;
  account: number;
  symbol: string;
  side: 'long' | 'short';
  liq: bigint | null;
  open: boolean;
}
const rows: Pos[] = [];
/** Per pair: the highest long LP and the lowest short LP at which nothing is crossed (the engine tick's band). */
const band = new Map<string, { lo: bigint; hi: bigint }>();
let plan = '';

log(
  `seeding ${POSITIONS.toLocaleString('en')} open positions over ${ACCOUNTS.toLocaleString('en')} accounts`,
);
{
  const raw = new BetterSqlite3(database.file!);
  raw.pragma('synchronous = OFF');
  const user = raw.prepare(
    `INSERT INTO users (area_code, phone, account, password_hash, invite_code, created_at)
     VALUES ('+92', ?, ?, 'x', ?, 0) RETURNING id`,
  );
  const account = raw.prepare(
    `INSERT INTO accounts (user_id, type, created_at) VALUES (?, 'demo', 0) RETURNING id`,
  );
  const position = raw.prepare(
    `INSERT INTO perp_positions (account_id, symbol, side, qty, entry_value, margin, leverage, liq_price,
       sl_price, status, opened_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0) RETURNING id`,
  );
  raw.transaction(() => {
    const accounts: number[] = [];
    for (let a = 0; a < ACCOUNTS + 50; a++) {
      const { id: u } = user.get(`+92390${String(a).padStart(7, '0')}`, `b${a}`, `PB${a}`) as { id: number };
      accounts.push((account.get(u) as { id: number }).id);
    }
    const closedEvery = 20; // 5 % more rows, closed: the check must not find them
    for (let i = 0; i < POSITIONS + Math.floor(POSITIONS / closedEvery); i++) {
      const open = i < POSITIONS;
      const [base, , , price, pd, qd] = PAIRS[i % PAIRS.length]!;
      const symbol = `${base}USDT`;
      const anchor = Number(price);
      const grid = { priceDecimals: pd, qtyDecimals: qd };
      for (;;) {
        const side = rnd() < 0.5 ? 'long' : 'short';
        const leverage = 1 + Math.floor(rnd() * 50);
        const entry = units(anchor * (0.97 + rnd() * 0.06), pd);
        const qty = units((10 + rnd() * 40_000) / anchor, qd);
        const im = initialMargin(grid, qty, entry, leverage);
        const margin = rnd() < 0.3 ? im + (im * BigInt(Math.floor(rnd() * 50))) / 100n : im;
        const math = { side: side === 'long' ? 1 : -1, qty, entryValue: qty * entry, margin } as const;
        const liq = liquidationPrice(grid, tiersOf(base), math, TAKER_RATE);
        const a = units(anchor, pd);
        // nothing crossed (nor a stop-loss reached) within ±2 % of the anchor: the engine tick's marks stay within 1 %
        if (open && liq !== null && (side === 'long' ? liq * 100n >= a * 98n : liq * 100n <= a * 102n))
          continue;
        const sl = open && rnd() < 0.1 && liq !== null ? (side === 'long' ? liq + 1n : liq - 1n) : null;
        const account = accounts[open ? Math.floor(i / PAIRS.length) : ACCOUNTS + (i % 50)]!;
        const { id } = position.get(
          account,
          symbol,
          side,
          qty,
          qty * entry,
          margin,
          leverage,
          liq,
          sl,
          open ? 'open' : 'closed',
        ) as { id: number };
        rows.push({ id, account, symbol, side, liq, open });
        break;
      }
    }
  })();
  raw.pragma('synchronous = FULL');
  plan = raw
    .prepare(
      `EXPLAIN QUERY PLAN SELECT id FROM perp_positions
       WHERE symbol = ? AND side = 'long' AND status = 'open' AND liq_price >= ?`,
    )
    .all('BTCUSDT', 9_000_000)
    .map((r) => (r as { detail: string }).detail)
    .join('; ');
  raw.close();
  for (const [base, , , price, pd] of PAIRS) {
    const a = units(Number(price), pd);
    band.set(`${base}USDT`, { lo: (a * 99n) / 100n + 1n, hi: (a * 101n) / 100n - 1n });
  }
}

// ---- exactness: the set found equals a brute-force scan of every row, at many marks of every pair
const bySymbol = new Map<string, Pos[]>();
for (const r of rows) bySymbol.set(r.symbol, [...(bySymbol.get(r.symbol) ?? []), r]);
const bruteForce = (symbol: string, mark: bigint) =>
  bySymbol
    .get(symbol)!
    .filter((r) => r.open && crossed(r.side === 'long' ? 1 : -1, r.liq, mark))
    .map((r) => r.id)
    .sort((a, b) => a - b);
let checked = 0;
for (const [base, , , price, pd] of PAIRS) {
  const symbol = `${base}USDT`;
  for (const f of [0.5, 0.8, 0.9, 0.95, 0.97, 0.985, 0.99, 1, 1.01, 1.015, 1.03, 1.05, 1.1, 1.2, 2]) {
    const mark = units(Number(price) * f, pd);
    const want = bruteForce(symbol, mark);
    const got = (await crossedPositions(db, symbol, mark)).map((p) => p.id);
    if (got.join() !== want.join())
      throw new Error(`${symbol} at ${mark}: found ${got.length} positions, a scan finds ${want.length}`);
    checked += want.length;
  }
}
log(`plan: ${plan}`);
log(
  `exact: the crossed sets at 15 marks of each of ${PAIRS.length} pairs equal a scan (${checked} positions)`,
);

// ---- check: the crossed positions of every pair on a tick (marks walking ±3 % around the anchors)
const walk = PAIRS.map(([, , , price]) => Number(price));
const tickMarks = (spread: number, inBand: boolean): MarkTick[] =>
  PAIRS.map(([base, , , price, pd], j) => {
    const anchor = Number(price);
    walk[j] = Math.min(
      anchor * (1 + spread),
      Math.max(anchor * (1 - spread), walk[j]! * (1 + (rnd() - 0.5) / 100)),
    );
    let mark = units(walk[j]!, pd);
    const b = band.get(`${base}USDT`)!;
    if (inBand) mark = mark < b.lo ? b.lo : mark > b.hi ? b.hi : mark;
    return { symbol: `${base}USDT`, mark, last: mark };
  });

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const summary = (ms: number[]) => ({
  meanMs: round(ms.reduce((a, b) => a + b, 0) / ms.length, 3),
  p50Ms: round(percentile(ms, 50), 3),
  p99Ms: round(percentile(ms, 99), 3),
  maxMs: round(Math.max(...ms), 3),
});

/** One tick's check: crossedPositions of every pair; the time of each pair's read and of the whole. */
async function checkTicks(spread: number, inBand: boolean) {
  const tickMs: number[] = [];
  const pairMs: number[] = [];
  let found = 0;
  for (let t = 0; t < TICKS + 20; t++) {
    const marks = tickMarks(spread, inBand);
    const t0 = performance.now();
    let n = 0;
    for (const m of marks) {
      const p0 = performance.now();
      n += (await crossedPositions(db, m.symbol, m.mark)).length;
      if (t >= 20) pairMs.push(performance.now() - p0);
    }
    if (t < 20) continue; // warm-up
    tickMs.push(performance.now() - t0);
    found += n;
  }
  return {
    ...summary(tickMs),
    perPair: summary(pairMs),
    crossedPerTickMean: round(found / TICKS, 1),
    targetMs: TARGET_MS,
    targetMet: percentile(tickMs, 50) <= TARGET_MS,
  };
}
const check = await checkTicks(0.01, true);
log(
  `check, ${PAIRS.length} pairs a tick, none crossed: mean ${check.meanMs} ms, p50 ${check.p50Ms}, p99 ${check.p99Ms}`,
);
// Marks walking within ±3 %, where positions cross on most ticks and stay (nothing liquidates them here): the
// read's cost with many rows to return, more than a real tick finds (the engine liquidates what crossed).
const checkCrossing = await checkTicks(0.03, false);
log(
  `check, ±3 % marks: ${checkCrossing.crossedPerTickMean} found a tick, mean ${checkCrossing.meanMs} ms, ` +
    `p50 ${checkCrossing.p50Ms}, p99 ${checkCrossing.p99Ms}`,
);

// ---- the engine tick's other reads, each alone: the pairs held, and the TP/SL triggers reached on every pair
const timed = async (f: () => Promise<unknown>) => {
  const ms: number[] = [];
  for (let t = 0; t < 40; t++) {
    const t0 = performance.now();
    await f();
    if (t >= 10) ms.push(performance.now() - t0);
  }
  return summary(ms);
};
const heldRead = await timed(() => symbolsWithPositions(db));
const triggersRead = await timed(async () => {
  for (const m of tickMarks(0.01, true)) await reachedTriggers(db, m.symbol, m);
});
log(
  `pairs held: mean ${heldRead.meanMs} ms; TP/SL reached on ${PAIRS.length} pairs: mean ${triggersRead.meanMs} ms`,
);

// ---- the engine's whole tick with nothing crossed
const marks = new MarkBook(market);
const deps: PerpDeps = { db, market, marks };
const engine = new PerpEngine(deps, { onError: (e) => console.error(e) });
engine.active = true;
const engineMs: number[] = [];
for (let t = 0; t < TICKS + 20; t++) {
  const tick = tickMarks(0.01, true);
  const t0 = performance.now();
  await engine.onMarks(tick, NOW);
  if (t >= 20) engineMs.push(performance.now() - t0);
}
const engineTick = summary(engineMs);
log(
  `engine tick, nothing crossed: mean ${engineTick.meanMs} ms, p50 ${engineTick.p50Ms}, p99 ${engineTick.p99Ms}`,
);

// ---- liquidating k crossed positions (their own pair, opened through the ledger)
const liqSymbol = `${LIQ_BASE}USDT`;
const liqPair = marks.pair(liqSymbol)!;
const liqAccounts = (
  await db.selectFrom('accounts').select('id').orderBy('id', 'desc').limit(LIQ_K).execute()
).map((a) => a.id);
const liqMs: number[] = [];
for (let r = 0; r < LIQ_ROUNDS; r++) {
  last.set(liqSymbol, units(Number(LIQ_PRICE), LIQ_PD));
  for (const a of liqAccounts) {
    await postRecord(db, {
      kind: 'test_grant',
      ref: `perp-bench:${a}:${r}`,
      accountId: a,
      now: NOW,
      legs: [
        { system: 'test_funding', asset: 'USDT', amount: -1_000_000_000n },
        { accountId: a, book: 'contract', asset: 'USDT', amount: 1_000_000_000n },
      ],
    });
    await saveLeverage(db, a, liqSymbol, 50, NOW);
    await openAtMarket(
      deps,
      {
        accountId: a,
        clientId: `bench-${r}-${a}`,
        symbol: liqSymbol,
        side: 'long',
        qty: formatMinor(units(500 / Number(LIQ_PRICE), LIQ_QD), LIQ_QD),
      },
      NOW,
    );
  }
  const open = await db
    .selectFrom('perp_positions')
    .select('liq_price')
    .where('symbol', '=', liqSymbol)
    .where('status', '=', 'open')
    .execute();
  // one tick below the lowest LP: every one crossed, none past its bankruptcy price
  const mark = open.reduce((m, p) => (p.liq_price! < m ? p.liq_price! : m), open[0]!.liq_price!) - 1n;
  last.set(liqSymbol, mark);
  const t0 = performance.now();
  const done = await liquidateCrossed(db, liqPair, mark, NOW);
  liqMs.push(performance.now() - t0);
  if (done.length !== LIQ_K || done.some((e) => e.action !== 'liquidation'))
    throw new Error(`round ${r}: ${done.length} liquidations of ${LIQ_K}`);
}
const liquidation = {
  k: LIQ_K,
  rounds: LIQ_ROUNDS,
  ...summary(liqMs),
  perPositionMs: round(liqMs.reduce((a, b) => a + b, 0) / liqMs.length / LIQ_K, 3),
};
log(`liquidating ${LIQ_K}: mean ${liquidation.meanMs} ms (${liquidation.perPositionMs} ms a position)`);

await database.close();
rmSync(dataDir, { recursive: true, force: true });
const out = {
  at: machine(),
  quick: QUICK,
  method:
    `SQLite (WAL, synchronous=FULL) in a temp DATA_DIR, migrated; ${POSITIONS} open positions over ` +
    `${PAIRS.length} pairs (${ACCOUNTS} accounts × ${PAIRS.length}) and ${Math.floor(POSITIONS / 20)} closed ` +
    `ones, seeded. check: crossedPositions for each of the ${PAIRS.length} pairs of one mark tick, ${TICKS} ` +
    `ticks after 20 of warm-up, marks a walk of ±1 % a tick within ±3 % of the anchors (some cross). ` +
    `engineTick: PerpEngine.onMarks for the ${PAIRS.length} pairs with every mark where nothing is crossed ` +
    `(symbolsWithPositions, crossedPositions and reachedTriggers per pair; a tenth of the positions have a ` +
    `stop-loss). liquidation: liquidateCrossed of ${LIQ_K} crossed positions on another pair, opened through ` +
    `openAtMarket (ledger, notices), ${LIQ_ROUNDS} rounds. Exactness: the set found at 15 marks of every pair ` +
    `equals a brute-force scan of all rows. One process on a shared 2-core machine (see loadAverageAtStart).`,
  positions: POSITIONS,
  pairs: PAIRS.length,
  exactness: { marksPerPair: 15, positionsCompared: checked },
  check,
  checkCrossing,
  engineTick,
  engineReads: { pairsHeld: heldRead, triggersReached: triggersRead },
  liquidation,
};
writeFileSync(RESULTS, `${JSON.stringify(out, null, 2)}\n`);
log(`written to ${RESULTS}`);
