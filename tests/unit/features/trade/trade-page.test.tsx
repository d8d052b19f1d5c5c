// @vitest-environment jsdom
// The trade screen in a DOM with the live price mocked and the API answered at the fetch level (MSW): the
// server's preview, the % shortcuts, the "set a password first" dialog, the keypad submit with a client order
// id that is reused only when a submit got no answer, and the way to the order centre: a fill is told in a
// toast with the server's figures and opens the list that holds it.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderPreview } from '../../../../workers/protocol/trade.ts';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { deviceOnlineAtom } from '../../../../src/market/connectivity.ts';
import { appStore } from '../../../../src/shared/state/jotai.ts';
import { userInfoAtom } from '../../../../src/shared/state/session-atoms.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';
import { toastAtom } from '../../../../src/shared/ui/toast.tsx';
import { answerAll, calls, HttpResponse, ok, useMswServer } from '../../support/msw.ts';
import { renderRoutes } from '../../support/render-app.tsx';

vi.mock('../../../../src/features/trade/trade-live.ts', () => ({
  useLivePrice: (symbol: string) => (symbol ? { price: '280.30', changePct: '+0.30%', dir: 'up' } : null),
}));

const { default: TradePage } = await import('../../../../src/features/trade/trade-page.tsx');

const PREVIEW: OrderPreview = {
  symbol: 'OGDC',
  side: 'buy',
  type: 'market',
  price: '280.30',
  qty: '100',
  amount: '28030.00',
  fee: { commission: '42.04', sst: '6.31', cvt: '5.61', cdc: '1.41', exchange: '5.61', total: '60.98' },
  net: '28090.98',
  available: '948983.98',
  maxQty: '3377',
  lotSize: '1',
  limitUp: '300.43',
  limitDown: '258.51',
};

const user = (hasTradePassword: boolean) => ({
  id: 7,
  account: '3001234567',
  status: 1,
  idStatus: 'none',
  areaCode: '+92',
  phone: '3001234567',
  accountType: 'demo',
  inviteCode: 'X',
  openAutoApply: 0,
  hasTradePassword,
  hasWithdrawPassword: false,
  createdAt: '',
});

let hasPassword = true;
let failNextOrder = false;
/** How much of the next order fills at once ('all', a quantity, or 'none' for a resting limit order). */
let fills: 'all' | 'none' | string = 'all';

useMswServer();
beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  hasPassword = true;
  failNextOrder = false;
  fills = 'all';
  storage.set('positionTab', 0);
  answerAll(({ path, query, body }) => {
    if (path === 'user/info') return ok(user(hasPassword));
    if (path === 'stock/info')
      return ok({
        symbol: 'OGDC',
        nameEn: 'Oil & Gas Development Company',
        nameUr: 'او جی ڈی سی',
        ticker: { p: '280.30' },
      });
    if (path === 'stock/hold/info') return ok({ symbol: 'OGDC', locked: '0' });
    if (path === 'stock/order/preview')
      return ok({ ...PREVIEW, side: query.get('side'), qty: query.get('qty') });
    if (path === 'stock/order/buy') {
      if (failNextOrder) {
        failNextOrder = false;
        return HttpResponse.error(); // no answer: the fetch fails as on a dropped connection
      }
      const qty = body.get('qty') ?? '0';
      const filledQty = fills === 'all' ? qty : fills === 'none' ? '0' : fills;
      const status = filledQty === qty ? 'filled' : filledQty === '0' ? 'pending' : 'cancelled';
      return ok({ id: 41, status, symbol: 'OGDC', side: 'buy', qty, filledQty, avgPrice: '1281.4' });
    }
    return undefined;
  });
});

afterEach(cleanup);

function renderTrade(path = '/pages/stock/order?symbol=OGDC&side=buy') {
  appStore.set(userInfoAtom, user(hasPassword) as never);
  return renderRoutes(
    [
      { path: '/pages/stock/order', element: <TradePage /> },
      { path: '/pages/tabbar/position', element: <p>positions page</p> },
      { path: '/pages/user/tradePassword', element: <p>trade password page</p> },
    ],
    path,
  ).router;
}

const previews = () => calls.filter((c) => c.path === 'stock/order/preview');
const orders = () => calls.filter((c) => c.path === 'stock/order/buy');

async function typePin(pin: string) {
  await screen.findByTestId('keypad');
  for (const d of pin) {
    const key = screen.getByTestId('keypad').querySelector(`[data-key="${d}"]`)!;
    await act(async () => fireEvent.click(key));
  }
}

