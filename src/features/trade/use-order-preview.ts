// The server's preview of the order being typed (fees, taxes, net amount, maximum quantity, price band),
// asked for after the form has been still for a moment and re-read while a market order waits (its price
// follows the market). A preview belongs to one draft and one account: an answer for another is never shown.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { OrderPreview } from '../../../workers/protocol/trade.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { useDebounced } from '../../shared/ui/use-debounced.ts';
import { previewQuery, type OrderDraft } from './order-form.ts';
import { orderPreviewQuery } from './queries.ts';

export const PREVIEW_DEBOUNCE_MS = 300;

export interface PreviewState {
  preview: OrderPreview | null;
  /** the draft changed and its preview has not arrived yet */
  pending: boolean;
}

export function useOrderPreview(draft: OrderDraft): PreviewState {
  const params = previewQuery(draft);
  // Keyed by value, so the debounce restarts only when the request would change.
  const key = JSON.stringify(params);
  const stable = useMemo(() => JSON.parse(key) as typeof params, [key]);
  const asked = useDebounced(stable, PREVIEW_DEBOUNCE_MS);
  const q = useQuery(orderPreviewQuery(useAccountScope(), asked));
  const settled = JSON.stringify(asked) === key;
  return {
    preview: params ? (q.data ?? null) : null,
    pending: !!params && (!settled || q.isPlaceholderData || q.isPending),
  };
}
