// @vitest-environment jsdom
// The shell in a browser-like DOM: the guest guard, the drawer (rows, targets, openAutoApply, login-info
// outcomes, sign-out confirmation) and the back rule. The API is answered at the fetch level (MSW).
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { JsonBodyType } from 'msw';
import { answerAll, calls, HttpResponse, ok, useMswServer } from '../support/msw.ts';
import { renderRoutes } from '../support/render-app.tsx';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRoutes } from '../../../src/app/router.tsx';
import { drawerRows } from '../../../src/app/layout/drawer-menu.ts';
import { initI18n } from '../../../src/shared/i18n/i18n.ts';
import { appStore } from '../../../src/shared/state/jotai.ts';
import { bindSessionToStorage, syncSessionFromStorage } from '../../../src/shared/state/session-atoms.ts';
import { storage } from '../../../src/shared/storage/storage.ts';
import {
  DRAWER_CLOSE_MS,
  DRAWER_OPEN_DELAY_MS,
  closeDrawer,
  drawerPhaseAtom,
  openDrawer,
} from '../../../src/shared/ui/drawer-state.ts';
import { hasInAppHistory } from '../../../src/shared/ui/use-go-back.ts';

type Answer = { code: number; msg: string; data: JsonBodyType };
let answers: Record<string, Answer>;
/** The calls made, as "METHOD path". */
const methodPaths = () => calls.map((c) => `${c.method} ${c.path}`);

const USER = { id: 100042, account: '+923001234567', status: 1, idStatus: 'none' as const };

useMswServer();
beforeAll(async () => {
  await initI18n('en-US');
  bindSessionToStorage();
});

beforeEach(() => {
  localStorage.clear();
  storage.clearSession();
  syncSessionFromStorage();
  appStore.set(drawerPhaseAtom, 'closed');
  answers = {};
  answerAll(
    ({ path }) => (answers[path] ? HttpResponse.json(answers[path]) : undefined),
    () => ok({}),
  );
  window.scrollTo = () => undefined; // jsdom lacks it; ScrollRestoration calls it
  Object.defineProperty(navigator, 'clipboard', {
    value: { writeText: vi.fn(async () => undefined) },
    configurable: true,
  });
});

afterEach(cleanup);

function logIn() {
  storage.set('userTokenReal', 'tok-real');
  storage.set('userTokenDemo', 'tok-demo');
  storage.set('userAccountType', 'real');
  storage.set('userToken', 'tok-real');
  storage.set('userInfo', {
    ...USER,
    areaCode: '+92',
    phone: '3001234567',
    accountType: 'real',
    inviteCode: 'X',
    openAutoApply: 0,
    hasTradePassword: false,
    hasWithdrawPassword: false,
    createdAt: '2025-01-01T00:00:00Z',
  });
}

const renderAt = (path: string) => renderRoutes(buildRoutes(), path).router;

/** The drawer is part of the frame on every page; opened here through the same call home's menu button makes
 * (home itself pulls in the market worker, which jsdom has not got). */
async function openTheDrawer() {
  await screen.findByRole('heading', { name: 'About us' });
  act(() => openDrawer());
  await waitFor(() => expect(screen.getByTestId('drawer').dataset.open).toBe('true'));
}

