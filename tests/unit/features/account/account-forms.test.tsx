// @vitest-environment jsdom
// The account forms as screens, with the API mocked at the fetch level (MSW): login (the contract's checks,
// a refusal as the form's error, the national number sent), sign-up (the SMS code's send button checks the
// phone first, a wrong code shown at the code field, a new captcha after any failure, success signs in), the
// password reset and the login-password change (a wrong current password at its field).
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import CoinLoginPage from '../../../../src/features/account/coin-login-page.tsx';
import LoginPage from '../../../../src/features/account/login-page.tsx';
import LoginPasswordPage from '../../../../src/features/account/login-password-page.tsx';
import RegisterPage from '../../../../src/features/account/register-page.tsx';
import ResetPasswordPage from '../../../../src/features/account/reset-password-page.tsx';
import { resetApiHandlers, setApiHandlers } from '../../../../src/shared/api/api-handlers.ts';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { routeTo } from '../../../../src/shared/routing/paths.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';
import { api, http, HttpResponse, ok, refused, seen, server, useMswServer } from '../../support/msw.ts';
import { renderRoutes } from '../../support/render-app.tsx';
import type { ReactNode } from 'react';

useMswServer();
beforeAll(async () => {
  await initI18n('en-US');
});
beforeEach(() => {
  storage.clearSession();
  setApiHandlers({});
});
afterEach(() => {
  cleanup();
  resetApiHandlers();
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
};
const loginResult = { token: 'tok-r', tokenReal: 'tok-r', tokenDemo: 'tok-d', accountType: 'real', user };

/** Every POST body the server saw for `path`, as fields. */
const bodies: Record<string, Record<string, string>[]> = {};
function answer(path: string, reply: () => Response | Promise<Response>) {
  return http.post(api(path), async ({ request }) => {
    (bodies[path] ??= []).push(Object.fromEntries(new URLSearchParams(await request.text())));
    return reply();
  });
}
beforeEach(() => {
  for (const k of Object.keys(bodies)) delete bodies[k];
});

function open(path: string, page: ReactNode) {
  return renderRoutes(
    [
      { path: path.split('?')[0]!, element: page },
      { path: routeTo('tabbar.home'), element: <p>home</p> },
      { path: routeTo('account.login'), element: <p>login screen</p> },
      { path: routeTo('common.login'), element: <p>login screen</p> },
      { path: routeTo('coin.index'), element: <p>crypto trading</p> },
    ],
    path,
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const errorOf = (label: string) => {
  const ids = input(label).getAttribute('aria-describedby');
  return ids ? document.getElementById(ids.split(' ')[0]!)?.textContent : undefined;
};

describe('LoginPage', () => {
  it("checks the fields first, shows a refusal as the form's error, then signs in with the national number", async () => {
    let refuse = true;
    server.use(
      answer('user/login', () => (refuse ? refused('Wrong phone number or password') : ok(loginResult))),
    );
    const { router } = open(routeTo('account.login'), <LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(errorOf('Mobile number')).toBe('Phone number: must not be empty'));
    expect(errorOf('Password')).toBe('Password: must not be empty');
    expect(bodies['user/login']).toBeUndefined();

    type('Mobile number', '0300-1234567');
    type('Password', 'Karachi#1');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(screen.getByTestId('form-error').textContent).toBe('Wrong phone number or password'),
    );
    expect(bodies['user/login']).toEqual([{ areaCode: '+92', phone: '3001234567', password: 'Karachi#1' }]);

    refuse = false;
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember password' }));
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(routeTo('tabbar.home')));
    expect(storage.get('userToken')).toBe('tok-r');
  });
});

describe('CoinLoginPage', () => {
  it('is the login form with a crypto heading; signing in goes to crypto trading and records the trade type', async () => {
    server.use(answer('user/login', () => ok(loginResult)));
    storage.set('systemTradeType', 'stock');
    const { router } = open(routeTo('account.coinLogin'), <CoinLoginPage />);
    expect(screen.getByRole('heading', { name: 'Sign in to trade crypto' })).toBeTruthy();
    expect(screen.getByText(/One account for stocks and crypto/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe(routeTo('account.reg'));
    expect(screen.getByTestId('forgot-password').getAttribute('href')).toBe(routeTo('account.resetPassword'));

    type('Mobile number', '03001234567');
    type('Password', 'Karachi#1');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(routeTo('coin.index')));
    expect(bodies['user/login']).toEqual([{ areaCode: '+92', phone: '3001234567', password: 'Karachi#1' }]);
    expect(storage.get('userToken')).toBe('tok-r');
    expect(storage.get('systemTradeType')).toBe('coin');
  });
});

describe('RegisterPage', () => {
  let captchas = 0;
  beforeEach(() => {
    captchas = 0;
    server.use(
      http.get(api('common/captcha'), () => {
        captchas += 1;
        return ok({ captchaId: `cap-${captchas}`, image: 'data:image/png;base64,AAAA', expiresInSec: 120 });
      }),
      answer('common/code/send', () => ok({ expiresInSec: 300, resendInSec: 60 })),
    );
  });

  async function fillForm() {
    type('Mobile number', '3001234567');
    type('SMS code', '123456');
    type('Password', 'Karachi#1');
    type('Confirm password', 'Karachi#1');
    type('Picture code', 'x7 Kp');
    fireEvent.click(screen.getByRole('checkbox'));
    await waitFor(() => expect(captchas).toBeGreaterThan(0));
  }

  it('checks the phone before sending a code, then sends the national number and counts down', async () => {
    open(routeTo('account.reg'), <RegisterPage />);
    fireEvent.click(screen.getByTestId('sms-send'));
    await waitFor(() => expect(errorOf('Mobile number')).toBe('Phone number: must not be empty'));
    expect(bodies['common/code/send']).toBeUndefined();
    // Editing the number takes the send button's complaint away.
    type('Mobile number', '0300123');
    expect(errorOf('Mobile number')).toBeUndefined();
    type('Mobile number', '03001234567');
    fireEvent.click(screen.getByTestId('sms-send'));
    await waitFor(() => expect(screen.getByTestId('sms-send').textContent).toMatch(/^Again in (60|59) s$/));
    expect(bodies['common/code/send']).toEqual([{ areaCode: '+92', phone: '3001234567', type: 'register' }]);
    expect((screen.getByTestId('sms-send') as HTMLButtonElement).disabled).toBe(true);
  });

  it('lets the code be sent again once the countdown is over', async () => {
    server.use(answer('common/code/send', () => ok({ expiresInSec: 300, resendInSec: 1 })));
    open(routeTo('account.reg'), <RegisterPage />);
    type('Mobile number', '3001234567');
    fireEvent.click(screen.getByTestId('sms-send'));
    await waitFor(() => expect(screen.getByTestId('sms-send').textContent).toBe('Again in 1 s'));
    await waitFor(() => expect(screen.getByTestId('sms-send').textContent).toBe('Send code'));
    expect((screen.getByTestId('sms-send') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows a wrong SMS code at the code field and fetches a new captcha; success signs in', async () => {
    let reply: () => Response = () =>
      HttpResponse.json({ code: -1001, msg: 'The SMS code is wrong', data: null, field: 'code' });
    server.use(answer('user/register', () => reply()));
    const { router } = open(`${routeTo('account.reg')}?code=INV42`, <RegisterPage />);
    await fillForm();
    expect(input('Invitation code (optional)').value).toBe('INV42');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(errorOf('SMS code')).toBe('The SMS code is wrong'));
    expect(bodies['user/register']).toEqual([
      {
        areaCode: '+92',
        phone: '3001234567',
        code: '123456',
        password: 'Karachi#1',
        password2: 'Karachi#1',
        captchaId: 'cap-1',
        captcha: 'x7Kp',
        agree: '1',
        inviteCode: 'INV42',
      },
    ]);
    expect(screen.queryByTestId('form-error')).toBeNull();
    // A captcha is single use: the typed one is emptied and a new picture comes.
    await waitFor(() => expect(captchas).toBe(2));
    expect(input('Picture code').value).toBe('');

    reply = () => ok(loginResult);
    type('Picture code', 'Qw3r');
    type('SMS code', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(routeTo('tabbar.home')));
    expect(bodies['user/register']?.[1]).toMatchObject({
      captchaId: 'cap-2',
      captcha: 'Qw3r',
      code: '654321',
    });
    expect(storage.get('userToken')).toBe('tok-r');
  });

  it('asks for the agreement and the matching password before sending', async () => {
    open(routeTo('account.reg'), <RegisterPage />);
    await fillForm();
    fireEvent.click(screen.getByRole('checkbox'));
    type('Confirm password', 'Karachi#2');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(errorOf('Confirm password')).toBe('The two passwords do not match'));
    expect(screen.getByText('Please agree to the disclaimer and the privacy policy')).toBeTruthy();
    expect(bodies['user/register']).toBeUndefined();
  });
});

describe('ResetPasswordPage', () => {
  it('sends the phone, the code and the new password, then goes to login', async () => {
    server.use(
      answer('common/code/send', () => ok({ expiresInSec: 300, resendInSec: 60 })),
      answer('user/password/reset', () => ok(null)),
    );
    const { router } = open(routeTo('account.resetPassword'), <ResetPasswordPage />);
    type('Mobile number', '+92 300 1234567');
    type('SMS code', '12a3456');
    type('New password', 'Quetta#26');
    type('Confirm password', 'Quetta#26');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(routeTo('account.login')));
    expect(bodies['user/password/reset']).toEqual([
      { areaCode: '+92', phone: '3001234567', code: '123456', password: 'Quetta#26', password2: 'Quetta#26' },
    ]);
  });
});

describe('LoginPasswordPage', () => {
  it('wants a new password unlike the current one, and shows a wrong current one at its field', async () => {
    storage.saveLogin(loginResult as never);
    server.use(
      answer('user/update/password', () =>
        HttpResponse.json({
          code: -1001,
          msg: 'The current password is incorrect',
          data: null,
          field: 'oldPassword',
        }),
      ),
    );
    open(routeTo('user.loginPassword'), <LoginPasswordPage />);
    type('Current password', 'Karachi#1');
    type('New password', 'Karachi#1');
    type('Confirm password', 'Karachi#1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(errorOf('New password')).toBe('The new password must be different from the current one'),
    );
    expect(bodies['user/update/password']).toBeUndefined();
    type('New password', 'Lahore#22');
    type('Confirm password', 'Lahore#22');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(errorOf('Current password')).toBe('The current password is incorrect'));
    expect(storage.get('userToken')).toBe('tok-r');
    expect(seen.filter((r) => r.path === 'user/update/password')).toHaveLength(1);
  });
});
