// Reduces the streaming bench's runs to medians, checks them against the targets, prints the table and
// writes bench/results/stream.json in the shape the issue fixes (extra detail in extra keys).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { median, type WindowResult } from './metrics.ts';

export type Mode = 'ours' | 'baseline';

export interface Scenario {
  symbols: number;
  updatesPerSymbolPerSec: number;
  bookLevels: number;
  bookHz: number;
  seconds: number;
  reps: number;
}

export interface RunRecord extends WindowResult {
  mode: Mode;
  rep: number;
  /** |offered − delivered| / offered > 2 %: the run measured a different load than offered. */
  void: boolean;
  deliveredPct: number;
  /** Frames the feed held back because the client's socket buffer was over its high-water mark. */
  skippedFrames: number;
}

/** The keys the issue fixes, in its order. */
export const SUMMARY_KEYS = [
  'mainThreadBusyPct',
  'longTasks',
  'droppedFramesPct',
  'tickToPaintP50Ms',
  'tickToPaintP99Ms',
  'heapMB',
] as const;
export type Summary = Record<(typeof SUMMARY_KEYS)[number], number>;

const round = (x: number, d = 2) => (Number.isFinite(x) ? Math.round(x * 10 ** d) / 10 ** d : null);

/** Medians over the valid (non-void) runs of one mode; NaN when there is none. */
export function summarise(runs: readonly RunRecord[], mode: Mode): Summary {
  const ok = runs.filter((r) => r.mode === mode && !r.void);
  const out = {} as Summary;
  for (const k of SUMMARY_KEYS) out[k] = median(ok.map((r) => r[k]));
  return out;
}

export interface TargetCheck {
  name: string;
  value: number;
  limit: string;
  pass: boolean;
}

export function checkTargets(ours: Summary, baseline: Summary): TargetCheck[] {
  const ratio = baseline.mainThreadBusyPct / ours.mainThreadBusyPct;
  return [
    {
      name: 'ours main-thread busy',
      value: ours.mainThreadBusyPct,
      limit: '≤ 10 %',
      pass: ours.mainThreadBusyPct <= 10,
    },
    { name: 'ours long tasks', value: ours.longTasks, limit: '= 0', pass: ours.longTasks === 0 },
    {
      name: 'ours dropped frames',
      value: ours.droppedFramesPct,
      limit: '≤ 1 %',
      pass: ours.droppedFramesPct <= 1,
    },
    {
      name: 'ours tick-to-paint p99',
      value: ours.tickToPaintP99Ms,
      limit: '≤ 100 ms',
      pass: ours.tickToPaintP99Ms <= 100,
    },
    { name: 'ours JS heap', value: ours.heapMB, limit: '≤ 50 MB', pass: ours.heapMB <= 50 },
    { name: 'baseline busy ÷ ours busy', value: ratio, limit: '≥ 5×', pass: ratio >= 5 },
  ];
}

function cell(x: number): string {
  const r = round(x, 1);
  return r === null ? 'n/a' : String(r);
}

export function printReport(
  scenario: Scenario,
  runs: readonly RunRecord[],
  ours: Summary,
  baseline: Summary,
): void {
  const log = (s = '') => process.stdout.write(`${s}\n`);
  log(
    `\nstream bench: ${scenario.symbols} symbols × ${scenario.updatesPerSymbolPerSec}/s, ` +
      `book ${scenario.bookLevels} levels @ ${scenario.bookHz} Hz, ${scenario.seconds} s × ${scenario.reps} reps`,
  );
  log('\nruns:');
  log(
    '  mode      rep  busy%  longT  LoAF  drop%  p50ms  p99ms  heapMB (main+worker)  offered  delivered  verdict',
  );
  for (const r of runs) {
    log(
      `  ${r.mode.padEnd(8)}  ${String(r.rep).padStart(3)}  ${cell(r.mainThreadBusyPct).padStart(5)}  ` +
        `${String(r.longTasks).padStart(5)}  ${String(r.longAnimationFrames).padStart(4)}  ` +
        `${cell(r.droppedFramesPct).padStart(5)}  ${cell(r.tickToPaintP50Ms).padStart(5)}  ` +
        `${cell(r.tickToPaintP99Ms).padStart(5)}  ${cell(r.heapMB).padStart(6)} (${cell(r.mainHeapMB)}+${cell(r.workerHeapMB)})`.padEnd(
          82,
        ) +
        `  ${String(r.offered).padStart(7)}  ${String(r.delivered).padStart(9)}  ` +
        (r.void ? `VOID (${cell(r.deliveredPct)} % delivered)` : 'ok'),
    );
  }
  log('\nmedians (valid runs):');
  log('  metric                 ours      baseline');
  for (const k of SUMMARY_KEYS)
    log(`  ${k.padEnd(20)} ${cell(ours[k]).padStart(8)}  ${cell(baseline[k]).padStart(10)}`);
  log('\ntargets:');
  for (const t of checkTargets(ours, baseline)) {
    log(`  ${t.pass ? 'PASS' : 'MISS'}  ${t.name.padEnd(28)} ${cell(t.value).padStart(8)}  (${t.limit})`);
  }
}

export function writeResults(
  path: string,
  scenario: Scenario,
  runs: readonly RunRecord[],
  ours: Summary,
  baseline: Summary,
  notes: Record<string, unknown>,
): void {
  const clean = (s: Summary) => Object.fromEntries(SUMMARY_KEYS.map((k) => [k, round(s[k])]));
  const body = {
    scenario,
    ours: clean(ours),
    baseline: clean(baseline),
    targets: checkTargets(ours, baseline).map((t) => ({ ...t, value: round(t.value) })),
    runs: runs.map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? round(v) : v])),
    ),
    notes,
  };
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(body, null, 2)}\n`);
}
