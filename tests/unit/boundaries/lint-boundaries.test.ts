// Proves the import boundaries hold: plants one violating import per boundary rule (eslint/boundary-zones.js)
// in a throwaway tree in the temp directory, lints only those files with the repo's own eslint.config.js, and
// checks each fails with the rule meant for it (and only that one) while clean files pass. Also checks that
// every boundary rule is still on in every zone's resolved config (no later block switched one off), and that
// the cycle check finds a planted cycle and none in the repo.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZONES } from '../../../eslint/boundary-zones.js';
import { importCycles, importGraph, sourceFiles } from './import-graph.ts';

const REPO = path.resolve(import.meta.dirname, '../../..');

/** file → its source, and the boundary rules it must break (empty: it must pass). */
const PLANTED: Record<string, { code: string; rules: string[] }> = {
  'src/features/alpha/uses-beta.ts': {
    code: "import type { Beta } from '../beta/beta-thing.ts';\nexport type A = Beta;\n",
    rules: ['feature-isolation'],
  },
  'src/features/alpha/uses-app.tsx': {
    code: "export { routes } from '../../app/routes.ts';\n",
    rules: ['features-below-app'],
  },
  'src/features/alpha/uses-worker.ts': {
    code: "import '../../../workers/market/market-service.ts';\n",
    rules: ['worker-by-url'],
  },
  'src/features/alpha/uses-comlink.ts': {
    code: "import { wrap } from 'comlink';\nexport const w = wrap;\n",
    rules: ['market-door'],
  },
  'src/shared/uses-market.ts': {
    code: "export * from '../market/hooks.ts';\n",
    rules: ['shared-layer'],
  },
  // The app-wide ban still applies inside src/shared/ (a second no-restricted-imports block used to drop it).
  'src/shared/uses-server.ts': {
    code: "import '../../server/app.ts';\n",
    rules: ['app-not-server'],
  },
  'src/shared/uses-jotai.ts': {
    code: "import { atom } from 'jotai';\nexport const a = atom(0);\n",
    rules: ['jotai-wrapper'],
  },
  'src/market/uses-jotai-family.ts': {
    code: "import { atomFamily } from 'jotai-family';\nexport const f = atomFamily;\n",
    rules: ['jotai-wrapper'],
  },
  'workers/market/uses-app.ts': {
    code: "import '../../src/shared/format/numbers.ts';\n",
    rules: ['worker-program'],
  },
  'server/uses-worker.ts': {
    code: "import '../workers/market/calc/pnl.ts';\n",
    rules: ['server-isolation'],
  },
  'src/admin/uses-feature.ts': {
    code: "import '../features/alpha/clean.ts';\n",
    rules: ['admin-bundle'],
  },
  'src/shared/uses-admin.ts': {
    code: "import '../admin/api.ts';\n",
    rules: ['admin-apart'],
  },
  'contract/uses-node.ts': {
    code: "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
    rules: ['contract-deps'],
  },
  // Clean: a feature importing itself, shared code and src/market; the wrapper importing jotai; the server
  // importing the protocol and the contract; the contract importing typebox and itself.
  'src/features/alpha/clean.ts': {
    code: [
      "import type { Local } from './local/local-thing.ts';",
      "import { formatMoney } from '../../shared/format/numbers.ts';",
      "import { useTicker } from '../../market/hooks.ts';",
      'export type L = Local;',
      'export const both = [formatMoney, useTicker];',
      '',
    ].join('\n'),
    rules: [],
  },
  'src/shared/state/jotai.ts': { code: "export { atom } from 'jotai';\n", rules: [] },
  'server/clean.ts': {
    code: "export * from '../workers/protocol/market.ts';\nexport * from '../contract/ws.ts';\n",
    rules: [],
  },
  'contract/clean.ts': {
    code: "import { Type } from 'typebox';\nexport * from './ws.ts';\nexport const T = Type;\n",
    rules: [],
  },
};

let dir = '';
let results: Map<string, ESLint.LintResult>;
let eslint: ESLint;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  for (const [file, { code }] of Object.entries(PLANTED)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), code);
  }
  // The repo's config, with the temp tree as the root its file patterns and the zones are matched against.
  eslint = new ESLint({ cwd: dir, overrideConfigFile: path.join(REPO, 'eslint.config.js') });
  const out = await eslint.lintFiles(Object.keys(PLANTED).map((f) => path.join(dir, f)));
  results = new Map(out.map((r) => [path.relative(dir, r.filePath).split(path.sep).join('/'), r]));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('import boundaries (ESLint)', () => {
  it('has one planted violation for every zone', () => {
    const planted = new Set(Object.values(PLANTED).flatMap((p) => p.rules));
    expect([...planted].sort()).toEqual(ZONES.map((z) => z.name).sort());
  });

  for (const [file, { rules }] of Object.entries(PLANTED)) {
    it(rules.length ? `${file} breaks ${rules.join(', ')}` : `${file} passes`, () => {
      const r = results.get(file);
      expect(r, `${file} was not linted`).toBeDefined();
      const found = r!.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`);
      expect(found).toEqual(rules.map((name) => `boundaries/${name}`));
    });
  }

  it('keeps every boundary rule on in every zone (no later config block switches one off)', async () => {
    const samples = ['src/features/alpha/x.tsx', 'src/shared/x.ts', 'src/market/x.ts', 'src/app/x.tsx'];
    samples.push('workers/market/x.ts', 'workers/protocol/x.ts', 'server/x.ts', 'contract/x.ts');
    for (const file of samples) {
      const config = (await eslint.calculateConfigForFile(path.join(dir, file))) as {
        rules: Record<string, unknown>;
      };
      for (const z of ZONES) {
        const setting = config.rules[`boundaries/${z.name}`];
        expect([setting, file, z.name]).toEqual([[2], file, z.name]);
      }
    }
  });
});

describe('import cycles', () => {
  it('finds a planted type-only cycle', () => {
    const src = path.join(dir, 'cycle');
    mkdirSync(src, { recursive: true });
    writeFileSync(path.join(src, 'a.ts'), "import type { B } from './b.ts';\nexport type A = B;\n");
    writeFileSync(path.join(src, 'b.ts'), "import type { C } from './c.ts';\nexport type B = C;\n");
    writeFileSync(path.join(src, 'c.ts'), "export type { A as C } from './a.ts';\n");
    writeFileSync(path.join(src, 'd.ts'), "import type { A } from './a.ts';\nexport type D = A;\n");
    const cycles = importCycles(importGraph(sourceFiles(dir, ['cycle'])));
    expect(cycles.map((c) => c.map((f) => path.basename(f)))).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('finds none in the repo', () => {
    const files = sourceFiles(REPO, ['src', 'workers', 'server', 'contract', 'bench', 'tests', 'scripts']);
    expect(files.length).toBeGreaterThan(100);
    const cycles = importCycles(importGraph(files)).map((c) => c.map((f) => path.relative(REPO, f)));
    expect(cycles).toEqual([]);
  });
});
