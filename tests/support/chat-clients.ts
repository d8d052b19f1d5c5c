// Chat socket clients for the server tests and the chat bench: a user's or guest's socket (/api/ws/service,
// hello with the token) and an operator's (/admin/api/ws/service, the console cookie), each recording every
// frame; and the load scenario (users and operators chatting at once, then every delivery checked).
import WebSocket from 'ws';
import {
  CHAT_WS_PATH,
  CONSOLE_CHAT_WS_PATH,
  type ChatMessage,
  type ChatServerFrame,
} from '../../contract/service.ts';
import { waitFor } from './wait-for.ts';

export interface ChatClient {
  ws: WebSocket;
  frames: ChatServerFrame[];
  msgs(): ChatMessage[];
  closed(): number | null;
  until(cond: () => boolean, timeoutMs?: number): Promise<number>;
  send(frame: unknown): void;
}

function client(url: string, headers: Record<string, string>): Promise<ChatClient> {
  const ws = new WebSocket(url, { headers: { 'accept-language': 'en-US', ...headers } });
  const frames: ChatServerFrame[] = [];
  let closed: number | null = null;
  ws.on('message', (raw) => frames.push(JSON.parse(String(raw)) as ChatServerFrame));
  ws.on('close', (code) => (closed = code));
  ws.on('error', () => {});
  const c: ChatClient = {
    ws,
    frames,
    msgs: () => frames.flatMap((f) => (f.op === 'msg' ? [f.m] : [])),
    closed: () => closed,
    until: (cond, timeoutMs = 10_000) =>
      waitFor(cond, {
        timeoutMs,
        what: () => `the condition; got ${JSON.stringify(frames).slice(-600)} closed=${closed}`,
      }),
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(c));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
  });
}

/** A user's (token) or guest's (guest) socket, after its `ready`. */
export async function appChat(
  host: string,
  who: { token: string } | { guest: string },
  after?: number,
): Promise<ChatClient> {
  const c = await client(`ws://${host}${CHAT_WS_PATH}`, {});
  c.send({ op: 'hello', ...who, ...(after !== undefined ? { after } : {}) });
  await c.until(() => c.frames.some((f) => f.op === 'ready' || f.op === 'err'));
  return c;
}

/** An operator's socket (the console cookie `name=value`), after its `ready`. */
export async function consoleChat(host: string, cookie: string): Promise<ChatClient> {
  const c = await client(`ws://${host}${CONSOLE_CHAT_WS_PATH}`, { cookie });
  await c.until(() => c.frames.some((f) => f.op === 'ready' || f.op === 'err'));
  return c;
}

let cids = 0;
/** A fresh client id. */
export const newCid = (): string => `c${process.pid}x${++cids}x${Math.random().toString(36).slice(2, 8)}`;
