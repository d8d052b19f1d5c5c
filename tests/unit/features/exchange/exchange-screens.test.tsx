// @vitest-environment jsdom
// The exchange screens with the API answered by MSW: the PKR → USDT form (quote with rate, spread, fee and
// what you receive; confirm sends that quote with a client id; an expired quote offers a new one; a refusal of
// the quote shows as the form's error), the hub's balances and its error with retry, and the transfer form.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CoinAssets, ExchangeQuote } from '../../../../contract/exchange.ts';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { bindSessionToStorage } from '../../../../src/shared/state/session-atoms.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';
import { answerAll, calls, ok, useMswServer } from '../../support/msw.ts';
import { renderScreen } from '../../support/render-app.tsx';

const { default: StockExchangePage } =
  await import('../../../../src/features/exchange/stock-exchange-page.tsx');
const { default: ExchangeHubPage } = await import('../../../../src/features/exchange/exchange-hub-page.tsx');
const { default: CryptoTransferPage } =
  await import('../../../../src/features/exchange/crypto-transfer-page.tsx');

const ASSETS: CoinAssets = {
  usdtPkr: '281.5000',
  at: 1_763_700_000_000,
  stock: {
    asset: 'PKR',
    available: '100000.00',
    frozen: '0.00',
    valueUsdt: '355.239786',
    valuePkr: '100000.00',
  },
  spot: {
    assets: [
      {
        asset: 'USDT',
        available: '50.000000',
        frozen: '0.000000',
        price: '1',
        valueUsdt: '50.000000',
        valuePkr: '14075.00',
      },
    ],
    valueUsdt: '50.000000',
    valuePkr: '14075.00',
  },
  contract: {
    asset: 'USDT',
    available: '5.000000',
    frozen: '0.000000',
    margin: '0.000000',
    valueUsdt: '5.000000',
    valuePkr: '1407.50',
  },
  totalUsdt: '410.239786',
  totalPkr: '115482.50',
};
const quote = (over: Partial<ExchangeQuote> = {}): ExchangeQuote => ({
  quoteId: 9,
  direction: 'PKR_USDT',
  from: 'PKR',
  to: 'USDT',
  amount: '10000.00',
  index: '281.5000',
  rate: '282.9075',
  spreadBps: 50,
  fee: '0.00',
  receive: '35.347243',
  expiresAt: Date.now() + 10_000,
  status: 'quoted',
  acceptedAt: null,
  ...over,
});

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

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('StockExchangePage', () => {
  it('quotes, shows the rate, spread and what you receive, and confirms exactly that quote', async () => {
    answerAll((c) => {
      if (c.path === 'coin/assets') return ok(ASSETS);
      if (c.path === 'user/exchange')
        return c.body.get('action') === 'quote'
          ? ok(quote())
          : ok(quote({ status: 'done', acceptedAt: Date.now() }));
      return undefined;
    });
    renderScreen('/pages/exchange/stock', <StockExchangePage />);
    await waitFor(() => expect(screen.getByText(/Available: 100,000.00 PKR/)).toBeTruthy());
    type('Amount', '10000');
    fireEvent.click(screen.getByTestId('exchange-quote-submit'));
    await waitFor(() => expect(screen.getByTestId('exchange-quote')).toBeTruthy());
    const summary = screen.getByTestId('quote-summary').textContent ?? '';
    expect(summary).toContain('1 USDT = 282.9075 PKR');
    expect(summary).toContain('0.50 %');
    expect(summary).toContain('35.347243 USDT');
    expect(screen.getByTestId('quote-countdown').textContent).toMatch(/Quote valid for (9|10) s/);
    const sentQuote = calls.find((c) => c.path === 'user/exchange')!;
    expect(Object.fromEntries(sentQuote.body)).toEqual({
      action: 'quote',
      direction: 'PKR_USDT',
      amount: '10000',
    });
    fireEvent.click(screen.getByTestId('exchange-confirm'));
    await waitFor(() => expect(screen.getByTestId('exchange-done')).toBeTruthy());
    const accept = calls.filter((c) => c.path === 'user/exchange')[1]!;
    expect(accept.body.get('action')).toBe('accept');
    expect(accept.body.get('quoteId')).toBe('9');
    expect(accept.body.get('clientId')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('offers a new quote once the quote has expired, and shows a refusal as the form’s error', async () => {
    let n = 0;
    answerAll((c) => {
      if (c.path === 'coin/assets') return ok(ASSETS);
      if (c.path === 'user/exchange') {
        n += 1;
        return n === 1
          ? ok(quote({ expiresAt: Date.now() - 1 }))
          : Response.json({ code: -1001, msg: 'The maximum for one exchange is 5000000.00 PKR', data: null });
      }
      return undefined;
    });
    renderScreen('/pages/exchange/stock', <StockExchangePage />);
    await waitFor(() => expect(screen.getByLabelText('Amount')).toBeTruthy());
    type('Amount', '10000');
    fireEvent.click(screen.getByTestId('exchange-quote-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('quote-countdown').textContent).toBe('This quote has expired'),
    );
    expect(screen.queryByTestId('exchange-confirm')).toBeNull();
    fireEvent.click(screen.getByTestId('exchange-requote'));
    await waitFor(() =>
      expect(screen.getByText('The maximum for one exchange is 5000000.00 PKR')).toBeTruthy(),
    );
  });
});

describe('ExchangeHubPage', () => {
  it('shows the three accounts, and an error with retry', async () => {
    let fail = true;
    answerAll((c) => {
      if (c.path !== 'coin/assets') return undefined;
      if (fail) return Response.json({ code: 500, msg: 'busy', data: null }); // not retried: shown at once
      return ok(ASSETS);
    });
    renderScreen('/pages/exchange/index', <ExchangeHubPage />);
    const retry = await screen.findByTestId('error-retry', {}, { timeout: 5000 });
    fail = false;
    fireEvent.click(within(retry).getByRole('button'));
    await waitFor(() => expect(screen.getByTestId('account-contract').textContent).toContain('5.00 USDT'));
    expect(screen.getByTestId('account-stock').textContent).toContain('100,000.00 PKR');
    expect(screen.getByTestId('account-spot').textContent).toContain('50.00 USDT');
  });
});

describe('CryptoTransferPage', () => {
  it('fills Max from the spot account, swaps to the contract side and sends the transfer', async () => {
    answerAll((c) =>
      c.path === 'coin/assets'
        ? ok(ASSETS)
        : c.path === 'coin/transfer'
          ? ok({
              id: 3,
              clientId: 'x',
              from: 'contract',
              to: 'spot',
              asset: 'USDT',
              amount: '5.000000',
              createdAt: 1,
            })
          : undefined,
    );
    renderScreen('/pages/exchange/cryptoTransfer', <CryptoTransferPage />);
    await waitFor(() => expect(screen.getByTestId('transfer-form')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('50.000000');
    fireEvent.click(screen.getByTestId('transfer-swap'));
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('5.000000');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await waitFor(() => expect(screen.getByTestId('transfer-done')).toBeTruthy());
    const sent = calls.find((c) => c.path === 'coin/transfer')!;
    expect(Object.fromEntries(sent.body)).toMatchObject({ from: 'contract', to: 'spot', amount: '5.000000' });
  });
});
