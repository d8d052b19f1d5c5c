// Builds the operator console (admin/index.html → src/admin/main.tsx) into dist/admin/, after the app's build
// (`npm run build` runs both): a bundle of its own, so nothing of it is in the app's chunks, its Vite manifest,
// its first-route budget (scripts/check-first-route.mjs) or the service worker's precache (which the app's
// build has already written, and which skips admin/ besides).
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressDir } from './scripts/build/precompress.ts';

const OUT = 'dist';

/** The .br/.gz copies of the console's files only (the app's build compressed its own). */
function precompressAdmin(): Plugin {
  return {
    name: 'pk-precompress-admin',
    apply: 'build',
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompressDir(path.resolve(OUT, 'admin'));
      },
    },
  };
}

export default defineConfig({
  base: '/',
  publicDir: false,
  plugins: [react(), precompressAdmin()],
  build: {
    target: 'es2022',
    outDir: OUT,
    // dist/ holds the app's build: only dist/admin/ is the console's.
    emptyOutDir: false,
    sourcemap: false,
    assetsDir: 'admin/assets',
    modulePreload: { polyfill: false },
    rolldownOptions: { input: 'admin/index.html' },
  },
});
