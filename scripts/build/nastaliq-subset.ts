// Build step: Noto Nastaliq Urdu (from @fontsource) subset to the characters the app can show, so an Urdu first
// visit downloads ~110 KB per weight instead of ~160 KB. The subsetter is harfbuzz's (subset-font, WebAssembly,
// runs offline); it keeps every OpenType layout feature and closes GSUB over the kept characters, so Nastaliq's
// contextual forms, ligatures and mark and cursive positioning shape exactly as in the full font.
//
// The characters kept (decided here; README "Fonts"):
// - every Arabic-script character of the Urdu texts (locales/ur-PK/*.json) and of the sources that carry Urdu
//   outside them (company and index names from the market simulator, weekday names, index.html);
// - everything a user may type in Urdu: the Urdu alphabet with its hamza and yeh forms, the Arabic letters
//   Urdu keyboards also produce (ك ي ى ة ه), the diacritics (zabar, zer, pesh, tanwin, shadda, sukun, khari
//   zabar, hamza above and below), both sets of Arabic digits, Urdu punctuation, the tatweel and the joiners
//   and direction marks. Letters of other languages written in Arabic script (Sindhi, Pashto, Balochi extras)
//   are not kept: the browser draws them in its own Arabic font.
//
// The subsets are written to .tmp/fonts/ (not committed; the same inputs give the same bytes) only when an
// input changed, and the plugin points Vite at them wherever the app imports the @fontsource files (the
// stylesheet's @font-face and the market worker's font URL), so the sources keep naming the real font.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

export const NASTALIQ_WEIGHTS = [400, 700] as const;
/** The app's imports of the @fontsource files the subsets stand in for. */
const FONTSOURCE_IMPORT =
  /^@fontsource\/noto-nastaliq-urdu\/files\/noto-nastaliq-urdu-arabic-(400|700)-normal\.woff2/;
const OUT_DIR = '.tmp/fonts';

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join('');

/** What a user may type in Urdu (see the top of this file). */
export const URDU_TYPING = [
  'ءآأؤإئابپتٹثجچحخدڈذرڑزژسشصضطظعغفقکگلمنںوہھءیےۓۂۃۀ', // Urdu alphabet, hamza and yeh forms
  'كيىةه', // the Arabic letters Urdu keyboards also produce
  range(0x064b, 0x0655), // tanwin, zabar, zer, pesh, shadda, sukun, maddah, hamza above and below
  '\u0670', // khari zabar
  range(0x0660, 0x0669), // Arabic-Indic digits
  range(0x06f0, 0x06f9), // Extended Arabic-Indic digits (Urdu's)
  '،؛؟۔٪٫٬ـ', // comma, semicolon, question mark, full stop, percent, decimal and thousands separators, tatweel
  range(0x200c, 0x200f), // ZWNJ, ZWJ, LRM, RLM
].join('');

/**
 * The characters the page draws in Nastaliq: the @font-face unicode-range of styles/fonts.css (and of the market
 * worker's face, src/market/cells.ts), which a browser test holds to this one.
 */
export const NASTALIQ_UNICODE_RANGE =
  'U+0600-06FF, U+0750-077F, U+0870-08FF, U+FB50-FDFF, U+FE70-FEFF, U+200C-200E, U+2010-2011, U+204F, U+2E41';

/** A regular expression matching any character of a CSS unicode-range. */
export function unicodeRangePattern(cssRange: string): RegExp {
  const parts = cssRange.split(',').map((part) => {
    const [from = '', to = from] = part.trim().replace(/^U\+/i, '').split('-');
    const u = (hex: string) => `\\u{${hex}}`;
    return from === to ? u(from) : `${u(from)}-${u(to)}`;
  });
  return new RegExp(`[${parts.join('')}]`, 'gu');
}

const NASTALIQ_RANGE = unicodeRangePattern(NASTALIQ_UNICODE_RANGE);

/** Files whose Urdu reaches the screen: the UI texts, and the sources that carry Urdu of their own. */
async function textSources(root: string): Promise<string[]> {
  const under = async (dir: string, ext: RegExp) =>
    (await fs.readdir(path.join(root, dir), { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile() && ext.test(e.name))
      .map((e) => path.join(e.parentPath, e.name));
  return [
    ...(await under('locales/ur-PK', /\.json$/)),
    ...(await under('src', /\.tsx?$/)),
    ...(await under('workers', /\.ts$/)),
    ...(await under('server/domain/market', /\.ts$/)),
    path.join(root, 'index.html'),
  ].sort();
}

/** The characters the subsets keep, sorted (so the same inputs give the same subset and stamp). */
export async function nastaliqCharacters(root: string): Promise<string> {
  const chars = new Set(URDU_TYPING);
  for (const file of await textSources(root))
    for (const c of (await fs.readFile(file, 'utf8')).match(NASTALIQ_RANGE) ?? []) chars.add(c);
  return [...chars].sort().join('');
}

export interface SubsetResult {
  weight: number;
  file: string;
  bytes: number;
  originalBytes: number;
}

/** Writes (or keeps, when nothing changed) the subsets of both weights into root/.tmp/fonts/. */
export async function writeNastaliqSubsets(root: string): Promise<SubsetResult[]> {
  const require = createRequire(path.join(root, 'package.json'));
  const text = await nastaliqCharacters(root);
  const tool = (require('subset-font/package.json') as { version: string }).version;
  const outDir = path.join(root, OUT_DIR);
  await fs.mkdir(outDir, { recursive: true });
  const results: SubsetResult[] = [];
  for (const weight of NASTALIQ_WEIGHTS) {
    const source = require.resolve(
      `@fontsource/noto-nastaliq-urdu/files/noto-nastaliq-urdu-arabic-${weight}-normal.woff2`,
    );
    const original = await fs.readFile(source);
    const stamp = crypto.createHash('sha256').update(original).update(text).update(tool).digest('hex');
    const file = subsetPath(root, weight);
    const stampFile = `${file}.stamp`;
    const fresh = await fs
      .readFile(stampFile, 'utf8')
      .then((s) => s === stamp)
      .catch(() => false);
    if (!fresh || !(await exists(file))) {
      const subset = await subsetFont(original, text, { targetFormat: 'woff2' });
      await fs.writeFile(file, subset);
      await fs.writeFile(stampFile, stamp);
    }
    results.push({ weight, file, bytes: (await fs.stat(file)).size, originalBytes: original.length });
  }
  return results;
}

export function subsetPath(root: string, weight: number | '$1'): string {
  // Named like the original so the built asset keeps a telling name (plus Vite's content hash).
  return path.join(root, OUT_DIR, `noto-nastaliq-urdu-arabic-${weight}-normal.woff2`);
}

const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

/**
 * Vite plugin (build and dev server): makes the subsets before anything is bundled, and aliases the app's
 * imports of the @fontsource Nastaliq files to them. An alias, because Vite applies aliases to CSS url()s
 * too (the stylesheet's @font-face), which plugins' resolveId hooks do not see; a `?url` import keeps its query.
 */
export function nastaliqSubsetPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'pk-nastaliq-subset',
    config(config) {
      root = path.resolve(config.root ?? process.cwd());
      return {
        resolve: {
          alias: [{ find: FONTSOURCE_IMPORT, replacement: subsetPath(root, '$1') }],
        },
      };
    },
    async buildStart() {
      const results = await writeNastaliqSubsets(root);
      this.info?.(
        `Nastaliq subset: ${results.map((r) => `${r.weight} ${r.originalBytes} → ${r.bytes} B`).join(', ')}`,
      );
    },
  };
}
