// @vitest-environment jsdom
// The transaction password page with the API mocked at the fetch level (MSW): set (6 digits twice: the
// contract's rule says so before anything is sent) or change (the current one too, and a different new one);
// a refusal of no one field (a wrong current PIN) is the form's error. (Moved from positions-screens.test.tsx,
// which stubbed fetch by hand.)
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import TradePasswordPage from '../../../../src/features/trade/trade-password-page.tsx';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { syncSessionFromStorage } from '../../../../src/shared/state/session-atoms.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';
import { api, http, ok, refused, server, useMswServer } from '../../support/msw.ts';
import { renderRoutes } from '../../support/render-app.tsx';

useMswServer();
beforeAll(async () => {
  await initI18n('en-US');
});
afterEach(cleanup);

const bodies: Record<string, Record<string, string>[]> = {};
let profile = { id: 1, hasTradePassword: false };

function login(hasTradePassword: boolean) {
  profile = { id: 1, hasTradePassword };
  storage.saveLogin({
    token: 'tok',
    tokenReal: 'tok',
    tokenDemo: 'demo',
    accountType: 'real',
    user: profile as never,
  });
  syncSessionFromStorage();
}

beforeEach(() => {
  for (const k of Object.keys(bodies)) delete bodies[k];
  server.use(
    http.get(api('user/info'), () => ok(profile)),
    ...['user/password/trade/set', 'user/password/trade/change'].map((path) =>
      http.post(api(path), async ({ request }) => {
        (bodies[path] ??= []).push(Object.fromEntries(new URLSearchParams(await request.text())));
        return path.endsWith('change') && bodies[path]!.length === 1
          ? refused('The transaction password is incorrect, please re-enter it.')
          : ok(null);
      }),
    ),
  );
});

const PAGE = '/pages/user/tradePassword';
const open = () =>
  renderRoutes(
    [
      { path: PAGE, element: <TradePasswordPage /> },
      { path: '/pages/tabbar/home', element: <p>home</p> },
    ],
    PAGE,
  );

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId('trade-password-submit'));

describe('TradePasswordPage', () => {
  it('sets a 6-digit password typed twice', async () => {
    login(false);
    open();
    type('New transaction password', '12a34');
    type('Repeat the transaction password', '1234');
    expect((screen.getByLabelText('New transaction password') as HTMLInputElement).value).toBe('1234');
    submit();
    expect(await screen.findByText('Password: exactly 6 digits')).toBeTruthy();
    expect(bodies['user/password/trade/set']).toBeUndefined();
    type('New transaction password', '135790');
    type('Repeat the transaction password', '135790');
    submit();
    await waitFor(() =>
      expect(bodies['user/password/trade/set']).toEqual([{ password: '135790', password2: '135790' }]),
    );
    // Done: the profile is read again and the page goes back (home, with no history).
    expect(await screen.findByText('home')).toBeTruthy();
  });

  it("changes it with the current one when one is set; a wrong current one is the form's error", async () => {
    login(true);
    open();
    type('Current transaction password', '135790');
    type('New transaction password', '135790');
    type('Repeat the transaction password', '135790');
    submit();
    expect(await screen.findByText('The new password must be different from the current one')).toBeTruthy();
    type('New transaction password', '246800');
    type('Repeat the transaction password', '246800');
    submit();
    await waitFor(() =>
      expect(screen.getByTestId('form-error').textContent).toBe(
        'The transaction password is incorrect, please re-enter it.',
      ),
    );
    submit();
    await waitFor(() => expect(bodies['user/password/trade/change']).toHaveLength(2));
    expect(bodies['user/password/trade/change']![1]).toEqual({
      oldPassword: '135790',
      password: '246800',
      password2: '246800',
    });
  });
});
