// Typed CSS Modules: writes `x.module.css.d.ts` beside every `src/**/x.module.css`, naming exactly the classes
// the stylesheet defines, so a mistyped or deleted class is a type error (Vite's own `*.module.css` type maps
// every name to `string | undefined`). `npm run css-types` writes them; `--check` only reports stale ones (the
// unit test tests/unit/styles/css-modules.test.ts runs the same check in `npm test`).
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
export const SRC = join(ROOT, 'src');

/** Every file under `dir` whose name ends with `suffix`, sorted. */
export function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(suffix))
    .map((f) => join(dir, f))
    .sort();
}

/** The local class names a module defines (comments and `:global(...)` parts left out), sorted. */
export function moduleClasses(css: string): string[] {
  const text = css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/:global\([^)]*\)/g, '')
    .replace(/url\([^)]*\)/g, '')
    .replace(/'[^']*'|"[^"]*"/g, '');
  const names = new Set<string>();
  for (const m of text.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) names.add(m[1]!);
  return [...names].sort();
}

/** The declaration for one module (formatted as Prettier would). */
export function moduleDeclaration(cssFile: string, css: string): string {
  const name = cssFile.split('/').pop()!;
  const keys = moduleClasses(css).map(
    (c) => `  readonly ${/^[A-Za-z_$][\w$]*$/.test(c) ? c : `'${c}'`}: string;`,
  );
  return [
    `// Generated from ${name} by scripts/css-module-types.ts (npm run css-types): do not edit.`,
    keys.length
      ? `declare const styles: {\n${keys.join('\n')}\n};`
      : 'declare const styles: Record<never, string>;',
    'export default styles;',
    '',
  ].join('\n');
}

/** Modules whose declaration is missing, out of date or left behind, as paths relative to the repository. */
export function staleDeclarations(write: boolean): string[] {
  const stale: string[] = [];
  for (const file of filesUnder(SRC, '.module.css')) {
    const want = moduleDeclaration(file, readFileSync(file, 'utf8'));
    let have = '';
    try {
      have = readFileSync(`${file}.d.ts`, 'utf8');
    } catch {
      // not written yet
    }
    if (have === want) continue;
    stale.push(relative(ROOT, file));
    if (write) writeFileSync(`${file}.d.ts`, want);
  }
  for (const dts of filesUnder(SRC, '.module.css.d.ts')) {
    const css = dts.slice(0, -'.d.ts'.length);
    if (existsSync(css)) continue;
    stale.push(relative(ROOT, css));
    if (write) rmSync(dts);
  }
  return stale;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const check = process.argv.includes('--check');
  const stale = staleDeclarations(!check);
  for (const f of stale) console.log(`${check ? 'stale' : 'wrote'} ${f}.d.ts`);
  if (check && stale.length) process.exit(1);
}