describe('TradePage', () => {
  it('shows the live price and the server preview (fees and net) for the typed quantity', async () => {
    renderTrade();
    expect(screen.getByTestId('live-price').textContent).toContain('280.30');
    fireEvent.change(screen.getByTestId('qty'), { target: { value: '100' } });
    // The answer for the typed quantity (the one for a single share may show first, marked pending).
    await waitFor(() => expect(previews().at(-1)?.query.get('qty')).toBe('100'));
    await waitFor(() => expect(screen.getByTestId('net').textContent).toBe('28,090.98'));
    const last = previews().at(-1)!.query;
    expect(Object.fromEntries(last)).toEqual({ symbol: 'OGDC', side: 'buy', type: 'market', qty: '100' });
    expect(screen.getByTestId('fee-breakdown').textContent).toContain('60.98');
  });

  it('fills 50 % of the maximum buyable in whole lots and steps the quantity', async () => {
    renderTrade();
    await waitFor(() => expect((screen.getByTestId('pct-50') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('pct-50'));
    expect((screen.getByTestId('qty') as HTMLInputElement).value).toBe('1688');
    fireEvent.click(screen.getByTestId('qty-plus'));
    expect((screen.getByTestId('qty') as HTMLInputElement).value).toBe('1689');
  });

  it('checks the form before asking for the password', async () => {
    renderTrade();
    fireEvent.click(screen.getByTestId('submit-order'));
    expect(screen.getByTestId('form-error').textContent).toBe('Please enter a quantity');
    expect(screen.queryByTestId('keypad')).toBeNull();
  });

  it('sends a user without a transaction password to set one first', async () => {
    hasPassword = false;
    const router = renderTrade();
    fireEvent.change(screen.getByTestId('qty'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('submit-order'));
    fireEvent.click(await screen.findByRole('button', { name: 'Set now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/user/tradePassword'));
  });

  it('places the order with the 6-digit password and a client order id, then opens the order centre', async () => {
    const router = renderTrade();
    fireEvent.change(screen.getByTestId('qty'), { target: { value: '100' } });
    fireEvent.click(screen.getByTestId('submit-order'));
    await typePin('123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/tabbar/position'));
    const body = Object.fromEntries(orders()[0]!.body);
    expect(body).toMatchObject({ symbol: 'OGDC', type: 'market', qty: '100', tradePassword: '123456' });
    expect(body.price).toBeUndefined();
    expect(body.clientOrderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(storage.get('positionTab')).toBe(1);
    // The market order filled at once: the toast says so with the server's figures, grouped, and the order
    // centre opens on History (where a filled order is), pointing at it.
    expect(appStore.get(toastAtom)?.msg).toBe('Bought 100 OGDC at 1,281.40');
    expect(router.state.location.state).toEqual({ orderTab: 'filled', orderId: 41 });
  });

  it('says how much of a partly filled order filled and opens the list that holds it', async () => {
    fills = '60';
    const router = renderTrade();
    fireEvent.change(screen.getByTestId('qty'), { target: { value: '1000' } });
    fireEvent.click(screen.getByTestId('submit-order'));
    await typePin('123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/tabbar/position'));
    expect(appStore.get(toastAtom)?.msg).toBe('Bought 60 of 1,000 OGDC at 1,281.40');
    // A market order whose depth ran out: the rest was cancelled, so it is under Cancelled with its fill.
    expect(router.state.location.state).toEqual({ orderTab: 'cancelled', orderId: 41 });
  });

  it('says "Order placed" for an order that rests without a fill, and opens In progress', async () => {
    fills = 'none';
    const router = renderTrade();
    fireEvent.change(screen.getByTestId('qty'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('submit-order'));
    await typePin('123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/tabbar/position'));
    expect(appStore.get(toastAtom)?.msg).toBe('Order placed');
    expect(router.state.location.state).toEqual({ orderTab: 'pending', orderId: 41 });
  });

  it('retries a submit that got no answer with the same client order id, and a new order gets a new one', async () => {
    failNextOrder = true;
    const router = renderTrade();
    fireEvent.change(screen.getByTestId('qty'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('submit-order'));
    await typePin('123456');
    await waitFor(() => expect(orders()).toHaveLength(1));
    await typePin('123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/tabbar/position'));
    const [first, second] = orders().map((c) => c.body.get('clientOrderId'));
    expect(second).toBe(first);
  });

  it('sends a limit price, stepped by exactly one tick', async () => {
    renderTrade();
    fireEvent.click(screen.getByRole('radio', { name: 'Limit' }));
    await waitFor(() => expect((screen.getByTestId('price') as HTMLInputElement).value).toBe('280.30'));
    fireEvent.click(screen.getByTestId('price-plus'));
    expect((screen.getByTestId('price') as HTMLInputElement).value).toBe('280.31');
    fireEvent.change(screen.getByTestId('qty'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('submit-order'));
    await typePin('654321');
    await waitFor(() => expect(orders()).toHaveLength(1));
    expect(Object.fromEntries(orders()[0]!.body)).toMatchObject({
      type: 'limit',
      price: '280.31',
      qty: '10',
    });
  });

  it('offline, the order button is disabled and says why; back online it sends again', async () => {
    appStore.set(deviceOnlineAtom, false);
    try {
      renderTrade();
      const submit = screen.getByTestId('submit-order') as HTMLButtonElement;
      expect(submit.disabled).toBe(true);
      const reason = screen.getByTestId('offline-reason');
      expect(reason.textContent).toBe("You are offline — orders can't be sent");
      expect(submit.getAttribute('aria-describedby')).toBe(reason.id);
      act(() => appStore.set(deviceOnlineAtom, true));
      expect(submit.disabled).toBe(false);
      expect(screen.queryByTestId('offline-reason')).toBeNull();
    } finally {
      appStore.set(deviceOnlineAtom, true);
    }
  });
});
