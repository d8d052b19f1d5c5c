// The server's preview of the order being typed (fees, taxes, net amount, maximum quantity, price band),
// fetched after the form has been still for a moment and refreshed while a market order waits, because its
// price follows the market. A preview belongs to one draft: an answer for an older draft is never shown.
import { useEffect, useMemo, useState } from 'react';
import { CODE_OK } from '../../../workers/protocol/api.ts';
import type { OrderPreview } from '../../../workers/protocol/trade.ts';
import { fetchPreview } from './trade-api.ts';
import { previewQuery, type OrderDraft } from './order-form.ts';

export const PREVIEW_DEBOUNCE_MS = 300;
export const PREVIEW_REFRESH_MS = 5000;

export interface PreviewState {
  preview: OrderPreview | null;
  /** the draft changed and its preview has not arrived yet */
  pending: boolean;
}

export function useOrderPreview(draft: OrderDraft, accountKey: string): PreviewState {
  const query = previewQuery(draft);
  const key = query ? JSON.stringify([accountKey, query]) : '';
  const [state, setState] = useState<{ key: string; preview: OrderPreview } | null>(null);
  const [lastOk, setLastOk] = useState<OrderPreview | null>(null);

  useEffect(() => {
    if (!key) return;
    const q = JSON.parse(key) as [string, Record<string, string>];
    const ctrl = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const load = (delay: number) => {
      timer = setTimeout(() => {
        fetchPreview(q[1], ctrl.signal)
          .then((env) => {
            if (env?.code === CODE_OK) {
              setState({ key, preview: env.data });
              setLastOk(env.data);
            }
          })
          .catch(() => undefined)
          .finally(() => {
            if (!ctrl.signal.aborted && q[1].type === 'market') load(PREVIEW_REFRESH_MS);
          });
      }, delay);
    };
    load(PREVIEW_DEBOUNCE_MS);
    return () => {
      ctrl.abort();
      clearTimeout(timer);
    };
  }, [key]);

  return useMemo(() => {
    const fresh = state && state.key === key ? state.preview : null;
    // While the next answer is on its way keep the last one of the same symbol and side (no flicker).
    const held =
      lastOk && lastOk.symbol === draft.symbol && lastOk.side === draft.side && lastOk.type === draft.type
        ? lastOk
        : null;
    return { preview: fresh ?? held, pending: !!key && !fresh };
  }, [state, key, lastOk, draft.symbol, draft.side, draft.type]);
}
