// The bench build: the app's Vite config and the app's own index.html, with its entry swapped for the bench
// entry (bench/app/main.tsx: the app plus the bench probe and the naive baselines), built into dist-bench/,
// which the bench runners serve with STATIC_DIR. The production build (vite.config.ts → dist/) never sees
// bench/, and the bench page cannot drift from the app's (one index.html).
import { fileURLToPath } from 'node:url';
import { mergeConfig, type Plugin } from 'vite';
import app from '../../vite.config.ts';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const APP_ENTRY = '/src/main.tsx';

const benchEntry: Plugin = {
  name: 'bench-entry',
  transformIndexHtml: {
    // Before Vite reads the page's module scripts, so the bench entry is what gets bundled.
    order: 'pre',
    handler(html) {
      if (!html.includes(`src="${APP_ENTRY}"`)) throw new Error(`index.html no longer loads ${APP_ENTRY}`);
      return html.replace(`src="${APP_ENTRY}"`, 'src="/bench/app/main.tsx"');
    },
  },
};

export default mergeConfig(app, {
  root: repo,
  plugins: [benchEntry],
  build: { outDir: `${repo}dist-bench`, emptyOutDir: true },
});
