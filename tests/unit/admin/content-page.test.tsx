// @vitest-environment jsdom
// The console's content page while a banner image is uploading: Save is refused until the image's key is back,
// so a banner is never sent without the image the operator chose (the server would answer "image missing" and
// the upload's "Saved." would then hide that answer).
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContentPage } from '../../../src/admin/content-page.tsx';
import { LangContext } from '../../../src/admin/lang.ts';

let finishUpload: (() => void) | null = null;
const posts: string[] = [];

beforeEach(() => {
  posts.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/content/images')) {
        await new Promise<void>((resolve) => (finishUpload = resolve));
        return Response.json({ code: 0, msg: '', data: { key: 'abc.jpg' } });
      }
      if (init?.method === 'POST') posts.push(url);
      return Response.json({ code: 0, msg: '', data: [] });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('content page, banner upload', () => {
  it('keeps Save off while the image uploads, and on once its key is back', async () => {
    render(
      <LangContext.Provider value="en-US">
        <ContentPage />
      </LangContext.Provider>,
    );
    const form = screen.getByTestId('content-form-banners');
    const file = new File([new Uint8Array([1, 2, 3])], 'b.png', { type: 'image/png' });
    fireEvent.change(within(form).getByLabelText('Image (JPEG, PNG or WebP)'), { target: { files: [file] } });
    const save = within(form).getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.submit(form);
    await act(async () => {
      await Promise.resolve();
    });
    expect(posts.filter((u) => u.endsWith('/content/banners'))).toEqual([]);
    await act(async () => {
      finishUpload?.();
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(save).toHaveProperty('disabled', false);
  });
});
