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

/** Starts MSW for the file; any request without a handler fails the test rather than reaching out. */
export function useMswServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    seen.length = 0;
  });
  afterAll(() => server.close());
}

export { http, HttpResponse };
