// Lint gates: typescript-eslint recommended, React hooks rules, and the house's import boundaries
// (eslint/boundary-zones.js: shared → features → app, one feature never imports another, the market worker is
// reached only through src/market/, worker, server and contract stay their own programs, one jotai door).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundaries, boundaryRules } from './eslint/boundaries-plugin.js';

export default tseslint.config(
  { ignores: ['dist', 'dist-bench', 'node_modules', 'bench/results', 'data', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
          message: 'Use node:crypto (server) or a seeded PRNG (simulator).',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Math'][callee.property.name='random']",
          message: 'Use node:crypto (server) or a seeded PRNG (simulator).',
        },
        {
          selector: 'JSXAttribute[name.name=/^on(Wheel|TouchMove)(Capture)?$/]',
          message:
            'The React root does not listen for wheel or touchmove (src/app/scroll-input.ts: they would reach the main thread every frame of a scroll). Use a native listener on the element.',
        },
      ],
    },
  },
  {
    files: ['workers/**/*.ts'],
    languageOptions: { globals: globals.worker },
  },
  {
    // The app's forms run the contract's schema builders: `Type.X` through the named export lets the bundler
    // keep only the builders used (about 2 KB gzip); the default export is the whole library (about 20 KB).
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'typebox',
              importNames: ['default'],
              message: "Import { Type } from 'typebox' (tree-shaken), not its default export.",
            },
          ],
        },
      ],
    },
  },
  {
    // The bench build's page code (bench/app/): the app plus the bench probe and baselines, in the browser.
    files: ['bench/app/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
  },
  {
    // The import boundaries (eslint/boundary-zones.js): one rule per zone, all in this one block, so no block
    // for a narrower set of files can replace another zone's bans. Keep it last but for the plain overrides.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { boundaries },
    rules: boundaryRules,
  },
  {
    files: [
      'server/**/*.ts',
      'scripts/**/*.{mjs,ts}',
      'tests/**/*.{ts,tsx}',
      'bench/**/*.ts',
      '*.config.{js,ts}',
      '.ci/**',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['server/domain/market/**/*.ts', 'tests/**/*.{ts,tsx}', 'bench/**/*.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