describe('guest guard', () => {
  it('sends a guest from a private page to login with "please log in first"', async () => {
    const router = renderAt('/pages/tabbar/mine');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/common/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fpages%2Ftabbar%2Fmine');
    expect(await screen.findByText('Please log in first')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('lets a guest open public pages and a logged-in user open private ones', async () => {
    const r1 = renderAt('/pages/common/privacyPolicy');
    expect(await screen.findByRole('heading', { name: 'Privacy policy' })).toBeTruthy();
    expect(r1.state.location.pathname).toBe('/pages/common/privacyPolicy');
    cleanup();
    logIn();
    const r2 = renderAt('/pages/tabbar/mine');
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeTruthy();
    expect(r2.state.location.pathname).toBe('/pages/tabbar/mine');
  });

  it('answers at both login paths', async () => {
    renderAt('/pages/account/login');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    cleanup();
    renderAt('/pages/common/login');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('sends a guest bound for the crypto trading screen to the crypto door of login', async () => {
    const router = renderAt('/pages/coin/index?symbol=ETHUSDT');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/account/coinLogin'));
    expect(router.state.location.search).toBe('?redirect=%2Fpages%2Fcoin%2Findex%3Fsymbol%3DETHUSDT');
    expect(await screen.findByRole('heading', { name: 'Sign in to trade crypto' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Crypto login' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });
});

describe('drawer', () => {
  it('lists the spec rows in order with their targets; auto IPO only when openAutoApply is 1', () => {
    const expected = [
      ['profile', '/pages/user/userInfo'],
      ['deposit', '/pages/recharge/recharge'],
      ['withdraw', '/pages/withdraw/bankWithdraw'],
      ['bank', '/pages/wallet/bankList?type=2'],
      ['security', '/pages/user/security'],
      ['rechargeRecord', '/pages/recharge/bankRecord'],
      ['withdrawRecord', '/pages/withdraw/withdrawRecord'],
      ['funds', '/pages/fundsDetail/stockFundsDetail'],
      ['about', '/pages/user/about'],
    ];
    expect(drawerRows(0).map((r) => [r.id, r.to])).toEqual(expected);
    expect(drawerRows(undefined).map((r) => r.id)).not.toContain('autoIpo');
    expect(drawerRows(1).map((r) => [r.id, r.to])).toEqual([
      ...expected,
      ['autoIpo', '/pages/user/ipoSwitch'],
    ]);
  });

  it('opens after ~50 ms and unmounts ~300 ms after closing', () => {
    vi.useFakeTimers();
    try {
      openDrawer();
      expect(appStore.get(drawerPhaseAtom)).toBe('opening');
      vi.advanceTimersByTime(DRAWER_OPEN_DELAY_MS);
      expect(appStore.get(drawerPhaseAtom)).toBe('open');
      closeDrawer();
      expect(appStore.get(drawerPhaseAtom)).toBe('closing');
      vi.advanceTimersByTime(DRAWER_CLOSE_MS - 1);
      expect(appStore.get(drawerPhaseAtom)).toBe('closing');
      vi.advanceTimersByTime(1);
      expect(appStore.get(drawerPhaseAtom)).toBe('closed');
    } finally {
      vi.useRealTimers();
    }
  });

  it('fetches login-info on open and shows account, KYC label, id copy and the auto IPO row', async () => {
    logIn();
    answers['user/login/info'] = {
      code: 0,
      msg: '',
      data: { user: USER, openAutoApply: 1, serviceSaleSmartly: '' },
    };
    renderAt('/pages/user/about');
    await openTheDrawer();
    // The drawer's chunk comes with its first opening: the read follows its mount.
    await waitFor(() => expect(methodPaths()).toContain('GET user/login/info'));
    const drawer = screen.getByTestId('drawer');
    await waitFor(() => expect(drawer.querySelector('[data-row=autoIpo]')).toBeTruthy());
    const rows = [...drawer.querySelectorAll('[data-row]')].map((a) => [
      a.getAttribute('data-row'),
      a.getAttribute('href'),
    ]);
    expect(rows.at(-1)).toEqual(['autoIpo', '/pages/user/ipoSwitch']);
    expect(rows.map((r) => r[0])).toEqual(drawerRows(1).map((r) => r.id));
    expect(within(drawer).getByTestId('kyc-label').textContent).toBe('Unverified');
    expect(within(drawer).getByText('100042')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Copy user ID' }));
    await waitFor(() => expect(navigator.clipboard.writeText).toHaveBeenCalledWith('100042'));
    expect(within(drawer).getByTestId('drawer-sign-out')).toBeTruthy();
  });

  it('holds the keyboard while open: focus moves in, Tab cycles inside, Escape closes and gives focus back', async () => {
    renderAt('/pages/user/about');
    const opener = (await screen.findAllByRole('button', { name: 'Back' }))[0]!;
    opener.focus();
    await openTheDrawer();
    const panel = screen.getByRole('dialog', { name: 'Menu' });
    await waitFor(() => expect(document.activeElement).toBe(panel));
    const controls = [...panel.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
    const first = controls[0]!;
    const last = controls.at(-1)!;
    expect(controls.length).toBeGreaterThan(3);
    fireEvent.keyDown(panel, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Escape' });
    expect(appStore.get(drawerPhaseAtom)).toBe('closing');
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('closes on Escape while it is still sliding in', async () => {
    renderAt('/pages/user/about');
    await openTheDrawer(); // its chunk, the first time
    act(() => closeDrawer());
    await waitFor(() => expect(screen.queryByTestId('drawer')).toBeNull(), { timeout: 2_000 });
    act(() => openDrawer());
    expect(appStore.get(drawerPhaseAtom)).toBe('opening');
    await screen.findByTestId('drawer');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(appStore.get(drawerPhaseAtom)).toBe('closing');
    await waitFor(() => expect(appStore.get(drawerPhaseAtom)).toBe('closed'), { timeout: 2_000 });
  });

  it('treats empty login-info data as logged out and clears the token', async () => {
    logIn();
    renderAt('/pages/user/about');
    await openTheDrawer();
    await waitFor(() => expect(storage.get('userToken')).toBe(''));
    expect(await screen.findByTestId('drawer-guest')).toBeTruthy();
    expect(screen.queryByTestId('drawer-sign-out')).toBeNull();
  });

  it('signs a disabled user (status 0) out automatically', async () => {
    logIn();
    answers['user/login/info'] = {
      code: 0,
      msg: '',
      data: { user: { ...USER, status: 0 }, openAutoApply: 0, serviceSaleSmartly: '' },
    };
    renderAt('/pages/user/about');
    await openTheDrawer();
    await waitFor(() => expect(storage.get('userToken')).toBe(''));
    expect(methodPaths()).toContain('POST user/logout');
  });

  it('confirms sign-out: cancel keeps the session, confirm revokes, clears and goes to login', async () => {
    logIn();
    answers['user/login/info'] = {
      code: 0,
      msg: '',
      data: { user: USER, openAutoApply: 0, serviceSaleSmartly: '' },
    };
    answers['user/logout'] = { code: 0, msg: '', data: null };
    const router = renderAt('/pages/user/about');
    await openTheDrawer();
    fireEvent.click(await screen.findByTestId('drawer-sign-out'));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(storage.get('userToken')).toBe('tok-real');

    fireEvent.click(screen.getByTestId('drawer-sign-out'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/common/login'));
    expect(router.state.location.search).toBe('');
    expect(methodPaths()).toContain('POST user/logout');
    expect(storage.get('userToken')).toBe('');
    expect(storage.get('userTokenReal')).toBe('');
    expect(storage.get('userInfo')).toBeNull();
    expect(storage.get('userAccountType')).toBe('real');
  });
});

describe('back action', () => {
  it('goes back only with in-app history', () => {
    expect(hasInAppHistory({ idx: 0 })).toBe(false);
    expect(hasInAppHistory(null)).toBe(false);
    expect(hasInAppHistory({ idx: 3 })).toBe(true);
  });

  it('switches to home when the page was opened directly', async () => {
    const router = renderAt('/pages/user/about');
    fireEvent.click((await screen.findAllByRole('button', { name: 'Back' }))[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/tabbar/home'));
  });
});

describe('real/demo switch', () => {
  it('switches the current token and re-reads the profile', async () => {
    logIn();
    answers['user/info'] = { code: 0, msg: '', data: { ...USER, accountType: 'demo' } };
    renderAt('/pages/tabbar/mine');
    const demo = await screen.findByRole('radio', { name: 'Demo account' });
    await act(async () => {
      fireEvent.click(demo);
    });
    await waitFor(() => expect(storage.get('userToken')).toBe('tok-demo'));
    expect(storage.get('userAccountType')).toBe('demo');
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Demo account' }).getAttribute('aria-checked')).toBe('true'),
    );
  });
});
