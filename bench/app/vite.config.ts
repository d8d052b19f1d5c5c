// The bench build: the app's Vite config with bench/app/ as the root, so its index.html (the app's, with the
// bench entry main.tsx) becomes dist-bench/index.html, which the bench runners serve with STATIC_DIR.
// The production build (vite.config.ts → dist/) never sees bench/.
import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vite';
import app from '../../vite.config.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));

export default mergeConfig(app, {
  root: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: `${repo}public`,
  envDir: repo,
  build: { outDir: `${repo}dist-bench`, emptyOutDir: true },
});
