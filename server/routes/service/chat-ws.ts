// GET /api/ws/service: the chat socket of a user or a guest. The client says {op:'hello', token | guest,
// after?} (credentials in the frame, never the URL); the server answers `ready` and then every message of the
// conversation after `after`, once each and in seq order (chat-stream.ts fills bus gaps from the database),
// the operators' typing and read markers. The client sends texts ({op:'send', cid, text}: cid makes a resend
// the same message), typing and read. Frames are checked against contract/service.ts and the shared frame
// budget; a bad frame is answered with `err` and changes nothing; a socket that does not say hello within 15 s,
// falls 256 KB behind, or whose user session is revoked is closed. Images go over REST (service/image).
import type { FastifyPluginAsync } from 'fastify';
import { Compile } from 'typebox/compile';
import { WS_ERR } from '../../../contract/ws.ts';
import { CHAT_WS_PATH, ChatClientFrame, type ChatServerFrame } from '../../../contract/service.ts';
import { WS_HEARTBEAT_MS } from '../../../workers/protocol/market.ts';
import { resolveToken } from '../../domain/auth/sessions-repo.ts';
import { ChatStream } from '../../domain/service-chat/chat-stream.ts';
import { FrameGate } from '../../domain/ws/frame-gate.ts';
import { AppError } from '../../errors.ts';
import { socketRoute } from '../../plugins/websockets.ts';
import { guestParty, userParty, type ResolvedParty } from './party.ts';

const HIGH_WATER_MARK = 256 * 1024;
const AUTH_WINDOW_MS = 15_000;
const checkFrame = Compile(ChatClientFrame);

export const serviceChatWsRoutes: FastifyPluginAsync = async (app) => {
  socketRoute(app, CHAT_WS_PATH.slice('/api'.length), (socket, request) => {
    const gate = new FrameGate(checkFrame);
    let party: ResolvedParty | undefined;
    let sessionId: number | undefined;
    let userIdOf: number | undefined;
    let unwatch: (() => void) | undefined;
    let alive = true;
    let closed = false;
    const send = (f: ChatServerFrame) => {
      if (socket.readyState !== socket.OPEN) return;
      if (socket.bufferedAmount > HIGH_WATER_MARK) return socket.terminate();
      socket.send(JSON.stringify(f));
    };
    const err = (code: number, key: string, cid?: string, params = {}) =>
      send({ op: 'err', code, msg: app.translator.t(request.lang, key, params), ...(cid ? { cid } : {}) });
    const end = (code: number, key: string, reason: string) => {
      err(code, key);
      socket.close(1008, reason);
    };
    const opened = Date.now();
    const timer = setInterval(() => {
      if (!alive) return socket.terminate();
      if (!party && Date.now() - opened >= AUTH_WINDOW_MS)
        return end(WS_ERR.authTimeout, 'auth.notLoggedIn', 'not signed in');
      alive = false;
      socket.ping();
    }, WS_HEARTBEAT_MS);
    timer.unref();
    const stopRevoked = app.sessionEvents.onRevoked((event) => {
      if (sessionId === undefined) return;
      if ('sessionId' in event ? event.sessionId === sessionId : event.userId === userIdOf)
        end(WS_ERR.sessionEnded, 'auth.notLoggedIn', 'session ended');
    });

    const hello = async (frame: Extract<ChatClientFrame, { op: 'hello' }>) => {
      // One hello per socket: another (whoever it names) is refused, and the socket stays whose it was.
      if (party) return err(WS_ERR.badFrame, 'trade.wsBadMessage');
      let p: ResolvedParty | null = null;
      if (frame.token) {
        const auth = await resolveToken(app.db, frame.token);
        if (auth && auth.userStatus === 1) {
          p = await userParty(app, auth);
          sessionId = auth.sessionId;
          userIdOf = auth.userId;
        }
        if (!p) return end(WS_ERR.sessionEnded, 'auth.notLoggedIn', 'session ended');
      } else if (frame.guest) {
        p = await guestParty(app, frame.guest);
        if (!p) return end(WS_ERR.sessionEnded, 'service.guestEnded', 'guest session ended');
      } else return err(WS_ERR.badFrame, 'trade.wsBadMessage');
      if (closed) return;
      const me = p;
      party = me;
      const stream = new ChatStream(
        // A client claiming more than was ever sent would otherwise never hear the next messages.
        Math.max(Math.min(frame.after ?? me.lastSeq, me.lastSeq), me.fromSeq),
        (after, before) => app.serviceChat.between(me, after, before),
        (m) => send({ op: 'msg', m }),
        (e) => request.log.warn({ err: e }, 'service chat: stream failed'),
      );
      unwatch = app.serviceChat.hub.watch(me.conversationId, (e) => {
        if (e.t === 'msg') stream.offer(e.m);
        else if (e.side === 'operator')
          send(
            e.t === 'read'
              ? { op: 'read', conv: e.conv, side: e.side, seq: e.seq }
              : { op: 'typing', conv: e.conv, side: e.side },
          );
      });
      send({ op: 'ready', conv: me.conversationId, lastSeq: me.lastSeq, peerReadSeq: me.peerReadSeq });
      // What came after the client's last message (a reconnect's catch-up), then live.
      if (frame.after !== undefined) await stream.catchUp();
    };

    const act = async (frame: ChatClientFrame) => {
      if (frame.op === 'hello') return hello(frame);
      if (frame.op === 'ping') return send({ op: 'pong', t: frame.t });
      if (!party) return err(WS_ERR.sessionEnded, 'auth.notLoggedIn');
      if (frame.op === 'typing') return app.serviceChat.typing(party);
      try {
        if (frame.op === 'read') await app.serviceChat.read(party, frame.seq);
        else await app.serviceChat.sendText(party, frame.cid, frame.text);
      } catch (e) {
        if (e instanceof AppError) return err(-1001, e.key, 'cid' in frame ? frame.cid : undefined, e.params);
        throw e;
      }
    };

    let queue: Promise<void> = Promise.resolve();
    return {
      message: (data, isBinary) => {
        alive = true;
        const verdict = gate.accept(data, isBinary);
        if (!verdict.ok) {
          if (verdict.close) return end(WS_ERR.rateLimited, 'trade.wsTooFast', 'rate limit');
          return err(WS_ERR.badFrame, 'trade.wsBadMessage');
        }
        // One frame at a time per socket: a sender's messages are stored in the order sent.
        const frame = verdict.frame;
        queue = queue
          .then(() => act(frame))
          .catch((e: unknown) => {
            request.log.error({ err: e }, 'service chat: a frame failed');
            // A send names its message: the sender keeps it and may send it again with the same id.
            err(WS_ERR.busy, 'common.busy', frame.op === 'send' ? frame.cid : undefined);
          });
      },
      pong: () => {
        alive = true;
      },
      close: () => {
        closed = true;
        clearInterval(timer);
        stopRevoked();
        unwatch?.();
      },
    };
  });
};
