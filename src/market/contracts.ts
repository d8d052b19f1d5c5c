// What features use for live contract positions (issue 16 item 5): the screen hands the worker the positions
// the server answered, and reads each one's live mark, uPnL, ROE, margin ratio and liquidation distance,
// which the worker computes exactly on every tick of the pair. The main thread does no money arithmetic.
import { useEffect } from 'react';
import { markKey } from '../../workers/protocol/market-api.ts';
import {
  contractLiveKey,
  type ContractLiveView,
  type ContractPositionInput,
  type ContractsTotalsView,
} from '../../workers/protocol/contracts-api.ts';
import { appStore, useAtomValue } from '../shared/state/jotai.ts';
import { marketBridge } from './bridge.ts';
import { useInterest } from './hooks.ts';
import {
  contractLiveAtomFamily,
  contractsAccountAtom,
  contractTotalsAtom,
  resetContracts,
} from './contracts-apply.ts';

export type {
  ContractLiveView,
  ContractPositionInput,
  ContractsTotalsView,
} from '../../workers/protocol/contracts-api.ts';
export { CONTRACT_RISK_PCT } from '../../workers/protocol/contracts-api.ts';

/**
 * Hands the worker the account's open positions (every time they are read); `accountKey` names the account.
 * Holds each position's pair's server mark (`mark:<SYM>`) on the market socket: the worker values at it.
 */
export function useContractPositionsFeed(
  accountKey: string,
  positions: readonly ContractPositionInput[] | undefined,
): void {
  const symbols = [...new Set((positions ?? []).map((p) => p.symbol))].sort();
  useInterest(symbols.map(markKey).join('\n'));
  useEffect(() => {
    if (!positions) return;
    if (appStore.get(contractsAccountAtom) !== accountKey) resetContracts(appStore, accountKey);
    const rows = positions.map((p) => ({
      id: p.id,
      symbol: p.symbol,
      side: p.side,
      qty: p.qty,
      entryValue: p.entryValue,
      margin: p.margin,
      leverage: p.leverage,
      markPrice: p.markPrice,
      lastPrice: p.lastPrice,
      liqPrice: p.liqPrice,
    }));
    void marketBridge().port.setContractPositions?.(accountKey, rows);
  }, [accountKey, positions]);
}

/** One position's live figures, streamed while the row is mounted; null until the worker has valued it. */
export function useContractLive(id: number): ContractLiveView | null {
  useInterest(contractLiveKey(id));
  return useAtomValue(contractLiveAtomFamily(id));
}

/** Σ uPnL of the open positions and how many are at risk; null until the worker has valued them. */
export function useContractTotals(): ContractsTotalsView | null {
  return useAtomValue(contractTotalsAtom);
}
