// GET /api/ws/account: the private WebSocket channel `account` of one logged-in account. Same message shapes as
// the market socket (workers/protocol/market.ts): the client sends {op:'sub', ch:['account'], token} (the
// access token travels in the message, not the URL, so it never lands in access logs), gets a snap
// {orders (open), positions, assets} and then a delta {order, positions, assets} after every change of its
// orders (placement, fill, cancel, expiry at the PSX close), and a delta {positions, assets} without an order
// when bought shares become sellable (T+1 release), with a per-connection seq. {op:'ping', t} → pong;
// heartbeats every 10 s. Frames are checked against contract/ws.ts and a per-socket budget; a socket that
// has not subscribed within 15 s, stops answering pings, falls 256 KB behind, or whose session is revoked
// (sign-out, password change) is closed. The database reads behind a snap or a delta run one account at a
// time in order (a queue per account), so a snap never follows a delta it should precede and deltas never
// overtake each other.
// Clients without a socket poll stock/order/list, stock/hold/list and user/assets (same shapes).
import type { FastifyPluginAsync } from 'fastify';
import { Compile } from 'typebox/compile';
import {
  ACCOUNT_CHANNEL_NAME,
  AccountClientFrame,
  WS_ERR,
  type WsErrCode,
  type WsErrFrame,
} from '../../../contract/ws.ts';
import type { Lang } from '../../../workers/protocol/api.ts';
import { WS_HEARTBEAT_MS } from '../../../workers/protocol/market.ts';
import { ACCOUNT_WS_PATH, type AccountDelta, type AccountSnap } from '../../../workers/protocol/trade.ts';
import { resolveToken, type AuthContext } from '../../domain/auth/sessions-repo.ts';
import { accountEvents } from '../../domain/trading/account-events.ts';
import type { AccountChange } from '../../domain/trading/engine.ts';
import { listOrders, toStockOrder, type OrderRow } from '../../domain/trading/orders-repo.ts';
import { assetsOf, holdings, toPosition } from '../../domain/trading/views.ts';
import { FrameGate } from '../../domain/ws/frame-gate.ts';
import type { SpotOrderRow } from '../../domain/spot/spot-orders-repo.ts';
import { spotPair } from '../../domain/spot/spot-pairs.ts';
import { toSpotOrder } from '../../domain/spot/spot-views.ts';
import { socketRoute } from '../../plugins/websockets.ts';

/** Buffered bytes past which an account socket is dropped (it resyncs from a snapshot when it reconnects). */
const ACCOUNT_HIGH_WATER_MARK = 256 * 1024;
/** How long a socket may stay open without a valid `sub`. */
const AUTH_WINDOW_MS = 15_000;
const checkFrame = Compile(AccountClientFrame);

interface Sub {
  auth: AuthContext;
  /** kept in memory only, to notice a session that ended (sign-out, password change) */
  token: string;
  lang: Lang;
  seq: number;
  send(data: string): void;
  /** the session ended: tells the client (`err` sessionEnded) and closes the socket */
  endSession(): void;
}

