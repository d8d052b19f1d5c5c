// @vitest-environment jsdom
// Assets (the current account's figures from the worker's account feed, mocked per account token; the real/demo
// switch) and funds detail (type filter, signed amounts) with the API answered by a stubbed fetch.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Assets, TxRecord } from '../../../../workers/protocol/trade.ts';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import type { AssetsView } from '../../../../workers/protocol/account-api.ts';
import { StoreProvider, useAtomValue } from '../../../../src/shared/state/jotai.ts';
import { bindSessionToStorage, tokenAtom } from '../../../../src/shared/state/session-atoms.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';

/** The balances the worker would post for each account (display strings, formatted in the worker). */
const VIEWS: Record<string, AssetsView> = {
  'tok-real': {
    total: '1,000,000.00',
    available: '0.00',
    frozen: '2,591.20',
    marketValue: '28,035.00',
    floatingPnl: '-60.00',
    floatingPnlValue: -60,
    todayPnl: '1,234.50',
    todayPnlValue: 1234.5,
  },
  'tok-demo': {
    total: '1,000,000.00',
    available: '948,983.98',
    frozen: '2,591.20',
    marketValue: '28,035.00',
    floatingPnl: '-60.00',
    floatingPnlValue: -60,
    todayPnl: '',
    todayPnlValue: 0,
  },
};
vi.mock('../../../../src/market/account.ts', () => ({
  useAssetsView: () => VIEWS[useAtomValue(tokenAtom)] ?? null,
}));

const { default: AssetsPage } = await import('../../../../src/features/assets/assets-page.tsx');
const { default: FundsDetailPage } = await import('../../../../src/features/assets/funds-detail-page.tsx');

const assets = (accountType: 'real' | 'demo', available: string, today?: string): Assets => ({
  accountType,
  currency: 'PKR',
  total: '1000000.00',
  available,
  frozen: '2591.20',
  marketValue: '28035.00',
  floatingPnl: '-60.00',
  ...(today === undefined ? {} : { todayPnl: today }),
});
const rec = (id: number, type: TxRecord['type'], amount: string): TxRecord => ({
  id,
  type,
  amount,
  balance: '948983.98',
  symbol: 'OGDC',
  createdAt: 1_763_700_000_000,
});

const calls: { path: string; query: URLSearchParams; token: string }[] = [];

let unbind: () => void = () => undefined;
beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  calls.length = 0;
  storage.saveLogin({
    token: 'tok-real',
    tokenReal: 'tok-real',
    tokenDemo: 'tok-demo',
    accountType: 'real',
    user: { id: 1 } as never,
  });
  // As at start-up: the session atoms follow storage (the switch writes storage).
  unbind = bindSessionToStorage();
  window.scrollTo = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://localhost');
      const path = u.pathname.replace(/^\/api\//, '');
      const token = (init?.headers as Record<string, string>)['accesstoken'] ?? '';
      calls.push({ path, query: u.searchParams, token });
      const answer = (data: unknown) => new Response(JSON.stringify({ code: 0, msg: '', data }));
      if (path === 'user/assets')
        return answer(token === 'tok-demo' ? assets('demo', '948983.98') : assets('real', '0.00', '1234.50'));
      if (path === 'user/tx/record') {
        const type = u.searchParams.get('type');
        const all = [rec(2, 'unfreeze', '2591.20'), rec(1, 'freeze', '-2591.20')];
        const list = type ? all.filter((r) => r.type === type) : all;
        return answer({ list, total: list.length, page: 1, size: 30 });
      }
      return answer({ id: 1 });
    }),
  );
});

afterEach(() => {
  unbind();
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string, element: React.ReactNode) {
  const router = createMemoryRouter([{ path, element }], { initialEntries: [path] });
  render(
    <StoreProvider>
      <RouterProvider router={router} />
    </StoreProvider>,
  );
}

describe('AssetsPage', () => {
  it("shows the current account's total, available, frozen and P&L, and switches to the demo account's", async () => {
    renderAt('/pages/user/assets', <AssetsPage />);
    await waitFor(() => expect(screen.getByTestId('assets-available').textContent).toBe('0.00'));
    expect(screen.getByTestId('assets-total').textContent).toBe('1,000,000.00');
    expect(screen.getByTestId('assets-frozen').textContent).toBe('2,591.20');
    expect(screen.getByTestId('assets-pnl').className).toContain('is-down');
    expect(screen.getByTestId('assets-market-value').textContent).toBe('28,035.00');
    // Today's P&L coloured by its own sign (up today, down overall).
    expect(screen.getByTestId('assets-today').textContent).toBe('1,234.50');
    expect(screen.getByTestId('assets-today').className).toContain('is-up');
    expect(screen.getByText("Today's P&L")).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Demo' }));
    await waitFor(() => expect(screen.getByTestId('assets-available').textContent).toBe('948,983.98'));
    // Unknown today's P&L shows a dash, not a zero.
    expect(screen.getByTestId('assets-today').textContent).toBe('—');
    expect(storage.get('userToken')).toBe('tok-demo');
    // The page reads no balances itself: the worker's account feed keeps them.
    expect(calls.filter((c) => c.path === 'user/assets')).toEqual([]);
  });
});

describe('FundsDetailPage', () => {
  it('lists movements with signed amounts and filters them by type', async () => {
    renderAt('/pages/fundsDetail/stockFundsDetail', <FundsDetailPage />);
    await waitFor(() => expect(screen.getAllByTestId('tx-row')).toHaveLength(2));
    const [unfreeze, freeze] = screen.getAllByTestId('tx-row');
    expect(unfreeze!.textContent).toContain('+2,591.20');
    expect(freeze!.textContent).toContain('-2,591.20');
    fireEvent.click(screen.getByTestId('tx-filter-freeze'));
    await waitFor(() => expect(screen.getAllByTestId('tx-row')).toHaveLength(1));
    expect(screen.getByTestId('tx-row').getAttribute('data-type')).toBe('freeze');
    expect(
      calls
        .filter((c) => c.path === 'user/tx/record')
        .at(-1)
        ?.query.get('type'),
    ).toBe('freeze');
  });
});
