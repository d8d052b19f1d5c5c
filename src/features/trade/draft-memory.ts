// The order being typed survives a detour to set the transaction password (the fast/offline issue's defect
// c): the ticket remembers its symbol, type, price and quantity in sessionStorage (this tab only, gone when
// the tab closes) just before it leaves, and takes them back, once, when it opens again on that symbol.
import type { OrderDraft } from './order-form.ts';

const KEY = 'tradeDraftDetour';

export type DraftFields = Omit<OrderDraft, 'side'>;

export function rememberDraft(draft: OrderDraft): void {
  const { symbol, type, price, qty } = draft;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ symbol, type, price, qty }));
  } catch {
    // private mode or storage full: the detour just starts a fresh ticket
  }
}

function isFields(v: unknown): v is DraftFields {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o['symbol'] === 'string' &&
    (o['type'] === 'market' || o['type'] === 'limit') &&
    typeof o['price'] === 'string' &&
    typeof o['qty'] === 'string' &&
    o['price'].length <= 20 &&
    o['qty'].length <= 20
  );
}

/** The remembered fields when they are for `symbol` (and forgets them either way). */
export function takeDraft(symbol: string): DraftFields | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const v: unknown = JSON.parse(raw);
    return isFields(v) && v.symbol === symbol ? v : null;
  } catch {
    return null;
  }
}
