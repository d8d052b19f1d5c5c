// The market snapshot as the leader stores it in Redis for the other nodes (routes/market/cluster-market.ts):
// JSON, compressed, behind a version byte, so a later format can be told apart and an unknown one is ignored
// (the reader then waits for the next snapshot) rather than misread. Brotli at a low quality: the JSON is
// about 1.9 MB of repetitive numbers and names, written every 5 s, and read by every node that starts or lost
// its place (measured: bench/server/snapshot-codec.ts). Compressing and decompressing run on libuv's thread
// pool (node:zlib's async form), not on the event loop that serves the sockets.
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants } from 'node:zlib';
import type { MarketSnapshot } from './market-snapshot.ts';

/** Version 1: brotli of the snapshot's JSON (UTF-8). */
export const SNAPSHOT_V1 = 1;

/** The quality written; measured as the best trade of size against the leader's CPU every 5 s. */
export const SNAPSHOT_BROTLI_QUALITY = 4;

const compress = promisify(brotliCompress);
const decompress = promisify(brotliDecompress);

/** JSON, then brotli, behind the version byte. */
export async function encodeSnapshot(snap: MarketSnapshot): Promise<Buffer> {
  const json = Buffer.from(JSON.stringify(snap), 'utf8');
  const body = await compress(json, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: SNAPSHOT_BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
    },
  });
  return Buffer.concat([Buffer.of(SNAPSHOT_V1), body]);
}

/**
 * The snapshot in `stored`, or undefined when there is none or it cannot be read: an unknown version, a
 * damaged body. A snapshot a node of the previous release wrote (plain JSON, starting with `{`) is read too,
 * so nodes can be upgraded one at a time.
 */
export async function decodeSnapshot(stored: Buffer | null): Promise<MarketSnapshot | undefined> {
  if (!stored || stored.length === 0) return undefined;
  try {
    if (stored[0] === 0x7b) return JSON.parse(stored.toString('utf8')) as MarketSnapshot;
    if (stored[0] !== SNAPSHOT_V1) return undefined;
    const json = await decompress(stored.subarray(1));
    return JSON.parse(json.toString('utf8')) as MarketSnapshot;
  } catch {
    return undefined;
  }
}
