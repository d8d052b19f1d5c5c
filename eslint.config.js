// Lint gates: typescript-eslint recommended, React hooks rules, and the house's import boundaries
// (shared → features → app; the market worker is reached only through src/market/).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'bench/results', 'data', 'coverage'] },
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
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/workers/market/**'],
              message: 'The app reaches the worker only through src/market/, and never imports server code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**', '**/market/**'],
              message: 'shared/ must not import features, app or market.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/app/**'], message: 'Features do not import app/; app composes features.' },
            {
              group: ['**/workers/market/**', 'comlink'],
              message: 'Market data comes from src/market/ only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['workers/**/*.ts'],
    languageOptions: { globals: globals.worker },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/src/**', '**/server/**'], message: 'The worker is its own program.' }] },
      ],
    },
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
