// Price alerts and push subscriptions in the database. Every user-facing query is scoped by user_id, so
// another user's id reads and changes nothing. The leader reads the active alerts once (loadActive) to build
// its in-memory index; after that, a tick never reads the database.
import type { Alert, AlertKind } from '../../../contract/alerts.ts';
import type { Db } from '../../db/database.ts';
import type { PriceAlertsTable } from '../../db/schema.ts';
import { inTx } from '../../db/tx.ts';

export interface AlertRow {
  id: number;
  user_id: number;
  symbol: string;
  kind: PriceAlertsTable['kind'];
  value: string;
  repeating: number;
  active: number;
  fired_count: number;
  last_fired_at: number | null;
  created_at: number;
}

/** The answer for a row; `link` is the symbol's page (alert-watch.ts symbolPath). */
export function toAlert(r: AlertRow, link: string): Alert {
  return {
    id: Number(r.id),
    symbol: r.symbol,
    kind: r.kind,
    value: r.value,
    repeat: Number(r.repeating) === 1,
    active: Number(r.active) === 1,
    firedCount: Number(r.fired_count),
    lastFiredAt: r.last_fired_at === null ? null : Number(r.last_fired_at),
    createdAt: Number(r.created_at),
    link,
  };
}

export async function ownAlerts(db: Db, userId: number): Promise<AlertRow[]> {
  return db
    .selectFrom('price_alerts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
}

/** Inserts an alert unless the user already has `max` active ones (counted in the same transaction). */
export async function insertAlert(
  db: Db,
  a: { userId: number; symbol: string; kind: AlertKind; value: string; repeat: boolean; now: number },
  max: number,
): Promise<AlertRow | 'limit'> {
  return inTx(db, async (tx) => {
    const { n } = await tx
      .selectFrom('price_alerts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', a.userId)
      .where('active', '=', 1)
      .executeTakeFirstOrThrow();
    if (Number(n) >= max) return 'limit';
    return tx
      .insertInto('price_alerts')
      .values({
        user_id: a.userId,
        symbol: a.symbol,
        kind: a.kind,
        value: a.value,
        repeating: a.repeat ? 1 : 0,
        active: 1,
        last_fired_at: null,
        created_at: a.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export async function deleteOwnAlert(db: Db, userId: number, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('price_alerts')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return r.numDeletedRows > 0n;
}

export async function loadActive(db: Db): Promise<AlertRow[]> {
  return db.selectFrom('price_alerts').selectAll().where('active', '=', 1).execute();
}

/**
 * Records a firing: a one-shot alert switches off, a repeating one counts. Null when the alert is gone or
 * already off (deleted, or fired by another pass), or when it is a repeating one that fired less than
 * `cooldownMs` ago (alerts.repeatCooldownMinutes): nothing is sent then, and the index keeps it waiting for the
 * price to go back across, so the crossing inside the cooldown is skipped, not postponed.
 */
export async function recordFiring(
  db: Db,
  id: number,
  now: number,
  cooldownMs = 0,
): Promise<AlertRow | null> {
  const r = await db
    .updateTable('price_alerts')
    .set((eb) => ({
      fired_count: eb('fired_count', '+', 1),
      last_fired_at: now,
      active: eb.case().when('repeating', '=', 1).then(1).else(0).end(),
    }))
    .where('id', '=', id)
    .where('active', '=', 1)
    .where((eb) =>
      eb.or([
        eb('repeating', '=', 0),
        eb('last_fired_at', 'is', null),
        eb('last_fired_at', '<=', now - cooldownMs),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
  return r ?? null;
}

/**
 * Deletes one-shot alerts that fired before `before` (alerts.keepFiredDays); their messages stay. Returns how
 * many went.
 */
export async function purgeFired(db: Db, before: number): Promise<number> {
  const r = await db
    .deleteFrom('price_alerts')
    .where('active', '=', 0)
    .where('repeating', '=', 0)
    .where('last_fired_at', '<', before)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

// ---- push subscriptions

export interface PushSubscriptionRow {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: string;
}

/** Stores a device's subscription for `userId` (an endpoint seen before moves to this user and these keys). */
export async function upsertSubscription(
  db: Db,
  s: { userId: number; endpoint: string; p256dh: string; auth: string; lang: string; now: number },
): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values({
      user_id: s.userId,
      endpoint: s.endpoint,
      p256dh: s.p256dh,
      auth: s.auth,
      lang: s.lang,
      created_at: s.now,
    })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({ user_id: s.userId, p256dh: s.p256dh, auth: s.auth, lang: s.lang }),
    )
    .execute();
}

export async function deleteOwnSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();
}

/** The push service said the subscription is gone (404 / 410). */
export async function deleteSubscriptionById(db: Db, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export async function userSubscriptions(db: Db, userId: number): Promise<PushSubscriptionRow[]> {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth', 'lang'])
    .where('user_id', '=', userId)
    .execute();
}

export async function countSubscriptions(db: Db, userId: number): Promise<number> {
  const { n } = await db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(n);
}
