// @vitest-environment jsdom
// Assets (the current account's figures from the worker's account feed, mocked per account token; the real/demo
// switch) and funds detail (type filter, signed amounts, account-keyed cache), with the API answered at the fetch
// level by MSW.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Assets, TxRecord } from '../../../../workers/protocol/trade.ts';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import type { AssetsView } from '../../../../workers/protocol/account-api.ts';
import { useAtomValue } from '../../../../src/shared/state/jotai.ts';
import { bindSessionToStorage, tokenAtom } from '../../../../src/shared/state/session-atoms.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';
import { api, http, ok, seen, server, useMswServer } from '../../support/msw.ts';
import { renderScreen } from '../../support/render-app.tsx';
import tone from '../../../../src/shared/ui/tone.module.css';

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
  // As at start-up: the session atoms follow storage (the switch writes storage).
  unbind = bindSessionToStorage();
  window.scrollTo = () => undefined;
  server.use(
    http.post(api('user/assets'), ({ request }) =>
      ok(
        request.headers.get('accesstoken') === 'tok-demo'
          ? assets('demo', '948983.98')
          : assets('real', '0.00', '1234.50'),
      ),
    ),
    http.get(api('user/info'), () => ok({ id: 1 })),
    http.get(api('user/tx/record'), ({ request }) => {
      const type = new URL(request.url).searchParams.get('type');
      // Each account has its own movements: the real one two, the demo one its grant.
      const all =
        request.headers.get('accesstoken') === 'tok-demo'
          ? [rec(9, 'demo_grant', '1000000.00')]
          : [rec(2, 'unfreeze', '2591.20'), rec(1, 'freeze', '-2591.20')];
      const list = type ? all.filter((r) => r.type === type) : all;
      return ok({ list, total: list.length, page: 1, size: 30 });
    }),
  );
});

afterEach(() => {
  unbind();
  cleanup();
});

describe('AssetsPage', () => {
  it("shows the current account's total, available, frozen and P&L, and switches to the demo account's", async () => {
    renderScreen('/pages/user/assets', <AssetsPage />);
    await waitFor(() => expect(screen.getByTestId('assets-available').textContent).toBe('0.00'));
    expect(screen.getByTestId('assets-total').textContent).toBe('1,000,000.00');
    expect(screen.getByTestId('assets-frozen').textContent).toBe('2,591.20');
    expect(screen.getByTestId('assets-pnl').className).toContain(tone.down);
    expect(screen.getByTestId('assets-market-value').textContent).toBe('28,035.00');
    // Today's P&L as the server gave it, coloured by its own sign (up today, down overall).
    expect(screen.getByTestId('assets-today').textContent).toBe('1,234.50');
    expect(screen.getByTestId('assets-today').className).toContain(tone.up);
    expect(screen.getByText("Today's P&L")).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Demo' }));
    await waitFor(() => expect(screen.getByTestId('assets-available').textContent).toBe('948,983.98'));
    // Unknown today's P&L shows a dash, not a zero.
    expect(screen.getByTestId('assets-today').textContent).toBe('—');
    expect(storage.get('userToken')).toBe('tok-demo');
    // The page reads no balances itself: the worker's account feed keeps them.
    expect(seen.filter((c) => c.path === 'user/assets')).toEqual([]);
  });
});

describe('FundsDetailPage', () => {
  it('lists movements with signed amounts and filters them by type', async () => {
    renderScreen('/pages/fundsDetail/stockFundsDetail', <FundsDetailPage />);
    await waitFor(() => expect(screen.getAllByTestId('tx-row')).toHaveLength(2));
    const [unfreeze, freeze] = screen.getAllByTestId('tx-row');
    expect(unfreeze!.textContent).toContain('+2,591.20');
    expect(freeze!.textContent).toContain('-2,591.20');
    // One page holds everything: the footer says there is no more.
    expect(screen.getByTestId('paged-footer').getAttribute('data-state')).toBe('no-more');
    fireEvent.click(screen.getByTestId('tx-filter-freeze'));
    await waitFor(() => expect(screen.getAllByTestId('tx-row')).toHaveLength(1));
    expect(screen.getByTestId('tx-row').getAttribute('data-type')).toBe('freeze');
    expect(
      seen
        .filter((c) => c.path === 'user/tx/record')
        .at(-1)
        ?.query.get('type'),
    ).toBe('freeze');
  });

  it("never shows one account's cached movements while the other account is current", async () => {
    const { client } = renderScreen('/pages/fundsDetail/stockFundsDetail', <FundsDetailPage />);
    await waitFor(() => expect(screen.getAllByTestId('tx-row')).toHaveLength(2));
    // Hold the demo answer back so the first frame after the switch is visible to the test.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    server.use(
      http.get(api('user/tx/record'), async () => {
        await gate;
        return ok({ list: [rec(9, 'demo_grant', '1000000.00')], total: 1, page: 1, size: 30 });
      }),
    );
    act(() => storage.switchAccountType('demo'));
    // The real rows are gone at once: the demo key has no data yet, so the skeleton shows.
    await waitFor(() => expect(screen.getByTestId('skeleton')).toBeTruthy());
    expect(screen.queryAllByTestId('tx-row')).toHaveLength(0);
    release();
    await waitFor(() => expect(screen.getByTestId('tx-row').getAttribute('data-type')).toBe('demo_grant'));
    // Back to real: its own cached rows, never the demo one.
    act(() => storage.switchAccountType('real'));
    await waitFor(() => expect(screen.getAllByTestId('tx-row')).toHaveLength(2));
    expect(screen.queryByText(/Demo grant/i)).toBeNull();
    const keys = client
      .getQueryCache()
      .findAll({ predicate: (q) => q.queryKey[2] === 'tx-records' })
      .map((q) => q.queryKey[0]);
    expect(new Set(keys)).toEqual(new Set(['real', 'demo']));
  });
});
