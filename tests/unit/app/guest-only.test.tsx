// @vitest-environment jsdom
// Login and registration are for guests: a signed-in user who opens them goes home, or where ?redirect= said
// (issue 14, 6l); a guest still sees them. The crypto door of login (coinLogin) sends a signed-in user to the
// crypto trading screen instead of home.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { answerAll, ok, useMswServer } from '../support/msw.ts';
import { renderRoutes } from '../support/render-app.tsx';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildRoutes } from '../../../src/app/router.tsx';
import { initI18n } from '../../../src/shared/i18n/i18n.ts';
import { bindSessionToStorage, syncSessionFromStorage } from '../../../src/shared/state/session-atoms.ts';
import { storage } from '../../../src/shared/storage/storage.ts';

useMswServer();
beforeAll(async () => {
  await initI18n('en-US');
  bindSessionToStorage();
});

beforeEach(() => {
  localStorage.clear();
  storage.clearSession();
  syncSessionFromStorage();
  answerAll(() => ok({}));
  window.scrollTo = () => undefined;
});

afterEach(cleanup);

const renderAt = (path: string) => renderRoutes(buildRoutes(), path).router;

describe('guest-only screens', () => {
  it('show login and registration to a guest', async () => {
    renderAt('/pages/account/reg');
    expect(await screen.findByRole('button', { name: 'Register' })).toBeTruthy();
  });

  it.each(['/pages/account/login', '/pages/common/login', '/pages/account/reg'])(
    'send a signed-in user from %s home',
    async (path) => {
      storage.set('userToken', 'tok-real');
      storage.set('userTokenReal', 'tok-real');
      syncSessionFromStorage();
      const router = renderAt(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/pages/tabbar/home'));
    },
  );

  it('show the crypto door of login to a guest, and send a signed-in user from it to crypto trading', async () => {
    renderAt('/pages/account/coinLogin');
    expect(await screen.findByRole('heading', { name: 'Sign in to trade crypto' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    cleanup();
    storage.set('userToken', 'tok-real');
    storage.set('userTokenReal', 'tok-real');
    syncSessionFromStorage();
    const router = renderAt('/pages/account/coinLogin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/coin/index'));
  });

  it('honour a safe ?redirect= and ignore an unsafe one', async () => {
    storage.set('userToken', 'tok-real');
    syncSessionFromStorage();
    const r1 = renderAt('/pages/common/login?redirect=%2Fpages%2Fuser%2Fabout');
    await waitFor(() => expect(r1.state.location.pathname).toBe('/pages/user/about'));
    cleanup();
    const r2 = renderAt('/pages/common/login?redirect=%2F%2Fevil.example');
    await waitFor(() => expect(r2.state.location.pathname).toBe('/pages/tabbar/home'));
  });
});
