// Configuration is read once: nothing under server/ reads process.env except main.ts (which hands it to
// loadConfig), config.ts (loadConfig and its documentation) and the one entry line of each command-line tool.
// A plugin or a domain module that needs a setting takes it from `app.config` (or its caller), never from the
// environment, so a test's or a node's configuration is the whole truth.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(__dirname, '../../../server');
/** Files that may read the environment anywhere. */
const WHOLE_FILES = new Set(['main.ts', 'config.ts']);
/** Command-line tools: only their entry line, which hands process.env to the tool's main. */
const CLI_FILES = new Set(['tools/backoffice.ts', 'tools/operator.ts', 'domain/ledger/self-check.ts']);
const CLI_ENTRY = /^\s*process\.exitCode = await \w+\(.*process\.env/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|mts|js|mjs)$/.test(e.name) ? [full] : [];
  });
}

/** `file:line: text` of every line reading the environment outside the allowed places. */
export function envReadsOutsideAllowed(root: string): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(root)) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (WHOLE_FILES.has(rel)) continue;
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (!/process\s*\.\s*env|process\s*\[\s*['"]env['"]\s*\]/.test(line)) return;
        // A comment that names process.env reads nothing.
        if (/^\s*(\/\/|\/?\*)/.test(line)) return;
        if (CLI_FILES.has(rel) && CLI_ENTRY.test(line)) return;
        found.push(`${rel}:${i + 1}: ${line.trim()}`);
      });
  }
  return found;
}

describe('configuration read once', () => {
  it('no module under server/ reads process.env but main.ts, config.ts and the tools’ entry lines', () => {
    expect(envReadsOutsideAllowed(SERVER)).toEqual([]);
  });

  it('would catch a plugin reading the environment (the check itself works)', () => {
    const tmp = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'env-reads-'));
    try {
      fs.mkdirSync(path.join(tmp, 'plugins'));
      fs.mkdirSync(path.join(tmp, 'tools'));
      fs.writeFileSync(path.join(tmp, 'main.ts'), 'const c = loadConfig(process.env);\n');
      fs.writeFileSync(
        path.join(tmp, 'plugins', 'x.ts'),
        "// reads no process.env\nconst tick = process.env['MARKET_TICK'];\n",
      );
      fs.writeFileSync(
        path.join(tmp, 'tools', 'backoffice.ts'),
        'process.exitCode = await run(process.argv.slice(2), process.env);\nconst u = process.env.DATABASE_URL;\n',
      );
      expect(envReadsOutsideAllowed(tmp)).toEqual([
        "plugins/x.ts:2: const tick = process.env['MARKET_TICK'];",
        'tools/backoffice.ts:2: const u = process.env.DATABASE_URL;',
      ]);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
