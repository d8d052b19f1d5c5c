// The house's import boundaries as data (CONVENTIONS rules 1, 3, 4, 8): one zone per ESLint rule, each naming
// the files it governs and what they may not import. eslint/boundaries-plugin.js turns every zone into its own
// rule (`boundaries/<name>`), so the zones add up: no config block can replace another zone's bans the way a
// second `no-restricted-imports` block for the same files replaces the first.
//
// Paths are repo-relative prefixes ('src/shared/' is the folder, 'src/shared/state/jotai.ts' one file).
// A ban names repo paths (`paths`, matched after resolving the import against the importing file) and/or
// packages (`packages`: the name or any subpath of it, e.g. 'jotai' also bans 'jotai/utils'). `only` turns
// the zone into an allow-list. `exceptOwnFolder` allows the importing file's own folder one level under the
// banned path (a feature may import itself, not another feature).

/** @type {import('./boundary-zones.d.ts').Zone[]} */
export const ZONES = [
  {
    name: 'feature-isolation',
    files: ['src/features/'],
    ban: { paths: ['src/features/'], exceptOwnFolder: true },
    message:
      'A feature does not import another feature; src/app/ composes them, src/shared/ holds what both need.',
  },
  {
    name: 'features-below-app',
    files: ['src/features/', 'src/market/'],
    ban: { paths: ['src/app/'] },
    message: 'Features and src/market/ do not import src/app/: app composes them (shared → features → app).',
  },
  {
    name: 'shared-layer',
    files: ['src/shared/'],
    ban: { paths: ['src/features/', 'src/app/', 'src/market/'] },
    message: 'src/shared/ imports no feature, no src/app/ and no src/market/: it sits below all of them.',
  },
  {
    name: 'worker-by-url',
    files: ['src/'],
    ban: { paths: ['workers/market/'] },
    message:
      'The app never imports the market worker: src/market/bridge.ts starts it by URL, and the app shares only workers/protocol/ with it.',
  },
  {
    name: 'market-door',
    files: ['src/'],
    exceptFiles: ['src/market/'],
    ban: { packages: ['comlink'] },
    message: 'Only src/market/ talks to the worker (comlink); features read its atoms and hooks.',
  },
  {
    name: 'app-not-server',
    files: ['src/'],
    ban: { paths: ['server/', 'bench/', 'tests/', 'scripts/'] },
    message: 'The app ships to users: it imports no server, bench, test or script code.',
  },
  {
    name: 'jotai-wrapper',
    files: ['src/'],
    exceptFiles: ['src/shared/state/jotai.ts'],
    ban: { packages: ['jotai', 'jotai-family'] },
    message: 'Import jotai and jotai-family through src/shared/state/jotai.ts (one store, one door).',
  },
  {
    name: 'admin-bundle',
    files: ['src/admin/'],
    only: { paths: ['src/admin/', 'src/shared/', 'contract/'], packages: ['react', 'react-dom'] },
    message:
      'The operator console (src/admin/) is its own bundle: it imports only itself, src/shared/, contract/ and React.',
  },
  {
    name: 'admin-apart',
    files: ['src/', 'workers/', 'server/', 'contract/'],
    exceptFiles: ['src/admin/'],
    ban: { paths: ['src/admin/'] },
    message:
      'Nothing imports the operator console (src/admin/): it is a separate bundle, never linked from the app.',
  },
  {
    name: 'worker-program',
    files: ['workers/'],
    ban: { paths: ['src/', 'server/', 'bench/', 'tests/', 'scripts/'] },
    message: 'The worker is its own program: it imports nothing from src/, server/, bench/ or tests/.',
  },
  {
    name: 'server-isolation',
    files: ['server/'],
    ban: { paths: ['src/', 'workers/market/', 'bench/', 'tests/'] },
    message:
      'The server imports no app or worker code: only workers/protocol/ and contract/ are shared with it.',
  },
  {
    name: 'contract-deps',
    files: ['contract/'],
    // @noble/hashes: audited pure-JS hashes (keccak-256, sha256) for the crypto address checks, no Node, no DOM.
    only: { paths: ['contract/'], packages: ['typebox', '@noble/hashes'] },
    message:
      'contract/ imports only typebox, @noble/hashes and itself: it is shared by server, worker and app (no Node, no DOM).',
  },
];
