// Scoped CSS is enforced, not hoped for: outside src/styles/ (the true globals: tokens, reset, fonts, the
// layout shell and the primitives that plain markup still uses) every stylesheet in src/ is a CSS Module, so two
// features cannot define the same class; and every module's typed declaration names exactly its classes.
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  filesUnder,
  moduleClasses,
  moduleDeclaration,
  SRC,
  staleDeclarations,
} from '../../../scripts/css-module-types.ts';

const GLOBAL_DIR = 'styles/';

describe('CSS in src/', () => {
  it('is a CSS Module everywhere but src/styles/', () => {
    const global = filesUnder(SRC, '.css')
      .map((f) => relative(SRC, f))
      .filter((f) => !f.endsWith('.module.css') && !f.startsWith(GLOBAL_DIR));
    expect(global, 'rename to *.module.css and import its classes').toEqual([]);
  });

  it('has an up-to-date typed declaration beside every module (npm run css-types)', () => {
    expect(staleDeclarations(false)).toEqual([]);
  });
});

describe('the declaration generator', () => {
  it('lists local classes once, skipping comments, strings, urls and :global()', () => {
    const css = `/* .fromComment */ .a, .b-c:hover { content: '.inString'; background: url(x.png) }
      .a .d { } :global(.shell) .e { } @media (min-width: 1.5em) { .f { inline-size: 0.5px } }`;
    expect(moduleClasses(css)).toEqual(['a', 'b-c', 'd', 'e', 'f']);
    expect(moduleDeclaration('x.module.css', '.a{}.b-c{}')).toContain("readonly 'b-c': string;");
  });
});
