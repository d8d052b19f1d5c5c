// GET /api/ws/account: the private WebSocket channel `account` of one logged-in account. Same message shapes as
// the market socket (workers/protocol/market.ts): the client sends {op:'sub', ch:['account'], token} (the
// access token travels in the message, not the URL, so it never lands in access logs), gets a snap
// {orders (open), positions, assets} and then a delta {order, positions, assets} after every change of its
// orders (placement, fill, cancel, expiry at the PSX close), and a delta {positions, assets} without an order
// when bought shares become sellable (T+1 release), with a per-connection seq. {op:'ping', t} → pong;
// heartbeats every 10 s.
// Clients without a socket poll stock/order/list, stock/hold/list and user/assets (same shapes).
import type { FastifyPluginAsync } from 'fastify';
import type { Lang } from '../../../workers/protocol/api.ts';
import { WS_HEARTBEAT_MS } from '../../../workers/protocol/market.ts';
import { ACCOUNT_WS_PATH, type AccountDelta, type AccountSnap } from '../../../workers/protocol/trade.ts';
import { resolveToken, type AuthContext } from '../../domain/auth/sessions-repo.ts';
import { listOrders, toStockOrder, type OrderRow } from '../../domain/trading/orders-repo.ts';
import { assetsOf, holdings, toPosition } from '../../domain/trading/views.ts';
import { translate } from '../../i18n/translate.ts';

const MAX_MESSAGE_BYTES = 4096;

interface Sub {
  auth: AuthContext;
  /** kept in memory only, to notice a session that ended (sign-out, password change) */
  token: string;
  lang: Lang;
  seq: number;
  send(data: string): void;
}

export const accountWsRoutes: FastifyPluginAsync = async (app) => {
  const subs = new Map<number, Set<Sub>>();
  const orderOf = (s: Sub, o: OrderRow) => {
    const ins = app.market.instrument(o.symbol);
    return toStockOrder(
      o,
      s.auth.accountType,
      { nameEn: ins?.nameEn ?? o.symbol, nameUr: ins?.nameUr ?? o.symbol },
      (key) => translate(s.lang, key),
    );
  };
  const positions = (accountId: number, symbols?: Set<string>) =>
    holdings(app.db, accountId, app.market.now())
      .filter((h) => !symbols || symbols.has(h.symbol))
      .map((h) => toPosition(app.market, h));

  const stop = app.trading.onChange((change) => {
    const list = subs.get(change.accountId);
    if (!list?.size) return;
    const symbols = new Set([...change.orders.map((o) => o.symbol), ...(change.released ?? [])]);
    const pos = positions(change.accountId, symbols);
    for (const s of list) {
      const live = resolveToken(app.db, s.token);
      if (!live || live.userStatus !== 1) {
        list.delete(s);
        s.send(JSON.stringify({ op: 'err', ch: 'account', msg: translate(s.lang, 'auth.notLoggedIn') }));
        continue;
      }
      const assets = assetsOf(app.db, app.market, change.accountId, s.auth.accountType);
      const send = (data: AccountDelta) => {
        s.seq += 1;
        s.send(JSON.stringify({ op: 'delta', ch: 'account', seq: s.seq, ts: app.market.now(), data }));
      };
      for (const o of change.orders) send({ order: orderOf(s, o), positions: pos, assets });
      // A T+1 release changes no order: one delta with the positions whose locked shares became available.
      if (change.orders.length === 0 && pos.length) send({ positions: pos, assets });
    }
  });
  app.addHook('onClose', async () => stop());

  app.get(
    ACCOUNT_WS_PATH.slice('/api'.length),
    { websocket: true, config: { auth: 'public' }, schema: { hide: true } },
    (socket, request) => {
      let sub: Sub | undefined;
      const send = (msg: unknown) => {
        if (socket.readyState === 1) socket.send(JSON.stringify(msg));
      };
      const err = (key: string) => send({ op: 'err', ch: 'account', msg: translate(request.lang, key) });
      const leave = () => {
        if (sub) subs.get(sub.auth.accountId)?.delete(sub);
        sub = undefined;
      };
      const timer = setInterval(() => send({ op: 'hb', ts: app.market.now() }), WS_HEARTBEAT_MS);
      timer.unref();
      socket.on('message', (raw, isBinary) => {
        const text = isBinary ? '' : raw.toString();
        let msg: { op?: unknown; ch?: unknown; token?: unknown; t?: unknown };
        try {
          if (text.length > MAX_MESSAGE_BYTES) throw new Error('too large');
          msg = JSON.parse(text) as typeof msg;
        } catch {
          return err('trade.wsBadMessage');
        }
        if (msg.op === 'ping') return send({ op: 'pong', t: Number(msg.t) || 0, ts: app.market.now() });
        if (msg.op === 'unsub') {
          leave();
          return send({ op: 'unsubd', ch: ['account'] });
        }
        if (msg.op !== 'sub' || !Array.isArray(msg.ch) || !msg.ch.includes('account'))
          return err('trade.wsBadMessage');
        const auth =
          typeof msg.token === 'string' && msg.token.length <= 100 ? resolveToken(app.db, msg.token) : null;
        if (!auth || auth.userStatus !== 1) return err('auth.notLoggedIn');
        leave();
        sub = {
          auth,
          token: msg.token as string,
          lang: request.lang,
          seq: 0,
          send: (d) => socket.readyState === 1 && socket.send(d),
        };
        const set = subs.get(auth.accountId) ?? new Set();
        set.add(sub);
        subs.set(auth.accountId, set);
        const open = listOrders(app.db, auth.accountId, 'open', 1, 500).list;
        send({
          op: 'snap',
          ch: 'account',
          seq: 0,
          ts: app.market.now(),
          data: {
            orders: open.map((o) => orderOf(sub as Sub, o)),
            positions: positions(auth.accountId),
            assets: assetsOf(app.db, app.market, auth.accountId, auth.accountType),
          } satisfies AccountSnap,
        });
      });
      const close = () => {
        clearInterval(timer);
        leave();
      };
      socket.on('close', close);
      socket.on('error', close);
    },
  );
};
