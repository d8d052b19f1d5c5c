// Checks that a production build carries no bench code: no module from bench/ in any source map (the naive
// baselines, the bench probe, the bench entry) and none of the bench probe's page parameters or globals in
// the shipped files. `npm test` runs it on dist/ right after the build. With --expect-bench it checks the
// opposite (every marker present), to prove on the bench build (dist-bench/) that the check can see them.
//
//   node scripts/check-dist.mjs [dir=dist] [--expect-bench]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const expectBench = args.includes('--expect-bench');
const dir = args.find((a) => !a.startsWith('--')) ?? 'dist';

/** Strings only bench/app/ code holds (minifying keeps string literals; identifiers are not reliable). */
const MARKERS = ['benchBook', 'benchFlushMs', '__bench'];
/**
 * A bundled module under bench/, or named like the bench's modules wherever it lives (source maps name every
 * module that went in): the naive baselines and the probe used to sit in src/market/.
 */
const BENCH_SOURCE =
  /(^|\/)bench\/|(^|\/)(bench-probe|naive-[\w-]+|[\w-]*baseline[\w-]*)\.tsx?$|\/baseline\//;

function files(d) {
  return readdirSync(d, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(d, e.name)) : [path.join(d, e.name)],
  );
}

const found = new Map(); // marker or "bench/ module" → files
const note = (what, file) => found.set(what, [...(found.get(what) ?? []), file]);
const all = files(dir);
if (!all.some((f) => f.endsWith('.js'))) {
  console.error(`check-dist: no .js files in ${dir}/: build first`);
  process.exit(2);
}
for (const file of all) {
  if (file.endsWith('.map')) {
    const { sources = [] } = JSON.parse(readFileSync(file, 'utf8'));
    for (const s of sources) if (BENCH_SOURCE.test(s.replace(/^(\.\.\/)+/, ''))) note(`module ${s}`, file);
  } else if (/\.(js|html|css)$/.test(file)) {
    const text = readFileSync(file, 'utf8');
    for (const m of MARKERS) if (text.includes(m)) note(m, file);
  }
}

if (expectBench) {
  const missing = [...MARKERS, 'a bench/ module'].filter((m) =>
    m === 'a bench/ module' ? ![...found.keys()].some((k) => k.startsWith('module ')) : !found.has(m),
  );
  if (missing.length) {
    console.error(`check-dist: ${dir}/ should be a bench build but lacks: ${missing.join(', ')}`);
    process.exit(1);
  }
  console.log(`check-dist: ${dir}/ carries the bench code (${found.size} markers and modules seen)`);
} else if (found.size) {
  console.error(`check-dist: bench code in ${dir}/:`);
  for (const [what, where] of found) console.error(`  ${what}  (${[...new Set(where)].join(', ')})`);
  process.exit(1);
} else {
  console.log(`check-dist: ${dir}/ carries no bench code (${all.length} files)`);
}
