// WebSocket support and the rules every socket route shares, so no frame or connection can take the process
// down or make it grow without bound:
// - frames larger than WS_MAX_FRAME_BYTES are refused by `ws` itself (close 1009) before they are buffered;
//   no per-message compression (nothing to inflate);
// - a plain GET on a socket path answers 426 with the envelope; a broken handshake 400 with the envelope;
// - at most `perIp` sockets per address and `total` per node (429 with the envelope beyond);
// - every socket event handler runs inside a guard: an exception closes that socket (1011) and is logged,
//   never more.
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { WS_MAX_FRAME_BYTES } from '../../contract/ws.ts';
import { CODE_BUSINESS } from '../../workers/protocol/api.ts';
import { AppError } from '../errors.ts';
import fp from 'fastify-plugin';

export interface SocketLimits {
  /** open sockets per client address, both socket paths together */
  perIp: number;
  /** open sockets on this node */
  total: number;
}

/** Counts open sockets per address and in all; admission is checked before the upgrade. */
export class SocketAdmission {
  private readonly byIp = new Map<string, number>();
  private open = 0;

  constructor(readonly limits: SocketLimits) {}

  get count(): number {
    return this.open;
  }

  /** The refusal's message key when this address may not open one more socket now, else null. */
  refusal(ip: string): string | null {
    if (this.open >= this.limits.total) return 'ws.nodeFull';
    if ((this.byIp.get(ip) ?? 0) >= this.limits.perIp) return 'ws.tooManyPerAddress';
    return null;
  }

  opened(ip: string): void {
    this.open += 1;
    this.byIp.set(ip, (this.byIp.get(ip) ?? 0) + 1);
  }

  closed(ip: string): void {
    this.open = Math.max(0, this.open - 1);
    const n = (this.byIp.get(ip) ?? 1) - 1;
    if (n > 0) this.byIp.set(ip, n);
    else this.byIp.delete(ip);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    socketAdmission: SocketAdmission;
  }
}

export const websocketsPlugin = fp(
  async (app) => {
    const limits: SocketLimits = app.config.sockets;
    await app.register(websocket, {
      options: { maxPayload: WS_MAX_FRAME_BYTES, perMessageDeflate: false },
      // A socket-level error (oversized frame, invalid UTF-8, a reset) is the client's: note it, drop the socket.
      errorHandler: (err, socket, request) => {
        request.log.info({ err: { message: err.message } }, 'websocket dropped on error');
        socket.terminate();
      },
    });
    app.decorate('socketAdmission', new SocketAdmission(limits));
  },
  { name: 'websockets', dependencies: ['config'] },
);

/** What a socket route does with one connection; each handler runs guarded. */
export interface SocketHandlers {
  message(data: unknown, isBinary: boolean): void;
  pong?(): void;
  close(): void;
}

const WS_KEY = /^[+/0-9A-Za-z]{22}==$/;

/**
 * Registers GET `path` as a WebSocket route with the shared rules; `open` is called once per accepted
 * socket and returns its handlers.
 */
export function socketRoute(
  app: FastifyInstance,
  path: string,
  open: (socket: WebSocket, request: FastifyRequest) => SocketHandlers,
): void {
  app.route({
    method: 'GET',
    url: path,
    config: { auth: 'public' },
    schema: { hide: true },
    preValidation: async (request: FastifyRequest) => {
      if (!request.ws) return; // a plain GET: the handler answers 426
      const key = request.headers['sec-websocket-key'];
      const version = request.headers['sec-websocket-version'];
      const upgrade = request.headers['upgrade'];
      if (
        typeof key !== 'string' ||
        !WS_KEY.test(key) ||
        version !== '13' ||
        typeof upgrade !== 'string' ||
        upgrade.toLowerCase() !== 'websocket'
      ) {
        throw new AppError('ws.badHandshake', {}, CODE_BUSINESS, 400);
      }
      const refused = app.socketAdmission.refusal(request.ip);
      if (refused) throw new AppError(refused, {}, CODE_BUSINESS, 429);
    },
    handler: async (_request: FastifyRequest, reply: FastifyReply) => {
      reply.header('upgrade', 'websocket');
      throw new AppError('ws.upgradeRequired', {}, CODE_BUSINESS, 426);
    },
    wsHandler: (socket: WebSocket, request: FastifyRequest) => {
      const admission = app.socketAdmission;
      admission.opened(request.ip);
      let closed = false;
      let handlers: SocketHandlers | undefined;
      const fail = (what: string, err: unknown) => {
        request.log.error({ err }, `websocket ${what} failed; closing the socket`);
        if (socket.readyState === socket.OPEN) socket.close(1011, 'server error');
        else socket.terminate();
      };
      const onClose = () => {
        if (closed) return;
        closed = true;
        admission.closed(request.ip);
        try {
          handlers?.close();
        } catch (err) {
          request.log.error({ err }, 'websocket close handler failed');
        }
      };
      socket.on('close', onClose);
      socket.on('message', (data, isBinary) => {
        if (closed || !handlers) return;
        try {
          handlers.message(data, isBinary);
        } catch (err) {
          fail('message handler', err);
        }
      });
      socket.on('pong', () => {
        try {
          handlers?.pong?.();
        } catch (err) {
          fail('pong handler', err);
        }
      });
      try {
        handlers = open(socket, request);
      } catch (err) {
        fail('open', err);
      }
    },
  });
}
