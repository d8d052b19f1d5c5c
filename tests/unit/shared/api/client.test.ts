// The request module of spec §7/§8 against a stubbed fetch: headers, form encoding, the answer rules for
// -1000 and -1001, the loader, network failures and the 60 s time-out.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiNetworkError } from '../../../../src/shared/api/api-error.ts';
import { resetApiHandlers, setApiHandlers } from '../../../../src/shared/api/api-handlers.ts';
import { apiGet, apiPost, REQUEST_TIMEOUT_MS } from '../../../../src/shared/api/client.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';

type FetchArgs = [url: string, init: RequestInit];
const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const handlers = {
  toast: vi.fn(),
  showLoader: vi.fn(),
  hideLoader: vi.fn(),
  onSessionInvalid: vi.fn(),
};

function lastCall(): { url: string; init: RequestInit; headers: Record<string, string> } {
  const call = fetchMock.mock.lastCall;
  if (!call) throw new Error('fetch was not called');
  const [url, init] = call;
  return { url, init, headers: init.headers as Record<string, string> };
}

/** A fetch that never answers by itself and rejects like the platform when its signal aborts. */
function hangingFetch(_url: string, init: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    if (init.signal?.aborted) reject(new DOMException('aborted', 'AbortError'));
    init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setApiHandlers(handlers);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  for (const h of Object.values(handlers)) h.mockReset();
  resetApiHandlers();
  storage.clearSession();
  storage.setLang('ur-PK');
});

