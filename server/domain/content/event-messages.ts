// Personal messages made by events, each written with the event's own transaction handle (`tx`) so the
// message exists exactly when the event does; the event_key makes a retried or repeated event one message.
// Each links to what it is about: a withdrawal to its record's detail, a deposit to the deposit records, a KYC
// result to the KYC screen, a fill to the positions tab. Texts are keys of locales/<lang>/notice.json `msg.*`,
// rendered in the reader's language when read.
import { sql } from 'kysely';
import { ROUTE_PATHS } from '../../../contract/app-paths.ts';
import { formatMinor } from '../../../contract/money.ts';
import type { Db } from '../../db/database.ts';
import { writeBehind } from '../../db/tx.ts';
import { insertMessage } from './messages-repo.ts';

const link = (path: string, query?: Record<string, string | number>) =>
  query
    ? `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`
    : path;

const scaleOf = (asset: string) => (asset === 'USDT' ? 6 : 2);

export interface MoneyEvent {
  id: number;
  user_id: number;
  asset: 'PKR' | 'USDT';
  amount: bigint;
  reason: string;
}

/** `eventKey` for credits without a deposit record (the back-office command's direct credit). */
export async function depositDecided(
  tx: Db,
  d: MoneyEvent,
  outcome: 'credited' | 'rejected',
  now: number,
  eventKey = `deposit:${outcome}:${d.id}`,
) {
  await insertMessage(tx, {
    userId: d.user_id,
    kind: 'deposit',
    eventKey,
    textKey: outcome === 'credited' ? 'depositCredited' : 'depositRejected',
    params: { amount: formatMinor(d.amount, scaleOf(d.asset)), asset: d.asset, reason: d.reason },
    link: link(
      d.asset === 'USDT' ? ROUTE_PATHS['recharge.cryptoRecord'] : ROUTE_PATHS['recharge.rechargeRecord'],
    ),
    now,
  });
}

export async function withdrawalDecided(
  tx: Db,
  w: MoneyEvent & { channel: 'bank' | 'wallet' | 'crypto' },
  outcome: 'paid' | 'rejected',
  now: number,
) {
  const detail =
    w.channel === 'crypto' ? ROUTE_PATHS['withdraw.cryptoRecordDetail'] : ROUTE_PATHS['wallet.recordDetail'];
  await insertMessage(tx, {
    userId: w.user_id,
    kind: 'withdraw',
    eventKey: `withdraw:${outcome}:${w.id}`,
    textKey: outcome === 'paid' ? 'withdrawPaid' : 'withdrawRejected',
    params: { amount: formatMinor(w.amount, scaleOf(w.asset)), asset: w.asset, reason: w.reason },
    link: link(detail, { id: w.id }),
    now,
  });
}

export async function kycDecided(
  tx: Db,
  k: { submissionId: number; userId: number; approved: boolean; reason: string },
  now: number,
) {
  await insertMessage(tx, {
    userId: k.userId,
    kind: 'kyc',
    eventKey: `kyc:${k.submissionId}`,
    textKey: k.approved ? 'kycApproved' : 'kycRejected',
    params: { reason: k.reason },
    link: link(ROUTE_PATHS['user.kyc']),
    now,
  });
}

/**
 * An order of a real account filled in full: one INSERT … SELECT handed to writeBehind, so on PostgreSQL it
 * rides with the fill's COMMIT (no extra round trip on the fill path); demo accounts get none.
 */
export async function orderFilled(
  tx: Db,
  o: { id: number; accountId: number; symbol: string; side: 'buy' | 'sell'; qty: bigint },
  now: number,
) {
  const params = JSON.stringify({ symbol: o.symbol, qty: o.qty.toString(), side: o.side });
  await writeBehind(
    tx,
    tx
      .insertInto('user_messages')
      .columns(['user_id', 'kind', 'event_key', 'text_key', 'params_json', 'link', 'created_at'])
      .expression(
        tx
          .selectFrom('accounts')
          .select([
            'user_id',
            sql<string>`cast(${'order'} as text)`.as('kind'),
            sql<string>`cast(${`order:filled:${o.id}`} as text)`.as('event_key'),
            sql<string>`cast(${'orderFilled'} as text)`.as('text_key'),
            sql<string>`cast(${params} as text)`.as('params_json'),
            sql<string>`cast(${link(ROUTE_PATHS['tabbar.position'])} as text)`.as('link'),
            sql<number>`cast(${now} as bigint)`.as('created_at'),
          ])
          .where('id', '=', o.accountId)
          .where('type', '=', 'real'),
      )
      .onConflict((oc) => oc.columns(['user_id', 'event_key']).doNothing()),
  );
}
