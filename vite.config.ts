// Builds the React app (main thread) and the market worker into dist/, served by server/ in production.
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { i18nAlias } from './scripts/build/i18n-alias.ts';
import { nastaliqSubsetPlugin } from './scripts/build/nastaliq-subset.ts';
import { precompressPlugin } from './scripts/build/precompress.ts';
import { serviceWorkerPlugin } from './scripts/build/service-worker-plugin.ts';

const packageDir = (name: string) =>
  path.dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

export default defineConfig({
  base: '/',
  // The Nastaliq subsets stand in for the @fontsource files; the service worker's manifest is written when
  // dist/ is complete; precompression runs after it (last).
  plugins: [nastaliqSubsetPlugin(), react(), serviceWorkerPlugin(), precompressPlugin()],
  resolve: {
    alias: [
      // RxJS (the market worker's) in its ES2015 build: native classes instead of the ES5 one's tslib helpers;
      // bundlers reach it only through the `es2015` export condition, which Vite does not use.
      { find: /^rxjs$/, replacement: path.join(packageDir('rxjs'), 'dist/esm/index.js') },
      ...i18nAlias,
    ],
  },
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: what each module's chunk imports, read by scripts/check-first-route.mjs.
    manifest: true,
    // The CSP forbids inline scripts, so never inline the module preload polyfill.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // Everything the entry imports, in one file: split by what lazy pages share, it came as some
              // twenty small files, each a request (and its headers) of its own before the first screen.
              // The service worker (its own entry) stays one self-contained script.
              name: 'shell',
              tags: ['$initial'],
              test: (id) => !id.includes('/src/sw/'),
            },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: apiTarget, ws: true },
    },
  },
});