export const accountWsRoutes: FastifyPluginAsync = async (app) => {
  const subs = new Map<number, Set<Sub>>();
  const orderOf = (s: Sub, o: OrderRow) => {
    const ins = app.market.instrument(o.symbol);
    return toStockOrder(
      o,
      s.auth.accountType,
      { nameEn: ins?.nameEn ?? o.symbol, nameUr: ins?.nameUr ?? o.symbol },
      (key) => app.translator.t(s.lang, key),
    );
  };
  const spotOrderOf = (s: Sub, o: SpotOrderRow) =>
    toSpotOrder(o, spotPair(app.market, o.symbol), s.auth.accountType, (key) =>
      app.translator.t(s.lang, key),
    );
  const positions = async (accountId: number, symbols?: Set<string>) =>
    (await holdings(app.db, accountId, app.market.now()))
      .filter((h) => !symbols || symbols.has(h.symbol))
      .map((h) => toPosition(app.market, h));
  const live = async (token: string) => {
    const auth = await resolveToken(app.db, token);
    return auth && auth.userStatus === 1 ? auth : null;
  };

  // One queue per account: its jobs run one after another, in the order they were queued.
  const queues = new Map<number, Promise<void>>();
  const inOrder = (accountId: number, job: () => Promise<void>) => {
    const next = (queues.get(accountId) ?? Promise.resolve())
      .then(job)
      .catch((err: unknown) => app.log.error({ err, accountId }, 'account channel: update failed'));
    queues.set(accountId, next);
    void next.then(() => {
      if (queues.get(accountId) === next) queues.delete(accountId);
    });
  };

  const pushChange = async (change: AccountChange) => {
    const list = subs.get(change.accountId);
    if (!list?.size) return;
    const symbols = new Set([...change.orders.map((o) => o.symbol), ...(change.released ?? [])]);
    const pos = symbols.size ? await positions(change.accountId, symbols) : [];
    for (const s of [...list]) {
      if (!(await live(s.token))) {
        s.endSession();
        continue;
      }
      const assets = await assetsOf(app.db, app.market, change.accountId, s.auth.accountType);
      const send = (data: AccountDelta) => {
        s.seq += 1;
        s.send(JSON.stringify({ op: 'delta', ch: 'account', seq: s.seq, ts: app.market.now(), data }));
      };
      for (const o of change.orders) send({ order: orderOf(s, o), positions: pos, assets });
      // Spot orders (issue 16): the order as it is after this change; the spot balances are read by REST.
      for (const o of change.spot ?? []) send({ spotOrder: spotOrderOf(s, o) });
      // Contract positions the leader changed (issue 16): a hint; the screen reads them by REST.
      if (change.perp) send({ perp: true });
      // A T+1 release changes no order: one delta with the positions whose locked shares became available.
      if (change.orders.length === 0 && !change.spot?.length && pos.length) send({ positions: pos, assets });
    }
  };

  // Changes from every node (domain/trading/account-events.ts), not only from this node's engine; the spot
  // engine's changes and the contract engine's (issue 16) go the same way.
  const events = accountEvents(
    {
      onChange: (l) => {
        const a = app.trading.onChange(l);
        const b = app.spot.onChange(l);
        const c = app.perp.engine.onAccounts((ids) => {
          for (const accountId of ids) void l({ accountId, orders: [], perp: true });
        });
        return () => {
          a();
          b();
          c();
        };
      },
    },
    app.bus,
  );
  const stop = events.onChange((change) => {
    if (subs.get(change.accountId)?.size) inOrder(change.accountId, () => pushChange(change));
  });
  app.addHook('onClose', async () => {
    stop();
    events.close();
    await Promise.all(queues.values());
  });

  // Revoked sessions (sign-out, password change or reset) lose their sockets at once.
  const stopRevoked = app.sessionEvents.onRevoked((event) => {
    for (const [, list] of subs) {
      for (const s of [...list]) {
        const hit =
          'sessionId' in event ? s.auth.sessionId === event.sessionId : s.auth.userId === event.userId;
        if (hit) s.endSession();
      }
    }
  });
  app.addHook('onClose', async () => stopRevoked());

  socketRoute(app, ACCOUNT_WS_PATH.slice('/api'.length), (socket, request) => {
    let sub: Sub | undefined;
    let alive = true;
    const gate = new FrameGate(checkFrame);
    const sendText = (text: string) => {
      if (socket.readyState !== socket.OPEN) return;
      // A client that does not read is dropped, never buffered for: it resyncs from a snapshot on reconnect.
      if (socket.bufferedAmount > ACCOUNT_HIGH_WATER_MARK) return socket.terminate();
      socket.send(text);
    };
    const send = (msg: unknown) => sendText(JSON.stringify(msg));
    const err = (code: WsErrCode, key: string) => {
      const frame: WsErrFrame = {
        op: 'err',
        ch: ACCOUNT_CHANNEL_NAME,
        code,
        msg: app.translator.t(request.lang, key),
      };
      send(frame);
    };
    const leave = () => {
      if (sub) {
        const set = subs.get(sub.auth.accountId);
        set?.delete(sub);
        if (set?.size === 0) subs.delete(sub.auth.accountId);
      }
      sub = undefined;
    };
    /** Tells the client why (`err`) and closes the socket with 1008. */
    const end = (code: WsErrCode, key: string, reason: string) => {
      err(code, key);
      leave();
      socket.close(1008, reason);
    };
    const endSession = () => end(WS_ERR.sessionEnded, 'auth.notLoggedIn', 'session ended');
    // Silent sockets (no pong, no frame for a whole period) are dropped, and one that has not signed in
    // within AUTH_WINDOW_MS is closed: an anonymous socket costs memory and serves no one.
    const opened = Date.now();
    const timer = setInterval(() => {
      if (!alive) return socket.terminate();
      if (!sub && Date.now() - opened >= AUTH_WINDOW_MS)
        return end(WS_ERR.authTimeout, 'auth.notLoggedIn', 'not signed in');
      alive = false;
      socket.ping();
      send({ op: 'hb', ts: app.market.now() });
    }, WS_HEARTBEAT_MS);
    timer.unref();

    // The latest `sub` message wins: an earlier one still resolving its token gives way.
    let subscribing = 0;
    let closed = false;
    const subscribe = async (token: string) => {
      const attempt = ++subscribing;
      const auth = await live(token);
      if (closed || attempt !== subscribing) return;
      // A token the server refuses will be refused again: the session is over for this client.
      if (!auth) return err(WS_ERR.sessionEnded, 'auth.notLoggedIn');
      leave();
      const next: Sub = {
        auth,
        token,
        lang: request.lang,
        seq: 0,
        send: sendText,
        endSession,
      };
      sub = next;
      // In the account's queue: the snap reflects every change told before it, and deltas follow it.
      inOrder(auth.accountId, async () => {
        if (sub !== next) return;
        const set = subs.get(auth.accountId) ?? new Set();
        set.add(next);
        subs.set(auth.accountId, set);
        // Listed first, then checked again: a sign-out from now on reaches this socket either way.
        if (!(await live(token))) return next.endSession();
        let data: AccountSnap;
        try {
          const open = (await listOrders(app.db, auth.accountId, 'open', 1, 500)).list;
          data = {
            orders: open.map((o) => orderOf(next, o)),
            positions: await positions(auth.accountId),
            assets: await assetsOf(app.db, app.market, auth.accountId, auth.accountType),
          };
        } catch (e) {
          // No snapshot is coming: say so, so the client asks again instead of waiting on a silent channel.
          request.log.error({ err: e }, 'account channel: snapshot failed');
          if (sub === next) {
            leave();
            err(WS_ERR.busy, 'common.busy');
          }
          return;
        }
        if (sub === next) send({ op: 'snap', ch: 'account', seq: 0, ts: app.market.now(), data });
      });
    };

    return {
      message: (data, isBinary) => {
        alive = true;
        const verdict = gate.accept(data, isBinary);
        if (!verdict.ok) {
          if (verdict.close) return end(WS_ERR.rateLimited, 'trade.wsTooFast', 'rate limit');
          return err(WS_ERR.badFrame, 'trade.wsBadMessage');
        }
        const msg = verdict.frame;
        if (msg.op === 'ping') return send({ op: 'pong', t: msg.t, ts: app.market.now() });
        if (msg.op === 'unsub') {
          leave();
          return send({ op: 'unsubd', ch: ['account'] });
        }
        subscribe(msg.token).catch((e: unknown) => {
          request.log.error({ err: e }, 'account channel: subscribe failed');
          err(WS_ERR.busy, 'common.busy');
        });
      },
      pong: () => {
        alive = true;
      },
      close: () => {
        closed = true;
        clearInterval(timer);
        leave();
      },
    };
  });
};
