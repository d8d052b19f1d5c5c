// @vitest-environment jsdom
// The spot screen with the API answered by MSW: the balance of the side, the exact total and fee of a limit
// order, the percentage shortcut, a submit confirmed with the transaction password (the PIN sheet) with its client
// order id, a refusal toasted, and the open orders with Cancel.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpotBalances, SpotOrder } from '../../../../contract/spot.ts';
import { resetApiHandlers, setApiHandlers } from '../../../../src/shared/api/api-handlers.ts';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { bindSessionToStorage } from '../../../../src/shared/state/session-atoms.ts';
import { appStore } from '../../../../src/shared/state/jotai.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';
import { showToast, toastAtom } from '../../../../src/shared/ui/toast.tsx';
import { answerAll, calls, ok, refused, useMswServer } from '../../support/msw.ts';
import { renderScreen } from '../../support/render-app.tsx';
import { liveModule } from './live-mock.ts';

vi.mock('../../../../src/features/markets/live.ts', () => liveModule);

const { default: SpotPage } = await import('../../../../src/features/markets/spot/spot-page.tsx');

const BAL: SpotBalances = {
  symbol: 'BTCUSDT',
  base: 'BTC',
  baseAvailable: '0.00999',
  baseFrozen: '0.00000',
  quoteAvailable: '1000.000000',
  quoteFrozen: '0.000000',
  priceDecimals: 2,
  qtyDecimals: 5,
  makerFeeRate: '0.001',
  takerFeeRate: '0.001',
  minNotional: '5.000000',
};
const ORDER: SpotOrder = {
  id: 9,
  clientOrderId: 'c',
  accountType: 'demo',
  symbol: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  side: 'buy',
  type: 'limit',
  timeInForce: 'GTC',
  price: '90000.00',
  qty: '0.01000',
  quoteQty: '0.000000',
  filledQty: '0.00000',
  avgPrice: '0.00',
  amount: '0.000000',
  fee: '0.00000',
  feeAsset: 'BTC',
  frozen: '900.000000',
  frozenAsset: 'USDT',
  status: 'pending',
  createdAt: 1_763_700_000_000,
  updatedAt: 1_763_700_000_000,
};

useMswServer();
let unbind: () => void = () => undefined;
beforeAll(async () => {
  await initI18n('en-US');
});
beforeEach(() => {
  // The app's start wires -1001 refusals to the toast (src/app/start.ts); the screen alone does not.
  setApiHandlers({ toast: (msg, opts) => showToast(msg, opts) });
  storage.saveLogin({
    token: 'tok-demo',
    tokenReal: 'tok-real',
    tokenDemo: 'tok-demo',
    accountType: 'demo',
    user: { id: 1, hasTradePassword: true } as never,
  });
  unbind = bindSessionToStorage();
  window.scrollTo = () => undefined;
});
afterEach(() => {
  resetApiHandlers();
  unbind();
  cleanup();
  calls.length = 0;
});

async function pin(digits: string) {
  const keypad = await screen.findByTestId('keypad');
  for (const d of digits) fireEvent.click(within(keypad).getByRole('button', { name: d }));
}

describe('SpotPage', () => {
  it('computes the total and fee exactly, fills a percentage, and sends a limit order', async () => {
    answerAll((c) =>
      c.path === 'coin/spot/balances'
        ? ok(BAL)
        : c.path === 'coin/order/list'
          ? ok({ list: [], total: 0, page: 1, size: 50 })
          : c.path === 'coin/order/add'
            ? ok(ORDER)
            : undefined,
    );
    renderScreen('/pages/coin/index?symbol=BTCUSDT', <SpotPage />);
    await waitFor(() => expect(screen.getByTestId('spot-available').textContent).toBe('1000.000000 USDT'));
    fireEvent.change(screen.getByTestId('spot-price'), { target: { value: '95250.37' } });
    fireEvent.click(screen.getByRole('button', { name: '100%' }));
    expect((screen.getByTestId('spot-qty') as HTMLInputElement).value).toBe('0.01049');
    fireEvent.change(screen.getByTestId('spot-qty'), { target: { value: '0.01234' } });
    expect(screen.getByTestId('spot-total').textContent).toBe('1175.389566 USDT');
    expect(screen.getByTestId('spot-fee').textContent).toBe('0.00001 BTC');
    fireEvent.click(screen.getByTestId('spot-submit'));
    await pin('135790');
    await waitFor(() => expect(screen.getByTestId('spot-done').textContent).toBe('Open'));
    const sent = calls.find((c) => c.path === 'coin/order/add')!;
    expect(Object.fromEntries(sent.body)).toMatchObject({
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '95250.37',
      qty: '0.01234',
      timeInForce: 'GTC',
      tradePassword: '135790',
    });
    expect(sent.body.get('clientOrderId')).toMatch(/^spot-[0-9a-f]{24}$/);
  });

  it("toasts the server's refusal and lists open orders with Cancel", async () => {
    answerAll((c) =>
      c.path === 'coin/spot/balances'
        ? ok(BAL)
        : c.path === 'coin/order/list'
          ? ok({ list: [ORDER], total: 1, page: 1, size: 50 })
          : c.path === 'coin/order/add'
            ? refused('Insufficient Balance')
            : c.path === 'coin/order/close'
              ? ok({ ...ORDER, status: 'cancelled', frozen: '0.000000' })
              : undefined,
    );
    renderScreen('/pages/coin/index?symbol=BTCUSDT', <SpotPage />);
    await waitFor(() => expect(screen.getAllByTestId('spot-order')).toHaveLength(1));
    fireEvent.change(screen.getByTestId('spot-price'), { target: { value: '90000' } });
    fireEvent.change(screen.getByTestId('spot-qty'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('spot-submit'));
    await pin('135790');
    await waitFor(() => expect(appStore.get(toastAtom)?.msg).toBe('Insufficient Balance'));
    // the sheet stays for another try; closing it leaves the form as it was
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('keypad')).toBeNull());
    expect((screen.getByTestId('spot-qty') as HTMLInputElement).value).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'coin/order/close')).toBe(true));
    expect(calls.find((c) => c.path === 'coin/order/close')!.body.get('id')).toBe('9');
  });
});
