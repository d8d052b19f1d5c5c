// Where a node's CPU went, from a V8 CPU profile (`BENCH_CPU_PROF=<dir> npx tsx bench/server/main.ts orders`
// writes one per node): self time by package (node_modules/<name>), our own code by file, and Node's internals,
// then the heaviest functions. `npx tsx bench/server/cpu-profile-summary.ts <file.cpuprofile> [top]`.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

function where(url: string): string {
  if (!url) return '(native / V8)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return url;
  const own = /\/(server|contract|workers)\/(.*)$/.exec(url);
  return own ? `${own[1]}/${own[2]}` : url;
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: cpu-profile-summary.ts <file.cpuprofile> [top]');
const top = Number(topArg ?? 25);
const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
for (let i = 0; i < p.samples.length; i++) {
  const id = p.samples[i]!;
  selfUs.set(id, (selfUs.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
}
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const idle = [...selfUs].reduce(
  (s, [id, us]) => (byId.get(id)?.callFrame.functionName === '(idle)' ? s + us : s),
  0,
);
const busy = total - idle;
const tally = (key: (n: ProfileNode) => string) => {
  const m = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const n = byId.get(id)!;
    if (n.callFrame.functionName === '(idle)') continue;
    m.set(key(n), (m.get(key(n)) ?? 0) + us);
  }
  return [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
};
const pct = (us: number) => `${((100 * us) / busy).toFixed(1)}%`.padStart(6);
console.log(`profile ${(total / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s`);
console.log('\nself time by place:');
for (const [k, us] of tally((n) => where(n.callFrame.url))) console.log(pct(us), k);
console.log('\nself time by function:');
for (const [k, us] of tally(
  (n) =>
    `${n.callFrame.functionName || '(anonymous)'} ${where(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`,
))
  console.log(pct(us), k);
