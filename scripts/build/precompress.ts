// Build step: writes a brotli (.br) and a gzip (.gz) copy beside every text file in dist/, at the
// strongest settings (done once per release, so the build pays and phones on slow data do not), for
// @fastify/static's `preCompressed` to serve. Binary files (woff2 fonts, PNG) are compressed already
// and are left alone; a copy that would not be smaller than its file is not written.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; source maps too, since devtools fetch them over the same link. */
const TEXT_FILE = /\.(?:html|js|mjs|css|json|webmanifest|svg|txt|xml|map)$/;

export async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

export interface CompressedSizes {
  file: string;
  raw: number;
  br: number | null;
  gz: number | null;
}

/** Compresses one file; returns the sizes written (null where the copy would not be smaller). */
export async function precompressFile(file: string): Promise<CompressedSizes> {
  const data = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  const keep = async (copy: Buffer, ext: string) => {
    if (copy.length >= data.length) {
      await fs.rm(file + ext, { force: true });
      return null;
    }
    await fs.writeFile(file + ext, copy);
    return copy.length;
  };
  return { file, raw: data.length, br: await keep(br, '.br'), gz: await keep(gz, '.gz') };
}

export async function precompressDir(dir: string): Promise<CompressedSizes[]> {
  const files = (await listFiles(dir)).filter((f) => TEXT_FILE.test(f));
  const out: CompressedSizes[] = [];
  // Two at a time: brotli 11 is CPU-bound and the build machines have two cores.
  for (let i = 0; i < files.length; i += 2) {
    out.push(...(await Promise.all(files.slice(i, i + 2).map(precompressFile))));
  }
  return out;
}

/**
 * Vite plugin: precompresses dist/ once everything else is written (the service worker included, which is
 * why this runs last and in sequence).
 */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'pk-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const sizes = await precompressDir(outDir);
        const sum = (k: 'raw' | 'br' | 'gz') => sizes.reduce((n, s) => n + (s[k] ?? s.raw), 0);
        this.info?.(
          `precompressed ${sizes.length} files: ${sum('raw')} B → br ${sum('br')} B, gzip ${sum('gz')} B`,
        );
      },
    },
  };
}
