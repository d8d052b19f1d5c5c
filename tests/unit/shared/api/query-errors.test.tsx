// @vitest-environment jsdom
// The data client's error mapping through the QueryClient's one global handler: -1000 clears the session
// once however many queries fail together, -1001 toasts its msg once (1 s, no icon) and the caller gets no
// data, a lost answer is a NetworkError that is retried and reported to nobody.
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BusinessError, NetworkError, SessionError } from '../../../../src/shared/api/api-errors.ts';
import { resetApiHandlers, setApiHandlers } from '../../../../src/shared/api/api-handlers.ts';
import { getData } from '../../../../src/shared/api/data-client.ts';
import { createQueryClient } from '../../../../src/shared/query/query-client.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';
import { api, http, HttpResponse, refused, sessionInvalid, useMswServer, server } from '../../support/msw.ts';

useMswServer();
const toast = vi.fn();
const onSessionInvalid = vi.fn();

beforeEach(() => {
  toast.mockReset();
  onSessionInvalid.mockReset();
  setApiHandlers({ toast, onSessionInvalid });
  storage.saveLogin({
    token: 'tok-real',
    tokenReal: 'tok-real',
    tokenDemo: 'tok-demo',
    accountType: 'real',
    user: { id: 1 } as never,
  });
});
afterEach(() => resetApiHandlers());

/** Runs one query to its end and returns its final state. */
async function settle(client: ReturnType<typeof createQueryClient>, key: string, path: string) {
  const obs = new QueryObserver(client, { queryKey: [key], queryFn: () => getData<unknown>(path) });
  const unsubscribe = obs.subscribe(() => undefined);
  await vi.waitFor(() => expect(obs.getCurrentResult().status).not.toBe('pending'), { timeout: 10_000 });
  unsubscribe();
  return obs.getCurrentResult();
}

describe('the data client and the global handler', () => {
  it('-1000 clears the session and goes to login once, however many queries fail together', async () => {
    server.use(
      http.get(api('stock/order/list'), sessionInvalid),
      http.get(api('stock/income'), sessionInvalid),
    );
    const client = createQueryClient();
    const [a, b] = await Promise.all([
      settle(client, 'orders', 'stock/order/list'),
      settle(client, 'income', 'stock/income'),
    ]);
    expect(a.error).toBeInstanceOf(SessionError);
    expect(b.error).toBeInstanceOf(SessionError);
    expect(storage.get('userToken')).toBe('');
    expect(storage.get('userTokenDemo')).toBe('');
    expect(onSessionInvalid).toHaveBeenCalledTimes(1);
    expect(toast).not.toHaveBeenCalled();
  });

  it('-1001 toasts its msg once for 1 s with no icon, is not retried, and the caller gets no data', async () => {
    let asked = 0;
    server.use(
      http.get(api('stock/info'), () => {
        asked += 1;
        return refused('Unknown symbol');
      }),
    );
    const result = await settle(createQueryClient(), 'info', 'stock/info');
    expect(result.data).toBeUndefined();
    expect(result.error).toBeInstanceOf(BusinessError);
    expect((result.error as BusinessError).msg).toBe('Unknown symbol');
    expect(asked).toBe(1);
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith('Unknown symbol', { durationMs: 1000, icon: 'none' });
    expect(storage.get('userToken')).toBe('tok-real');
  });

  it('a lost answer is a NetworkError, retried, with no toast and the session kept', async () => {
    let asked = 0;
    server.use(
      http.get(api('stock/income'), () => {
        asked += 1;
        return HttpResponse.error();
      }),
    );
    const client = createQueryClient();
    // Same policy, no back-off wait in the test.
    client.setQueryDefaults(['income'], { retryDelay: 0 });
    const result = await settle(client, 'income', 'stock/income');
    expect(result.error).toBeInstanceOf(NetworkError);
    expect((result.error as NetworkError).kind).toBe('network');
    expect(asked).toBe(4);
    expect(toast).not.toHaveBeenCalled();
    expect(onSessionInvalid).not.toHaveBeenCalled();
    expect(storage.get('userToken')).toBe('tok-real');
  });

  it('a -1000 of a session that is already gone (the user switched or signed in again) changes nothing', async () => {
    server.use(http.get(api('stock/income'), sessionInvalid));
    const client = createQueryClient();
    const obs = new QueryObserver(client, {
      queryKey: ['income'],
      queryFn: async () => {
        const p = getData<unknown>('stock/income');
        storage.switchAccountType('demo'); // the token the call went with is no longer current
        return p;
      },
    });
    const off = obs.subscribe(() => undefined);
    await vi.waitFor(() => expect(obs.getCurrentResult().status).toBe('error'));
    off();
    expect(storage.get('userToken')).toBe('tok-demo');
    expect(onSessionInvalid).not.toHaveBeenCalled();
  });
});
