// `i18next` and `react-i18next` are the app's own small versions (src/shared/i18n/shim/, why in its i18next.ts):
// the build and the tests resolve the bare names to them, as tsconfig's `paths` do for the type checker, so the
// app's imports stay the usual ones.
import path from 'node:path';

const shim = path.resolve(import.meta.dirname, '../../src/shared/i18n/shim');

export const i18nAlias = [
  { find: /^i18next$/, replacement: path.join(shim, 'i18next.ts') },
  { find: /^react-i18next$/, replacement: path.join(shim, 'react-i18next.tsx') },
];
