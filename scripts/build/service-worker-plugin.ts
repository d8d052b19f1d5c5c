// Vite plugin: builds src/sw/service-worker.ts into dist/sw.js (a classic script at the root, so its scope is
// the whole app) and, once every file is written, fills in its precache manifest: every file of dist/ that
// the app may need offline (index.html, all chunks of all routes, CSS, fonts, the market worker, manifests),
// with a content hash as revision for the files whose name does not change, and whether it belongs to the
// shell the worker keeps as it installs (the rest waits until the page is idle). Because the manifest is
// inside sw.js, any change to the app changes sw.js, which is how browsers notice a new release.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { MANIFEST_PLACEHOLDER, type PrecacheEntry } from '../../src/sw/precache-manifest.ts';
import { listFiles } from './precompress.ts';

const SW_SOURCE = path.resolve(import.meta.dirname, '../../src/sw/service-worker.ts');
const SW_FILE = 'sw.js';

/**
 * Not precached: source maps and compressed copies (the browser never asks for them), the worker itself,
 * Vite's metadata, and the install icons (the browser fetches those once when installing; the app's own
 * icons are inline SVG), and the operator console (admin/: its own bundle, never part of the app).
 */
const SKIP = /(?:\.map|\.br|\.gz)$|^sw\.js$|^\.vite\/|^icons\/|^admin\//;
/**
 * Kept as the worker installs besides the entry's files: the page, the texts of both languages, and the
 * service worker's registration code (fetched by the page once it has loaded, offline starts included).
 */
const SHELL_FILES = new Set(['index.html']);
const SHELL_MODULES = [
  'src/shared/i18n/texts/ur-PK.ts',
  'src/shared/i18n/texts/en-US.ts',
  'src/shared/pwa/sw-register.ts',
];

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  assets?: string[];
}

/**
 * The shell, from Vite's manifest (dist/.vite/manifest.json): the entry chunk with everything it imports and
 * their CSS, the workers it starts, and the texts. Not the fonts: they are large, the page downloads the ones
 * its language uses anyway, and the rest of the precache picks them up.
 */
export async function shellFiles(outDir: string): Promise<Set<string>> {
  const manifest = JSON.parse(await fs.readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const out = new Set(SHELL_FILES);
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`precache: ${key} is not in Vite's manifest`);
    if (out.has(chunk.file)) return;
    out.add(chunk.file);
    for (const css of chunk.css ?? []) out.add(css);
    for (const asset of chunk.assets ?? []) if (asset.endsWith('.js')) out.add(asset);
    for (const imp of chunk.imports ?? []) add(imp);
  };
  add('index.html');
  for (const m of SHELL_MODULES) add(m);
  return out;
}
/** Vite's hashed output: the name changes whenever the content does. */
const HASHED = /^assets\//;

export async function buildPrecacheManifest(outDir: string): Promise<PrecacheEntry[]> {
  const shell = await shellFiles(outDir);
  const entries: PrecacheEntry[] = [];
  for (const file of await listFiles(outDir)) {
    const rel = path.relative(outDir, file).split(path.sep).join('/');
    if (SKIP.test(rel)) continue;
    const revision = HASHED.test(rel)
      ? null
      : crypto
          .createHash('sha256')
          .update(await fs.readFile(file))
          .digest('hex')
          .slice(0, 16);
    entries.push({ url: `/${rel}`, revision, shell: shell.has(rel) });
  }
  return entries;
}

export function serviceWorkerPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'pk-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: SW_SOURCE, fileName: SW_FILE });
    },
    generateBundle(_options, bundle) {
      const chunk = bundle[SW_FILE];
      if (chunk?.type !== 'chunk') return this.error(`${SW_FILE} was not built`);
      // A classic service worker script cannot import: everything it uses must be inlined into it.
      if (
        chunk.imports.length > 0 ||
        chunk.dynamicImports.length > 0 ||
        /^\s*(?:import|export)\b/m.test(chunk.code)
      ) {
        return this.error(
          `${SW_FILE} must be one self-contained script (it imports ${chunk.imports.join(', ')})`,
        );
      }
    },
    closeBundle: {
      sequential: true,
      async handler() {
        const swPath = path.join(outDir, SW_FILE);
        const code = await fs.readFile(swPath, 'utf8');
        const literal = new RegExp(`(["'\`])${MANIFEST_PLACEHOLDER}\\1`, 'g');
        const found = code.match(literal)?.length ?? 0;
        if (found !== 1)
          throw new Error(`${SW_FILE}: expected the manifest placeholder once, found it ${found} times`);
        const manifest = await buildPrecacheManifest(outDir);
        await fs.writeFile(
          swPath,
          code.replace(literal, () => JSON.stringify(JSON.stringify(manifest))),
        );
        const kept = manifest.filter((e) => e.shell).length;
        this.info?.(`${SW_FILE}: ${manifest.length} files precached, ${kept} as it installs`);
      },
    },
  };
}
