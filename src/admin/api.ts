// The console's calls to /admin/api: same origin, the HttpOnly cookie sent by the browser, form-encoded
// bodies, and the `x-console: 1` header on every POST (the server's CSRF check). Answers are the envelope.
export class ConsoleApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ConsoleApiError';
  }
}

let lang = 'ur-PK';
export function setApiLang(next: string): void {
  lang = next;
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  field?: string;
}

async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, string> = {},
): Promise<T> {
  const qs = new URLSearchParams(params).toString();
  const url = `/admin/api/${path}${method === 'GET' && qs ? `?${qs}` : ''}`;
  const res = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: {
      'accept-language': lang,
      ...(method === 'POST' ? { 'x-console': '1', 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(method === 'POST' ? { body: qs } : {}),
  });
  const body = (await res.json()) as Envelope<T>;
  if (body.code !== 0) throw new ConsoleApiError(body.code, body.msg, body.field);
  return body.data;
}

export const apiGet = <T>(path: string, query?: Record<string, string>) => call<T>('GET', path, query);
export const apiPost = <T>(path: string, body?: Record<string, string>) => call<T>('POST', path, body);
