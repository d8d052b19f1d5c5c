// Builds the React app (main thread) and the market worker into dist/, served by server/ in production.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { nastaliqSubsetPlugin } from './scripts/build/nastaliq-subset.ts';
import { precompressPlugin } from './scripts/build/precompress.ts';
import { serviceWorkerPlugin } from './scripts/build/service-worker-plugin.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

export default defineConfig({
  base: '/',
  // The Nastaliq subsets stand in for the @fontsource files; the service worker's manifest is written when
  // dist/ is complete; precompression runs after it (last).
  plugins: [nastaliqSubsetPlugin(), react(), serviceWorkerPlugin(), precompressPlugin()],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The CSP forbids inline scripts, so never inline the module preload polyfill.
    modulePreload: { polyfill: false },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: apiTarget, ws: true },
    },
  },
});
