// The positions screens' one door to live positions (a thin adapter over src/market/positions.ts, so component
// tests mock one module): the account's holdings go to the market worker, which keeps market value and
// floating and today's P&L live per row and in total; the cash beside them (available, frozen) is the server's.
// Changes (fills of resting orders, cancels) arrive on the private account channel, with polling as fallback.
import { useEffect } from 'react';
import type { AccountDelta, Assets, Position } from '../../../workers/protocol/trade.ts';
import {
  onPositionsStale,
  removePosition,
  setPositions,
  upsertPositions,
  usePositionsList,
  usePositionsSubscription,
  usePositionTotals,
  usePositionValue,
  type PositionView,
} from '../../market/positions.ts';
import { appStore, atom, useAtomValue } from '../../shared/state/jotai.ts';
import { openAccountSocket } from './account-socket.ts';
import { fetchAssets, fetchHoldings } from './positions-api.ts';

export type Dir = 'up' | 'down' | 'flat';

/** One row as the list shows it: display strings (formatted exactly in the worker) and a colour. */
export interface PositionRowView {
  symbol: string;
  nameEn: string;
  nameUr: string;
  qty: string;
  available: string;
  locked: string;
  avgCost: string;
  last: string;
  marketValue: string;
  pnl: string;
  pnlPct: string;
  dir: Dir;
  /** Today's P&L and its %; '' when the server gave no today's inputs (show a dash). */
  todayPnl: string;
  todayPnlPct: string;
  todayDir: Dir;
}

export interface PositionTotals {
  marketValue: string;
  pnl: string;
  pnlPct: string;
  dir: Dir;
  todayPnl: string;
  todayPnlPct: string;
  todayDir: Dir;
}

export interface CashView {
  available: string;
  frozen: string;
}

/** Polling period while the account channel is down (the socket pushes every change while it is up). */
export const POLL_MS = 10_000;
/** How long the first read waits for the channel's snapshot before reading the server itself. */
export const FIRST_POLL_MS = 1500;
/** The server lets the worker's caller read every position in one page. */
const PAGE = 10_000;

const cashAtom = atom<CashView | null>(null);
const failedAtom = atom(false);
/** Bumps on every order change the account channel reports: the order centre reloads on it. */
const ordersVersionAtom = atom(0);

const dirOfValue = (v: number): Dir => (v > 0 ? 'up' : v < 0 ? 'down' : 'flat');

type PnlFigures = Pick<
  PositionView,
  'pnl' | 'pnlPct' | 'pnlValue' | 'todayPnl' | 'todayPnlPct' | 'todayPnlValue'
>;

/** Floating and today's P&L as a row and the totals show them: strings, colours, '' for an unknown today. */
function pnlParts(
  v: PnlFigures,
): Pick<PositionTotals, 'pnl' | 'pnlPct' | 'dir' | 'todayPnl' | 'todayPnlPct' | 'todayDir'> {
  return {
    pnl: v.pnl,
    pnlPct: v.pnlPct,
    dir: dirOfValue(v.pnlValue),
    todayPnl: v.todayPnl ?? '',
    todayPnlPct: v.todayPnlPct ?? '',
    todayDir: dirOfValue(v.todayPnlValue ?? 0),
  };
}

function toRow(v: PositionView): PositionRowView {
  return {
    symbol: v.symbol,
    nameEn: v.nameEn,
    nameUr: v.nameUr,
    qty: v.qty,
    available: v.available,
    locked: v.locked,
    avgCost: v.avgCost,
    last: v.last,
    marketValue: v.marketValue,
    ...pnlParts(v),
  };
}

function setCash(a: Assets): void {
  appStore.set(cashAtom, { available: a.available, frozen: a.frozen });
}

async function loadAll(): Promise<Position[] | undefined> {
  const all: Position[] = [];
  for (let page = 1; page <= 100; page++) {
    const res = await fetchHoldings(page, PAGE);
    if (!res) return undefined;
    all.push(...res.list);
    if (res.list.length < PAGE || all.length >= res.total) break;
  }
  return all;
}

