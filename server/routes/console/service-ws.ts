// GET /admin/api/ws/service: the console's chat socket. The console's session cookie (Path=/admin) signs it
// in at the handshake (console-auth.ts refuses the upgrade without one); the operator needs the support role.
// It carries every conversation's messages (once each, in seq order per conversation: one ChatStream per
// conversation, started at the first message seen, the history coming over REST), the users' typing and read
// markers; the operator sends texts, typing and read markers naming the conversation.
import type { FastifyPluginAsync } from 'fastify';
import { Compile } from 'typebox/compile';
import { WS_ERR } from '../../../contract/ws.ts';
import { CONSOLE_CHAT_WS_PATH, ConsoleChatFrame, type ChatServerFrame } from '../../../contract/service.ts';
import { WS_HEARTBEAT_MS } from '../../../workers/protocol/market.ts';
import { operatorOfSession } from '../../domain/console/console-sessions.ts';
import { mayAct } from '../../domain/console/roles.ts';
import { conversationById } from '../../domain/service-chat/chat-repo.ts';
import type { ChatParty } from '../../domain/service-chat/chat-service.ts';
import { ChatStream } from '../../domain/service-chat/chat-stream.ts';
import { FrameGate, type FrameVerdict } from '../../domain/ws/frame-gate.ts';
import { AppError } from '../../errors.ts';
import { socketRoute } from '../../plugins/websockets.ts';
import { cookieToken } from './console-auth.ts';
import { SUPPORT } from './service-routes.ts';

const HIGH_WATER_MARK = 1024 * 1024;
/** Operators answer many users: a larger frame budget than an app socket's. */
const OPERATOR_FRAMES = { capacity: 200, perSecond: 50 };
const checkFrame = Compile(ConsoleChatFrame);

export const consoleServiceWs: FastifyPluginAsync = async (app) => {
  socketRoute(app, CONSOLE_CHAT_WS_PATH.slice('/admin/api'.length), (socket, request) => {
    const op = request.operator;
    const token = cookieToken(request);
    const send = (f: ChatServerFrame) => {
      if (socket.readyState !== socket.OPEN) return;
      if (socket.bufferedAmount > HIGH_WATER_MARK) return socket.terminate();
      socket.send(JSON.stringify(f));
    };
    const err = (code: number, key: string, cid?: string, params = {}) =>
      send({ op: 'err', code, msg: app.translator.t(request.lang, key, params), ...(cid ? { cid } : {}) });
    if (!op || !mayAct(op.roles, SUPPORT)) {
      err(WS_ERR.sessionEnded, 'console.forbidden');
      socket.close(1008, 'forbidden');
      return { message: () => {}, close: () => {} };
    }
    const gate = new FrameGate(checkFrame, OPERATOR_FRAMES);
    const party = (conv: number): ChatParty => ({
      conversationId: conv,
      side: 'operator',
      operatorId: op.id,
      limitKey: `o:${op.id}`,
      fromSeq: 0,
    });
    const streams = new Map<number, ChatStream>();
    const streamOf = (conv: number, first: number) => {
      let s = streams.get(conv);
      if (!s) {
        const p = party(conv);
        s = new ChatStream(
          first - 1,
          (after, before) => app.serviceChat.between(p, after, before),
          (m) => send({ op: 'msg', m }),
          (e) => request.log.warn({ err: e }, 'console chat: stream failed'),
        );
        streams.set(conv, s);
      }
      return s;
    };
    const unwatch = app.serviceChat.hub.watchAll((e) => {
      if (e.t === 'msg') return streamOf(e.m.conversationId, e.m.seq).offer(e.m);
      // Both sides' read markers (another operator's read clears the badge here too); the user's typing.
      if (e.t === 'read') return send({ op: 'read', conv: e.conv, side: e.side, seq: e.seq });
      if (e.side === 'user') send({ op: 'typing', conv: e.conv, side: e.side });
    });
    let alive = true;
    const timer = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
      // A session that ended (logout, disabled, idle) loses its socket.
      void operatorOfSession(app.db, token, Date.now()).then((still) => {
        if (!still) socket.close(1008, 'session ended');
      });
    }, WS_HEARTBEAT_MS);
    timer.unref();
    send({ op: 'ready', conv: null, lastSeq: 0, peerReadSeq: 0 });

    const act = async (frame: ConsoleChatFrame) => {
      if (frame.op === 'ping') return send({ op: 'pong', t: frame.t });
      if (!(await conversationById(app.db, frame.conv))) return err(-1001, 'console.notFound');
      const p = party(frame.conv);
      if (frame.op === 'typing') return app.serviceChat.typing(p);
      try {
        if (frame.op === 'read') await app.serviceChat.read(p, frame.seq);
        else await app.serviceChat.sendText(p, frame.cid, frame.text);
      } catch (e) {
        if (e instanceof AppError) return err(-1001, e.key, 'cid' in frame ? frame.cid : undefined, e.params);
        throw e;
      }
    };
    let queue: Promise<void> = Promise.resolve();
    return {
      message: (data, isBinary) => {
        alive = true;
        const verdict: FrameVerdict<ConsoleChatFrame> = gate.accept(data, isBinary);
        if (!verdict.ok) {
          if (verdict.close) {
            err(WS_ERR.rateLimited, 'trade.wsTooFast');
            return socket.close(1008, 'rate limit');
          }
          return err(WS_ERR.badFrame, 'trade.wsBadMessage');
        }
        // One frame at a time per socket: a sender's messages are stored in the order sent.
        const frame = verdict.frame;
        queue = queue
          .then(() => act(frame))
          .catch((e: unknown) => {
            request.log.error({ err: e }, 'console chat: a frame failed');
            // A send names its message: the sender keeps it and may send it again with the same id.
            err(WS_ERR.busy, 'common.busy', frame.op === 'send' ? frame.cid : undefined);
          });
      },
      pong: () => {
        alive = true;
      },
      close: () => {
        clearInterval(timer);
        unwatch();
      },
    };
  });
};
