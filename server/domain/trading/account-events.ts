// Account changes (orders placed, filled, ended; T+1 releases) between the nodes: every change the engine of
// any node reports goes out on the bus as `account:<accountId>` and comes back, on every node, to the
// listeners of the account channel (routes/trade/account-ws.ts), so an order placed through node B, or filled
// by the leader on node A, reaches its owner's socket on node C. In one process the bus delivers at once, in
// order. The rows travel whole (bigints tagged), so a delta shows the order as it was at that change.
import type { Bus } from '../bus/bus.ts';
import type { AccountChange, ChangeListener } from './engine.ts';

const PREFIX = 'account:';

export function encodeChange(change: AccountChange): string {
  return JSON.stringify(change, (_k, v: unknown) => (typeof v === 'bigint' ? { $b: v.toString() } : v));
}

export function decodeChange(text: string): AccountChange | undefined {
  try {
    const v = JSON.parse(text, (_k, val: unknown) => {
      if (val && typeof val === 'object' && '$b' in val) {
        const b = (val as { $b: unknown }).$b;
        if (typeof b === 'string' && /^-?\d{1,40}$/.test(b)) return BigInt(b);
      }
      return val;
    }) as AccountChange;
    return Number.isInteger(v.accountId) && Array.isArray(v.orders) ? v : undefined;
  } catch {
    return undefined;
  }
}

export interface AccountEvents {
  onChange(listener: ChangeListener): () => void;
  close(): void;
}

/** Publishes what `source` reports and hands listeners what any node published. */
export function accountEvents(source: { onChange(l: ChangeListener): () => void }, bus: Bus): AccountEvents {
  const listeners = new Set<ChangeListener>();
  const stopSource = source.onChange((change) =>
    bus.publish(`${PREFIX}${change.accountId}`, encodeChange(change)),
  );
  const stopBus = bus.subscribe(`${PREFIX}*`, (message) => {
    const change = decodeChange(message);
    if (change) for (const l of listeners) l(change);
  });
  return {
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      stopSource();
      stopBus();
      listeners.clear();
    },
  };
}
