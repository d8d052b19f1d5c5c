// Lazy page chunks with the spec's 120 s chunk time-out (§2, §9). A chunk that does not arrive in time, or
// cannot be fetched at all, becomes a ChunkLoadError that the route's error screen reports (spec §8).
import type { ComponentType } from 'react';
import { ensureAllTexts } from '../shared/i18n/i18n.ts';

export const CHUNK_TIMEOUT_MS = 120_000;

export type ChunkErrorKind = 'timeout' | 'missing';

export class ChunkLoadError extends Error {
  readonly kind: ChunkErrorKind;
  constructor(kind: ChunkErrorKind, cause?: unknown) {
    super(`chunk load error: ${kind}`, { cause });
    this.name = 'ChunkLoadError';
    this.kind = kind;
  }
}

export function isChunkLoadError(e: unknown): e is ChunkLoadError {
  return e instanceof ChunkLoadError;
}

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/** Races the dynamic import against a timer; any import failure is reported as a missing chunk. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    load().then(
      (mod) => {
        clearTimeout(timer);
        resolve(mod);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('missing', err));
      },
    );
  });
}

/**
 * React Router's `lazy` for a page module. Unless the page shows only the first screens' texts, the rest of
 * the texts comes with it (fetched in parallel, failing the same way).
 */
export function lazyPage(
  load: PageLoader,
  { allTexts = true, timeoutMs = CHUNK_TIMEOUT_MS }: { allTexts?: boolean; timeoutMs?: number } = {},
) {
  return async () => {
    const [mod] = await Promise.all([
      loadChunk(load, timeoutMs),
      allTexts ? loadChunk(ensureAllTexts, timeoutMs) : undefined,
    ]);
    return { Component: mod.default };
  };
}
