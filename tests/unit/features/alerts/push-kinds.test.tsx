// @vitest-environment jsdom
// The alerts screen's push switches (user/push/prefs): every kind on as the server says, a tap turns one off
// and sends the kinds off, the server's answer is what shows; a refusal is toasted and the switch stays.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUSH_KINDS } from '../../../../contract/alerts.ts';
import { PushKinds } from '../../../../src/features/alerts/push-kinds.tsx';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { appStore } from '../../../../src/shared/state/jotai.ts';
import { tokenAtom, userInfoAtom } from '../../../../src/shared/state/session-atoms.ts';
import { answerAll, calls, ok, refused, useMswServer } from '../../support/msw.ts';
import { renderScreen } from '../../support/render-app.tsx';

useMswServer();
beforeAll(async () => {
  await initI18n('en-US');
});
const user = {
  id: 7,
  account: '+923001234567',
  status: 1,
  idStatus: 'none',
  areaCode: '+92',
  phone: '+923001234567',
  accountType: 'real',
  inviteCode: 'ABC123',
  openAutoApply: 0,
  hasTradePassword: false,
  hasWithdrawPassword: false,
  createdAt: '2026-01-01T00:00:00.000Z',
} as const;
beforeEach(() => {
  appStore.set(tokenAtom, 'tok-r');
  appStore.set(userInfoAtom, user as never);
});
afterEach(() => {
  cleanup();
  appStore.set(tokenAtom, '');
});

const prefs = (off: string[]) => ({ kinds: PUSH_KINDS.map((kind) => ({ kind, on: !off.includes(kind) })) });
const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('PushKinds', () => {
  it('shows every kind on, and a tap turns one off on the server', async () => {
    let off: string[] = [];
    answerAll((c) => {
      if (c.path === 'user/push/prefs') return ok(prefs(off));
      if (c.path === 'user/push/prefs/set') {
        off = (c.body.get('off') ?? '').split(',').filter(Boolean);
        return ok(prefs(off));
      }
      return undefined;
    });
    renderScreen('/pages/user/alerts', <PushKinds />);
    await waitFor(() => expect(box('Price alerts').checked).toBe(true), { timeout: 15_000 });
    expect(box('Orders filled').checked).toBe(true);
    fireEvent.click(box('Price alerts'));
    await waitFor(() => expect(off).toEqual(['alert']), { timeout: 15_000 });
    await waitFor(() => expect(box('Price alerts').checked).toBe(false), { timeout: 15_000 });
    fireEvent.click(box('Deposits and withdrawals'));
    await waitFor(() => expect(off).toEqual(['money', 'alert']), { timeout: 15_000 });
    expect(calls.filter((c) => c.path === 'user/push/prefs/set').map((c) => c.body.get('off'))).toEqual([
      'alert',
      'money,alert',
    ]);
  });

  it('a refused change leaves the switch as it was', async () => {
    answerAll((c) => {
      if (c.path === 'user/push/prefs') return ok(prefs([]));
      if (c.path === 'user/push/prefs/set') return refused('Unknown kind of notification: x');
      return undefined;
    });
    renderScreen('/pages/user/alerts', <PushKinds />);
    await waitFor(() => expect(box('Loans').checked).toBe(true), { timeout: 15_000 });
    fireEvent.click(box('Loans'));
    await waitFor(() => expect(calls.some((c) => c.path === 'user/push/prefs/set')).toBe(true), {
      timeout: 15_000,
    });
    await waitFor(() => expect(box('Loans').checked).toBe(true), { timeout: 15_000 });
  });
});
