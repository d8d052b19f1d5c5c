// @vitest-environment jsdom
// The login/registration frame: header title, hero, the fields above the form's error and the submit button
// (disabled while pending), the switch link.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuthScreen } from '../../../../src/features/account/auth-screen.tsx';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';

beforeAll(async () => {
  await initI18n('en-US');
});
afterEach(cleanup);

function renderScreen(pending: boolean, formError?: string) {
  const onSubmit = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <AuthScreen
            title="Log in"
            hero={{ logo: <i data-testid="logo" />, heading: 'Welcome', subtitle: 'Trade PSX' }}
            form={{ onSubmit, pending, formError }}
            submitLabel="Go"
            switchTo={{ prompt: 'No account?', label: 'Register', to: '/reg' }}
          >
            <input aria-label="A field" />
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
  it('lays out title, hero, fields then the form error and submit, and the switch line', () => {
    renderScreen(false, 'Wrong phone number or password');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Log in');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Welcome');
    expect(screen.getByText('Trade PSX')).toBeTruthy();
    expect(screen.getByTestId('logo')).toBeTruthy();
    const form = document.querySelector('form')!;
    expect(form.hasAttribute('novalidate')).toBe(true);
    expect([...form.children].map((c) => c.tagName)).toEqual(['INPUT', 'P', 'BUTTON']);
    expect(screen.getByRole('alert').textContent).toBe('Wrong phone number or password');
    expect(screen.getByText('No account?')).toBeTruthy();
  });

  it('submits through onSubmit, disables the button while pending, and links to the other screen', async () => {
    const { onSubmit } = renderScreen(false);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    cleanup();
    const { router } = renderScreen(true);
    expect((screen.getByRole('button', { name: 'Go' }) as HTMLButtonElement).disabled).toBe(true);
    expect(document.querySelector('form')?.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(screen.getByRole('link', { name: 'Register' }));
    await screen.findByText('register screen');
    expect(router.state.location.pathname).toBe('/reg');
  });
});