describe('requests', () => {
  it('sends GET params in the query string, skipping undefined and null', async () => {
    fetchMock.mockResolvedValue(json({ code: 0, msg: 'ok', data: [1] }));
    const res = await apiGet<number[]>('stock/list', { page: 2, q: 'حبیب بینک', size: undefined, x: null });
    expect(res).toEqual({ code: 0, msg: 'ok', data: [1] });
    const { url, init } = lastCall();
    expect(url).toBe('/api/stock/list?page=2&q=%D8%AD%D8%A8%DB%8C%D8%A8+%D8%A8%DB%8C%D9%86%DA%A9');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('sends no query string when there are no params, and strips a leading slash', async () => {
    fetchMock.mockResolvedValue(json({ code: 0, msg: '', data: null }));
    await apiGet('/user/login/info');
    expect(lastCall().url).toBe('/api/user/login/info');
  });

  it('form-encodes POST bodies in UTF-8', async () => {
    fetchMock.mockResolvedValue(json({ code: 0, msg: '', data: null }));
    await apiPost('user/login', { account: '+923001234567', password: 'p&s=s word', remember: true, n: 1.5 });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/user/login');
    expect(init.method).toBe('POST');
    expect(headers['Content-Type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(init.body).toBe('account=%2B923001234567&password=p%26s%3Ds+word&remember=true&n=1.5');
    expect(Object.fromEntries(new URLSearchParams(init.body as string))).toEqual({
      account: '+923001234567',
      password: 'p&s=s word',
      remember: 'true',
      n: '1.5',
    });
  });

  it('sends the XHR marker, Accept JSON, the stored token and the stored language', async () => {
    fetchMock.mockResolvedValue(json({ code: 0, msg: '', data: null }));
    storage.set('userToken', 'tok-123');
    storage.setLang('en-US');
    await apiGet('user/info');
    expect(lastCall().headers).toMatchObject({
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
      accesstoken: 'tok-123',
      'Accept-Language': 'en-US',
    });
  });

  it('defaults Accept-Language to ur-PK and omits an empty token', async () => {
    fetchMock.mockResolvedValue(json({ code: 0, msg: '', data: null }));
    await apiGet('index/news');
    const { headers } = lastCall();
    expect(headers['Accept-Language']).toBe('ur-PK');
    expect(headers).not.toHaveProperty('accesstoken');
  });

  it('uses an explicit base', async () => {
    fetchMock.mockResolvedValue(json({ code: 0, msg: '', data: null }));
    await apiGet('user/info', { a: 1 }, { base: 'https://api.example.com/api/' });
    expect(lastCall().url).toBe('https://api.example.com/api/user/info?a=1');
  });
});

describe('answers', () => {
  it('returns any other code to the caller', async () => {
    fetchMock.mockResolvedValue(json({ code: 7, msg: 'odd', data: { x: 1 } }));
    await expect(apiPost('vote')).resolves.toEqual({ code: 7, msg: 'odd', data: { x: 1 } });
    expect(handlers.toast).not.toHaveBeenCalled();
  });

  it('-1000 clears the session, calls onSessionInvalid and returns the body', async () => {
    storage.saveLogin({
      token: 'r',
      tokenReal: 'r',
      tokenDemo: 'd',
      accountType: 'demo',
      user: {
        id: 1,
        account: 'a',
        status: 1,
        idStatus: 'none',
        areaCode: '+92',
        phone: '3001234567',
        accountType: 'demo',
        inviteCode: '',
        openAutoApply: 0,
        hasTradePassword: false,
        hasWithdrawPassword: false,
        createdAt: '',
      },
    });
    storage.set('noticeData', [1]);
    handlers.onSessionInvalid.mockImplementation(() => {
      // The session is gone by the time the app navigates.
      expect(storage.get('userToken')).toBe('');
    });
    const body = { code: -1000, msg: 'please log in first', data: null };
    fetchMock.mockResolvedValue(json(body));
    await expect(apiGet('user/info')).resolves.toEqual(body);
    expect(handlers.onSessionInvalid).toHaveBeenCalledTimes(1);
    expect(storage.get('userToken')).toBe('');
    expect(storage.get('userTokenReal')).toBe('');
    expect(storage.get('userTokenDemo')).toBe('');
    expect(storage.get('userInfo')).toBeNull();
    expect(storage.get('noticeData')).toBeNull();
    expect(storage.get('userAccountType')).toBe('real');
    expect(handlers.toast).not.toHaveBeenCalled();
  });

  it('-1001 toasts msg for 1 s with no icon and gives the caller undefined', async () => {
    fetchMock.mockResolvedValue(json({ code: -1001, msg: 'Insufficient Balance', data: null }));
    await expect(apiPost('stock/order/buy', { qty: 100 })).resolves.toBeUndefined();
    expect(handlers.toast).toHaveBeenCalledWith('Insufficient Balance', { durationMs: 1000, icon: 'none' });
    expect(handlers.onSessionInvalid).not.toHaveBeenCalled();
  });

  it('reads an envelope even from an HTTP error status', async () => {
    fetchMock.mockResolvedValue(json({ code: -1001, msg: 'slow down', data: null }, 429));
    await expect(apiPost('user/login')).resolves.toBeUndefined();
    expect(handlers.toast).toHaveBeenCalledWith('slow down', { durationMs: 1000, icon: 'none' });
  });

  it('a throwing toast handler does not change the outcome', async () => {
    handlers.toast.mockImplementation(() => {
      throw new Error('ui broke');
    });
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(json({ code: -1001, msg: 'x', data: null }));
    await expect(apiPost('vote')).resolves.toBeUndefined();
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });
});

describe('loader', () => {
  it('shows before and hides after a successful call', async () => {
    const order: string[] = [];
    handlers.showLoader.mockImplementation(() => order.push('show'));
    handlers.hideLoader.mockImplementation(() => order.push('hide'));
    fetchMock.mockImplementation(async () => {
      order.push('fetch');
      return json({ code: 0, msg: '', data: null });
    });
    await apiGet('index/ads', undefined, { loader: true });
    expect(order).toEqual(['show', 'fetch', 'hide']);
  });

  it('hides before the -1001 toast', async () => {
    const order: string[] = [];
    handlers.hideLoader.mockImplementation(() => order.push('hide'));
    handlers.toast.mockImplementation(() => order.push('toast'));
    fetchMock.mockResolvedValue(json({ code: -1001, msg: 'no', data: null }));
    await apiPost('vote', undefined, { loader: true });
    expect(order).toEqual(['hide', 'toast']);
  });

  it('stays untouched without the option', async () => {
    fetchMock.mockResolvedValue(json({ code: 0, msg: '', data: null }));
    await apiGet('index/ads');
    expect(handlers.showLoader).not.toHaveBeenCalled();
    expect(handlers.hideLoader).not.toHaveBeenCalled();
  });
});

describe('failures', () => {
  it('a network failure hides the loader and rejects with ApiNetworkError', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const err: unknown = await apiGet('index/ads', undefined, { loader: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiNetworkError);
    expect((err as ApiNetworkError).kind).toBe('network');
    expect((err as ApiNetworkError).cause).toBeInstanceOf(TypeError);
    expect(handlers.showLoader).toHaveBeenCalledTimes(1);
    expect(handlers.hideLoader).toHaveBeenCalledTimes(1);
    expect(handlers.toast).not.toHaveBeenCalled();
  });

  it('a non-JSON answer rejects', async () => {
    fetchMock.mockResolvedValue(new Response('<html>oops</html>', { status: 200 }));
    await expect(apiGet('index/ads')).rejects.toMatchObject({ name: 'ApiNetworkError', kind: 'parse' });
  });

  it('JSON without a numeric code rejects', async () => {
    fetchMock.mockResolvedValue(json({ ok: true }));
    await expect(apiGet('index/ads')).rejects.toMatchObject({ kind: 'parse' });
  });

  it('an HTTP error without an envelope rejects with its status', async () => {
    fetchMock.mockResolvedValue(new Response('Bad Gateway', { status: 502 }));
    await expect(apiGet('index/ads', undefined, { loader: true })).rejects.toMatchObject({
      kind: 'http',
      status: 502,
    });
    expect(handlers.hideLoader).toHaveBeenCalledTimes(1);
  });

  it('times out after 60 s, aborting fetch, hiding the loader and rejecting', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch);
    const settled = vi.fn();
    const p = apiGet('stock/list', undefined, { loader: true }).then(settled, (e: unknown) => {
      settled(e);
      throw e;
    });
    p.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    expect(lastCall().init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(p).rejects.toMatchObject({ kind: 'timeout' });
    expect(lastCall().init.signal?.aborted).toBe(true);
    expect(handlers.hideLoader).toHaveBeenCalledTimes(1);
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
  });

  it('the time-out also covers the body download', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async (_url, init) => {
      const body = new Promise<string>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
      return { ok: true, status: 200, text: () => body } as unknown as Response;
    });
    const p = apiGet('stock/list');
    p.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    await expect(p).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('clears its timer after an answer', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(json({ code: 0, msg: '', data: null }));
    await apiGet('index/ads');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with kind aborted when the caller cancels', async () => {
    fetchMock.mockImplementation(hangingFetch);
    const controller = new AbortController();
    const p = apiGet('stock/list', undefined, { signal: controller.signal });
    controller.abort();
    await expect(p).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('honours an already-aborted signal', async () => {
    fetchMock.mockImplementation(hangingFetch);
    const p = apiGet('stock/list', undefined, { signal: AbortSignal.abort(), loader: true });
    await expect(p).rejects.toMatchObject({ kind: 'aborted' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(handlers.hideLoader).toHaveBeenCalledTimes(1);
  });
});
