// @vitest-environment jsdom
// /pages/user/ipoSwitch with the API answered by MSW: the rule is on the screen before the switch is turned
// on and again in its confirmation; confirming sends enabled=1 (with the cap kept), turning off sends
// enabled=0 at once; a cap is saved with the switch's state; the last automatic decisions show with their
// outcome and money; a refusal is the server's own message; an error offers a retry.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AutoApplyState } from '../../../../contract/ipo-auto.ts';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { bindSessionToStorage } from '../../../../src/shared/state/session-atoms.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';
import { answerAll, calls, ok, refused, useMswServer } from '../../support/msw.ts';
import { renderScreen } from '../../support/render-app.tsx';

const { default: IpoSwitchPage } = await import('../../../../src/features/ipo/ipo-switch-page.tsx');

const off: AutoApplyState = { offered: 1, accountType: 'real', enabled: false, maxAmount: '', recent: [] };
const on: AutoApplyState = {
  ...off,
  enabled: true,
  maxAmount: '20000.00',
  recent: [
    {
      offeringId: 7,
      symbol: 'IDAIRY',
      company: 'Indus Dairies Limited',
      outcome: 'applied',
      shares: 500,
      amount: '6250.00',
      applicationId: 3,
      createdAt: Date.now() - 60_000,
    },
    {
      offeringId: 8,
      symbol: 'ICEMENT',
      company: 'Indus Cement Limited',
      outcome: 'no_balance',
      shares: 1000,
      amount: '40000.00',
      applicationId: 0,
      createdAt: Date.now() - 120_000,
    },
  ],
};

useMswServer();
let unbind: () => void = () => undefined;
beforeAll(async () => {
  await initI18n('en-US');
});
beforeEach(() => {
  storage.saveLogin({
    token: 'tok-real',
    tokenReal: 'tok-real',
    tokenDemo: 'tok-demo',
    accountType: 'real',
    user: { id: 1 } as never,
  });
  unbind = bindSessionToStorage();
  window.scrollTo = () => undefined;
});
afterEach(() => {
  unbind();
  cleanup();
  calls.length = 0;
});

const posts = () => calls.filter((c) => c.path === 'user/update/autoapply');

describe('IpoSwitchPage', () => {
  it('shows the rule, asks before turning on, then sends enabled=1', async () => {
    let current = off;
    answerAll((c) => {
      if (c.path === 'user/autoapply') return ok(current);
      if (c.path === 'user/update/autoapply') {
        current = { ...current, enabled: c.body.get('enabled') === '1' };
        return ok(current);
      }
      return undefined;
    });
    renderScreen('/pages/user/ipoSwitch', <IpoSwitchPage />);
    const rules = await screen.findByTestId('ipo-auto-rules');
    expect(rules.textContent).toContain('minimum application');
    expect(rules.textContent).toContain('blocked until the allotment');
    expect(rules.textContent).toContain('real account');
    expect(screen.getByTestId('ipo-auto-none')).toBeTruthy();
    const sw = screen.getByRole('switch', { name: /Automatic IPO subscription/ });
    expect(sw.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(sw);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('minimum application');
    expect(posts()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(posts()[0]?.body.get('enabled')).toBe('1'));
    await waitFor(() =>
      expect(
        screen.getByRole('switch', { name: /Automatic IPO subscription/ }).getAttribute('aria-checked'),
      ).toBe('true'),
    );
  });

  it('turns off at once, keeps the cap, and lists the last decisions', async () => {
    answerAll((c) => {
      if (c.path === 'user/autoapply') return ok(on);
      if (c.path === 'user/update/autoapply') return ok({ ...on, enabled: false });
      return undefined;
    });
    renderScreen('/pages/user/ipoSwitch', <IpoSwitchPage />);
    const runs = await screen.findAllByTestId('ipo-auto-run');
    expect(runs.map((r) => r.getAttribute('data-outcome'))).toEqual(['applied', 'no_balance']);
    expect(runs[0]!.textContent).toContain('6,250.00');
    expect(runs[0]!.getAttribute('href')).toBe('/pages/stockIPO/ipoRecord');
    expect(runs[1]!.textContent).toContain('Not applied: balance');
    expect(runs[1]!.getAttribute('href')).toBe('/pages/stockIPO/ipoDetail?id=8');
    fireEvent.click(screen.getByRole('switch', { name: /Automatic IPO subscription/ }));
    await waitFor(() => expect(posts()[0]?.body.get('enabled')).toBe('0'));
    expect(posts()[0]?.body.get('maxAmount')).toBe('20000.00');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('saves a cap with the switch as it is; a refusal shows the server message', async () => {
    answerAll((c) => {
      if (c.path === 'user/autoapply') return ok(off);
      if (c.path === 'user/update/autoapply') return refused('The limit must be a PKR amount above zero');
      return undefined;
    });
    renderScreen('/pages/user/ipoSwitch', <IpoSwitchPage />);
    const form = await screen.findByTestId('ipo-auto-cap-form');
    fireEvent.change(within(form).getByLabelText(/Limit per application/), { target: { value: '5000' } });
    fireEvent.click(screen.getByTestId('ipo-auto-cap-save'));
    await waitFor(() => {
      expect(posts()[0]?.body.get('maxAmount')).toBe('5000');
      expect(posts()[0]?.body.get('enabled')).toBe('0');
    });
    expect(await screen.findByText('The limit must be a PKR amount above zero')).toBeTruthy();
  });

  it('offers a retry when the read fails', async () => {
    let fail = true;
    answerAll((c) => {
      if (c.path !== 'user/autoapply') return undefined;
      return fail ? Response.json({ code: 500, msg: 'busy', data: null }) : ok(off);
    });
    renderScreen('/pages/user/ipoSwitch', <IpoSwitchPage />);
    const retry = await screen.findByTestId('error-retry', {}, { timeout: 5000 });
    fail = false;
    fireEvent.click(within(retry).getByRole('button'));
    expect(await screen.findByTestId('ipo-auto-rules')).toBeTruthy();
  });
});
