// The server as one ES module (esbuild: our TypeScript bundled, every package left to node_modules), for the
// browser tests, which start about sixty servers: `node --import tsx server/main.ts` spends about 2 s of each
// start compiling and loading ~600 modules through tsx's loader hooks, the bundle loads in a fraction of that.
// `npm start` and production keep running the sources through tsx; the bundle is the same code.
//
// Files that find their neighbours through `import.meta.url` (the migrations, the locales) would look next to
// the bundle instead, so each file's `import.meta.url` is replaced with its own source file's URL.
import { readFile, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** @type {import('esbuild').Plugin} */
const sourceUrls = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      return {
        contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: 'ts',
        resolveDir: dirname(args.path),
      };
    });
  },
};

/** Bundles server/main.ts into `outFile` (written beside it, then renamed: a reader never sees half a file). */
export async function bundleServer(outFile, root = process.cwd()) {
  const tmp = `${outFile}.${process.pid}.tmp.mjs`;
  await build({
    entryPoints: [join(root, 'server/main.ts')],
    absWorkingDir: root,
    outfile: tmp,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
    plugins: [sourceUrls],
  });
  await rename(tmp, outFile);
  return outFile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await bundleServer(process.argv[2] ?? '.tmp/server-bundle/main.mjs'));
}
