// The market snapshot the leader writes to Redis every 5 s (routes/market/cluster-market.ts): its size and the
// time to produce and read it, as plain JSON (before) and compressed (server/domain/market/snapshot-codec.ts),
// at a few gzip levels and brotli qualities, so the choice is measured. The market is the default simulator
// (PSX open, a minute of steps) on a temporary SQLite database. Part of `npx tsx bench/server/main.ts`
// (`snapshot`); alone: `npx tsx bench/server/snapshot-codec.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { openDatabase } from '../../server/db/database.ts';
import { SimulatedMarket } from '../../server/domain/market/simulated-market.ts';
import {
  decodeSnapshot,
  encodeSnapshot,
  SNAPSHOT_BROTLI_QUALITY,
} from '../../server/domain/market/snapshot-codec.ts';
import { round } from './support.ts';

/** Median milliseconds of `fn` over `runs` runs (after one warm-up run). */
function timeMs(fn: () => unknown, runs = 7): number {
  fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return round(times.sort((a, b) => a - b)[Math.floor(runs / 2)]!, 1);
}

async function timeAsyncMs(fn: () => Promise<unknown>, runs = 7): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return round(times.sort((a, b) => a - b)[Math.floor(runs / 2)]!, 1);
}

export async function snapshotBench() {
  const dir = mkdtempSync(join(os.tmpdir(), 'pk-trade-bench-snapshot-'));
  const database = await openDatabase({ dataDir: dir });
  try {
    const market = await SimulatedMarket.open(database.db, {
      seed: 'psx-sim-1',
      alwaysOpen: true,
      historyDays: 3,
      minuteDays: 1,
    });
    // A minute of feed steps at the default 4 per second, so books, tapes and candles are as a live node has them.
    for (let i = 0; i < 240; i++) market.step();
    const snap = market.snapshot();
    const json = Buffer.from(JSON.stringify(snap), 'utf8');
    const plain = {
      bytes: json.length,
      stringifyMs: timeMs(() => JSON.stringify(snap)),
      parseMs: timeMs(() => JSON.parse(json.toString('utf8'))),
    };
    const options = [
      ...[1, 6, 9].map((level) => ({
        name: `gzip ${level}`,
        pack: () => gzipSync(json, { level }),
        unpack: (b: Buffer) => gunzipSync(b),
      })),
      ...[1, 4, 5, 6, 9].map((quality) => ({
        name: `brotli ${quality}`,
        pack: () =>
          brotliCompressSync(json, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: quality,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
            },
          }),
        unpack: (b: Buffer) => brotliDecompressSync(b),
      })),
    ].map((o) => {
      const packed = o.pack();
      return {
        codec: o.name,
        bytes: packed.length,
        ratio: round(json.length / packed.length, 1),
        compressMs: timeMs(o.pack, 5),
        decompressMs: timeMs(() => o.unpack(packed), 5),
      };
    });
    const stored = await encodeSnapshot(snap);
    const chosen = {
      codec: `version byte + brotli ${SNAPSHOT_BROTLI_QUALITY} (snapshot-codec.ts)`,
      bytes: stored.length,
      ratio: round(json.length / stored.length, 1),
      encodeMs: await timeAsyncMs(() => encodeSnapshot(snap)),
      decodeMs: await timeAsyncMs(() => decodeSnapshot(stored)),
    };
    await market.stop();
    return {
      method:
        'The snapshot of the default simulator (PSX open) after 240 feed steps, on this machine. Plain: ' +
        'JSON.stringify (what was stored before) and JSON.parse. Each codec: sync node:zlib on the JSON, ' +
        'median of 5 runs; chosen: encodeSnapshot/decodeSnapshot as the nodes call them (stringify + compress ' +
        'on the thread pool; decompress + parse), median of 7.',
      plain,
      codecs: options,
      chosen,
    };
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await snapshotBench(), null, 2));
}
