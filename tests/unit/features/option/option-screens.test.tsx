// @vitest-environment jsdom
// The options screen with the API answered by MSW: the ticket shows the disclosure, the model's inputs, the
// strike, the price per contract and the premium (price × contracts rounded up to the paisa) as the most that
// can be lost; an unpriced stock says so and cannot be bought; a failed read offers a retry; My options shows
// the statistics and a settled option's expiry price, payoff and P&L ratio, or the empty state.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OptionOrder, OptionRule, OptionStatistics } from '../../../../contract/option.ts';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { bindSessionToStorage } from '../../../../src/shared/state/session-atoms.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';
import { answerAll, calls, ok } from '../../support/msw.ts';
import { useMswServer } from '../../support/msw.ts';
import { renderScreen } from '../../support/render-app.tsx';

const { default: OptionPage } = await import('../../../../src/features/option/option-page.tsx');

const now = Date.now();
const rule = (over: Partial<OptionRule> = {}): OptionRule => ({
  cashSettled: true,
  disclosure: "These are the broker's own cash-settled contracts, not options listed on an exchange.",
  model: 'black-scholes/v1',
  modelText: 'Priced by Black–Scholes.',
  terms: [1, 7],
  minPremium: '100.00',
  maxPremium: '100000.00',
  riskFreeRate: '11.00',
  spreadBps: 500,
  volDays: 30,
  symbols: [],
  dayMs: 0,
  quote: {
    symbol: 'OGDC',
    spot: '250.00',
    sigma: '30.00',
    closes: 30,
    terms: [
      { term: 1, expiresAt: now + 86_400_000, call: '1.2345', put: '1.1111' },
      { term: 7, expiresAt: now + 7 * 86_400_000, call: '3.0001', put: '2.5000' },
    ],
  },
  ...over,
});
const settled: OptionOrder = {
  id: 4,
  clientId: 'client-0001',
  symbol: 'OGDC',
  direction: 'call',
  term: 1,
  qty: 100,
  strike: '250.00',
  unitPrice: '1.2345',
  premium: '123.45',
  sigma: '30.00',
  rate: '11.00',
  spreadBps: 500,
  volDays: 30,
  state: 'settled',
  createdAt: now - 90_000_000,
  expiresAt: now - 3_600_000,
  settledAt: now - 3_500_000,
  expiryPrice: '255.00',
  payoff: '500.00',
  pnl: '376.55',
  pnlRatio: '305.02',
};
const stats: OptionStatistics = {
  open: 0,
  settled: 1,
  won: 1,
  lost: 0,
  premiumOpen: '0.00',
  premiumSettled: '123.45',
  payoff: '500.00',
  realisedPnl: '376.55',
};

useMswServer();
let unbind: () => void = () => undefined;
beforeAll(async () => {
  await initI18n('en-US');
});
beforeEach(() => {
  storage.saveLogin({
    token: 'tok-demo',
    tokenReal: 'tok-real',
    tokenDemo: 'tok-demo',
    accountType: 'demo',
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

describe('the options ticket', () => {
  it('shows the disclosure, the inputs and the premium before the purchase', async () => {
    answerAll((c) => (c.path === 'stock/option/rule' ? ok(rule()) : undefined));
    renderScreen('/pages/stock/order?mode=option&symbol=OGDC', <OptionPage />);
    const ticket = await screen.findByTestId('option-ticket');
    expect(within(ticket).getByTestId('option-disclosure').textContent).toContain("broker's own");
    expect(within(ticket).getByTestId('option-strike').textContent).toContain('250.00');
    // 1.2345 × 100 = 123.45 exactly; 7 days: 3.0001 × 100 = 300.01
    expect(within(ticket).getByTestId('option-premium').textContent).toContain('123.45');
    expect(within(ticket).getByTestId('option-max-loss').textContent).toContain('123.45');
    fireEvent.click(within(screen.getByTestId('option-term')).getByRole('radio', { name: '7 days' }));
    await waitFor(() => expect(screen.getByTestId('option-premium').textContent).toContain('300.01'));
    fireEvent.change(screen.getByTestId('option-qty'), { target: { value: '3' } });
    // 3.0001 × 3 = 9.0003 → rounded up 9.01, below the PKR 100 minimum: cannot be bought
    await waitFor(() => expect(screen.getByTestId('option-premium').textContent).toContain('9.01'));
    expect((screen.getByTestId('option-buy') as HTMLButtonElement).disabled).toBe(true);
    expect(calls.every((c) => c.query.get('symbol') === 'OGDC' || c.path !== 'stock/option/rule')).toBe(true);
  });

  it('says when the stock cannot be priced, and offers a retry when the rules fail', async () => {
    let fail = true;
    answerAll((c) => {
      if (c.path !== 'stock/option/rule') return undefined;
      if (fail) return Response.json({ code: 500, msg: 'busy', data: null });
      return ok(rule({ quote: null }));
    });
    renderScreen('/pages/stock/order?mode=option&symbol=OGDC', <OptionPage />);
    const retry = await screen.findByTestId('error-retry', {}, { timeout: 5000 });
    fail = false;
    fireEvent.click(within(retry).getByRole('button'));
    expect(await screen.findByTestId('option-unpriced')).toBeTruthy();
    expect((screen.getByTestId('option-buy') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('My options', () => {
  it('shows the statistics and a settled option with its expiry price, payoff and P&L ratio', async () => {
    answerAll((c) => {
      if (c.path === 'stock/order/option/list') return ok({ list: [settled], total: 1, page: 1, size: 20 });
      if (c.path === 'stock/order/option/statistics') return ok(stats);
      return undefined;
    });
    renderScreen('/pages/stock/order?mode=option&tab=records', <OptionPage />);
    const card = await screen.findByTestId('option-record');
    expect(within(card).getByTestId('option-record-state').textContent).toBe('Settled');
    expect(within(card).getByTestId('option-record-expiry-price').textContent).toContain('255.00');
    expect(within(card).getByTestId('option-record-payoff').textContent).toContain('500.00');
    expect(within(card).getByTestId('option-record-ratio').textContent).toContain('305.02%');
    expect((await screen.findByTestId('option-stats-pnl')).textContent).toContain('376.55');
  });

  it('says so when there are none', async () => {
    answerAll((c) => {
      if (c.path === 'stock/order/option/list') return ok({ list: [], total: 0, page: 1, size: 20 });
      if (c.path === 'stock/order/option/statistics') return ok({ ...stats, settled: 0, won: 0 });
      return undefined;
    });
    renderScreen('/pages/stock/order?mode=option&tab=records', <OptionPage />);
    expect(await screen.findByTestId('option-records-empty')).toBeTruthy();
  });
});
