// The chat's REST calls for a signed-in user (the session's access token) or a guest (its chat token in the
// x-chat-guest header): history pages, an image upload and an image's bytes (fetched with the credentials and
// shown as a blob: URL, since an <img> cannot send a header). A refusal throws the server's own message.
import { CHAT_GUEST_HEADER, type ChatHistory, type ChatMessage } from '../../../contract/service.ts';
import type { ApiEnvelope } from '../../../workers/protocol/api.ts';
import { storage } from '../../shared/storage/storage.ts';

/** Who is chatting: a signed-in user, or a guest with its token from service/guest. */
export type ChatWho = { kind: 'user' } | { kind: 'guest'; token: string };

export class ChatCallError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

function headers(who: ChatWho): Record<string, string> {
  const h: Record<string, string> = { Accept: 'application/json', 'Accept-Language': storage.get('lang') };
  if (who.kind === 'guest') h[CHAT_GUEST_HEADER] = who.token;
  else {
    const token = storage.get('userToken');
    if (token) h['accesstoken'] = token;
  }
  return h;
}

async function envelopeOf<T>(res: Response): Promise<T> {
  const body = (await res.json()) as ApiEnvelope<T>;
  if (body.code !== 0) throw new ChatCallError(body.msg, body.code);
  return body.data;
}

export async function fetchHistory(who: ChatWho, before?: number): Promise<ChatHistory> {
  const q = before !== undefined ? `?before=${before}` : '';
  return envelopeOf<ChatHistory>(await fetch(`/api/service/messages${q}`, { headers: headers(who) }));
}

export async function uploadImage(who: ChatWho, clientId: string, file: Blob): Promise<ChatMessage> {
  const form = new FormData();
  form.append('clientId', clientId);
  form.append('image', file, 'image');
  return envelopeOf<ChatMessage>(
    await fetch('/api/service/image', { method: 'POST', headers: headers(who), body: form }),
  );
}

export async function fetchImageUrl(who: ChatWho, id: number): Promise<string> {
  const res = await fetch(`/api/service/image/${id}`, { headers: headers(who) });
  if (!res.ok || !res.headers.get('content-type')?.startsWith('image/')) await envelopeOf(res);
  return URL.createObjectURL(await res.blob());
}

/** The credentials of the socket's hello. */
export function helloOf(who: ChatWho): { token: string } | { guest: string } {
  return who.kind === 'guest' ? { guest: who.token } : { token: storage.get('userToken') ?? '' };
}

/** A fresh client id for a message (a resend carries it again). */
export function newClientId(): string {
  return crypto.randomUUID();
}
