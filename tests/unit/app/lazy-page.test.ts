// Lazy page chunks: a 120 s time-out and a missing chunk both become a ChunkLoadError with their kind.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, lazyPage, loadChunk } from '../../../src/app/lazy-page.ts';

afterEach(() => vi.useRealTimers());

describe('lazy pages', () => {
  it('times out after 120 s', async () => {
    vi.useFakeTimers();
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    const pending = loadChunk(() => new Promise<never>(() => undefined));
    const check = expect(pending).rejects.toMatchObject({ name: 'ChunkLoadError', kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
    await check;
  });

  it('reports a failed import as a missing chunk, keeping the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const err = await loadChunk(() => Promise.reject(cause)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect((err as ChunkLoadError).kind).toBe('missing');
    expect((err as ChunkLoadError).cause).toBe(cause);
  });

  it('hands React Router the module default export as Component', async () => {
    const Page = () => null;
    await expect(lazyPage(async () => ({ default: Page }))()).resolves.toEqual({ Component: Page });
  });
});