/** Reads holdings and cash once and hands the holdings to the worker; false when the server failed. */
export async function reloadPositions(accountKey: string): Promise<boolean> {
  try {
    const [list, assets] = await Promise.all([loadAll(), fetchAssets()]);
    if (list) setPositions(accountKey, list);
    if (assets) setCash(assets);
    appStore.set(failedAtom, !list);
    return !!list;
  } catch {
    appStore.set(failedAtom, true);
    return false;
  }
}

/** A delta's positions replace those of its order's symbol; a symbol absent from them was closed out. */
export function applyAccountDelta(accountKey: string, d: AccountDelta): void {
  if (d.positions) {
    if (d.positions.length) upsertPositions(accountKey, d.positions);
    const sym = d.order?.symbol;
    if (sym && !d.positions.some((p) => p.symbol === sym)) removePosition(accountKey, sym);
  }
  if (d.assets) setCash(d.assets);
  if (d.order) appStore.set(ordersVersionAtom, (v) => v + 1);
}

/**
 * Keeps the account's holdings in the worker and its cash current while the calling screen is mounted: the
 * account channel pushes every change; while it is down (or before its snapshot) the server is polled.
 */
export function usePositionsFeed(accountKey: string, token: string): void {
  useEffect(() => {
    appStore.set(cashAtom, null);
    let live = false;
    let loaded = false;
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      if (stop || live) return;
      const wasLoaded = loaded;
      loaded = (await reloadPositions(accountKey)) || loaded;
      // Without the channel nothing tells the order centre about fills: reload it with each poll.
      if (wasLoaded && !stop && !live) appStore.set(ordersVersionAtom, (v) => v + 1);
      if (!stop && !live) timer = setTimeout(() => void poll(), POLL_MS);
    };
    // The holdings always come from stock/hold/list (one source, one shape); the channel's snapshot says
    // when to read them again and carries the cash, its deltas patch single symbols in between.
    const close = token
      ? openAccountSocket(token, {
          onSnap: (snap) => {
            void reloadPositions(accountKey).then((ok) => (loaded ||= ok));
            setCash(snap.assets);
            appStore.set(ordersVersionAtom, (v) => v + 1);
          },
          onDelta: (d) => applyAccountDelta(accountKey, d),
          onLive: (up) => {
            live = up;
            clearTimeout(timer);
            if (!up) timer = setTimeout(() => void poll(), loaded ? POLL_MS : FIRST_POLL_MS);
          },
        })
      : () => undefined;
    // Without a channel, or until it answers, read the holdings directly.
    if (token) timer = setTimeout(() => void poll(), FIRST_POLL_MS);
    else void poll();
    // A new trading day (the worker saw a held symbol's close move): today's shares and T+1 locks changed.
    const unstale = onPositionsStale(() => void reloadPositions(accountKey));
    return () => {
      stop = true;
      clearTimeout(timer);
      close();
      unstale();
    };
  }, [accountKey, token]);
}

export function useOrdersVersion(): number {
  return useAtomValue(ordersVersionAtom);
}

export function usePositionSymbols(): readonly string[] | null {
  return usePositionsList();
}

/** One row, read only: the list subscribes the rows on screen (useVisiblePositions). */
export function usePositionRow(symbol: string): PositionRowView | null {
  const v = usePositionValue(symbol);
  return v ? toRow(v) : null;
}

export function useLiveTotals(): PositionTotals | null {
  const t = usePositionTotals();
  if (!t) return null;
  return { marketValue: t.marketValue, ...pnlParts(t) };
}

export function useCash(): CashView | null {
  return useAtomValue(cashAtom);
}

export function usePositionsFailed(): boolean {
  return useAtomValue(failedAtom);
}

/** The rows on screen: the worker sends row strings only for these. */
export function useVisiblePositions(symbols: readonly string[]): void {
  usePositionsSubscription(symbols);
}
