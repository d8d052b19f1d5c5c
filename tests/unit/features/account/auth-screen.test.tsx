// @vitest-environment jsdom
// The login/registration frame: header title, hero, the fields above the submit button, busy state, the
// switch link; and the +92 phone field.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { AuthScreen, PhoneField } from '../../../../src/features/account/auth-screen.tsx';

beforeAll(async () => {
  await initI18n('en-US');
});
afterEach(cleanup);

function renderScreen(busy: boolean, onSubmit = vi.fn()) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <AuthScreen
            title="Log in"
            hero={{ logo: <i data-testid="logo" />, heading: 'Welcome', subtitle: 'Trade PSX' }}
            onSubmit={onSubmit}
            busy={busy}
            submitLabel="Go"
            switchTo={{ prompt: 'No account?', label: 'Register', to: '/reg' }}
          >
            <PhoneField areaCode="+92" value="300" onValue={() => {}} error="Wrong number" />
          </AuthScreen>
        ),
      },
      { path: '/reg', element: <p>register screen</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { router, onSubmit };
}

describe('AuthScreen', () => {
  it('lays out title, hero, fields then submit, and the switch line', () => {
    renderScreen(false);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Log in');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Welcome');
    expect(screen.getByText('Trade PSX')).toBeTruthy();
    expect(screen.getByTestId('logo')).toBeTruthy();
    const form = document.querySelector('form.auth-form')!;
    expect(form.hasAttribute('novalidate')).toBe(true);
    expect([...form.children].map((c) => c.className)).toEqual([
      'field field--error',
      'btn btn--primary btn--block',
    ]);
    expect(document.querySelector('.auth-switch span')?.textContent).toBe('No account?');
  });

  it('submits through onSubmit, disables the button while busy, and links to the other screen', async () => {
    const { onSubmit } = renderScreen(false);
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    cleanup();
    const { router } = renderScreen(true);
    expect((screen.getByRole('button', { name: 'Go' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'Register' }));
    await screen.findByText('register screen');
    expect(router.state.location.pathname).toBe('/reg');
  });
});

describe('PhoneField', () => {
  it('puts the area code before a left-to-right numeric phone input named for the wire', () => {
    renderScreen(false);
    const input = screen.getByLabelText('Mobile number') as HTMLInputElement;
    expect(input.name).toBe('phone');
    expect(input.type).toBe('tel');
    expect(input.inputMode).toBe('numeric');
    expect(input.dir).toBe('ltr');
    expect(input.value).toBe('300');
    expect(document.querySelector('.field__prefix')?.textContent).toBe('+92');
    expect(screen.getByRole('alert').textContent).toBe('Wrong number');
  });
});
