// The network for component tests, mocked at the fetch level (CONVENTIONS rule 16): an MSW server that
// answers the API's paths with the spec's {code,msg,data} envelope. Tests add handlers with `server.use`.
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** The API path pattern (same-origin base '/api/' in tests). */
export const api = (path: string): string => `*/api/${path}`;

export const ok = (data: JsonBodyType) => HttpResponse.json({ code: 0, msg: '', data });
export const refused = (msg: string) => HttpResponse.json({ code: -1001, msg, data: null });
export const sessionInvalid = () => HttpResponse.json({ code: -1000, msg: 'session', data: null });

/** Every request the server saw, for tests that check what was sent (path, query, token). */
export const seen: { path: string; query: URLSearchParams; token: string }[] = [];

export const server = setupServer();

server.events.on('request:start', ({ request }) => {
  const u = new URL(request.url);
  seen.push({
    path: u.pathname.replace(/^\/api\//, ''),
    query: u.searchParams,
    token: request.headers.get('accesstoken') ?? '',
  });
});

/** One API request as `answerAll` saw it: the form body decoded (POST), the query (GET). */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: URLSearchParams;
}

/** Every request `answerAll` answered, in order (cleared after each test). */
export const calls: ApiCall[] = [];

/**
 * Answers every API path with `answer(call)` — ok(data), refused(msg), HttpResponse.error() for a network
 * failure — or, when it returns undefined, with `fallback` (default: data null), recording each call first.
 * For screens that call many paths, where a test's table of answers reads better than a handler per path.
 */
export function answerAll(
  answer: (call: ApiCall) => Response | undefined,
  fallback: () => Response = () => ok(null),
): void {
  server.use(
    http.all(api('*'), async ({ request }) => {
      const u = new URL(request.url);
      const call: ApiCall = {
        method: request.method,
        path: u.pathname.replace(/^\/api\//, ''),
        query: u.searchParams,
        body: new URLSearchParams(request.method === 'GET' ? '' : await request.text()),
      };
      calls.push(call);
      return answer(call) ?? fallback();
    }),
  );
}

/** Starts MSW for the file; any request without a handler fails the test rather than reaching out. */
export function useMswServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    seen.length = 0;
    calls.length = 0;
  });
  afterAll(() => server.close());
}

export { http, HttpResponse };
