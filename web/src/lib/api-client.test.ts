import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, setSessionEndHandler } from './api-client';
import { tokenStore } from './tokens';

vi.mock('./progress', () => ({ progressStart: vi.fn(), progressDone: vi.fn() }));

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function authHeader(init: RequestInit | undefined): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.Authorization;
}

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const sessionEnd = vi.fn();

  beforeEach(() => {
    fetchMock.mockReset();
    sessionEnd.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    setSessionEndHandler(sessionEnd);
    tokenStore.set({ token: 'old', refreshToken: 'r1' });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the bearer token and Accept-Language', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await apiRequest('auth/user');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/user');
    expect(authHeader(init)).toBe('Bearer old');
    expect((init?.headers as Record<string, string> | undefined)?.['Accept-Language']).toMatch(/^(cs|en)$/);
  });

  it('shares one refresh between concurrent 401s and retries each request once', async () => {
    let refreshCalls = 0;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/auth/refresh') {
        refreshCalls += 1;
        expect(JSON.parse(String(init?.body))).toEqual({ refreshToken: 'r1' });
        await new Promise((resolve) => setTimeout(resolve, 10));
        return json(200, { token: 'new', refreshToken: 'r2' });
      }
      if (authHeader(init) === 'Bearer new') return json(200, { url });
      return json(401, { error: { code: 'UNAUTHORIZED', message: 'no' } });
    });

    const [a, b] = await Promise.all([apiRequest('admin/users'), apiRequest('admin/roles')]);
    expect(a).toEqual({ url: '/api/admin/users' });
    expect(b).toEqual({ url: '/api/admin/roles' });
    expect(refreshCalls).toBe(1);
    expect(tokenStore.token).toBe('new');
    expect(tokenStore.refreshToken).toBe('r2');
    // two failed calls, one refresh, two retries
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('retries only once: a second 401 rejects with the response error', async () => {
    fetchMock.mockImplementation(async (input) => {
      if (String(input) === '/api/auth/refresh') return json(200, { token: 'new', refreshToken: 'r2' });
      return json(401, { error: { code: 'UNAUTHORIZED', message: 'Still no' } });
    });
    await expect(apiRequest('admin/users')).rejects.toMatchObject({ status: 401, message: 'Still no' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('logs out when the refresh answers 403, telling every tab the session ended', async () => {
    fetchMock.mockImplementation(async (input) => {
      if (String(input) === '/api/auth/refresh')
        return json(403, { error: { code: 'REFRESH_REJECTED', message: 'Session ended' } });
      return json(401, { error: { code: 'UNAUTHORIZED', message: 'no' } });
    });
    // The app learns where to go before its screens see the tokens go.
    let tokenAtEnd: string | null = null;
    sessionEnd.mockImplementation(() => {
      tokenAtEnd = tokenStore.token;
    });
    const told = vi.spyOn(Storage.prototype, 'setItem');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const refused = expect(apiRequest('admin/users')).rejects.toBeInstanceOf(ApiError);
      // Another tab's sign-out could have refused it: their word is waited for a moment first.
      await vi.advanceTimersByTimeAsync(1_000);
      expect(sessionEnd).not.toHaveBeenCalled();
      expect(tokenStore.token).toBe('old');
      await vi.advanceTimersByTimeAsync(500);
      await refused;
    } finally {
      vi.useRealTimers();
    }
    expect(sessionEnd).toHaveBeenCalledTimes(1);
    expect(tokenAtEnd).toBe('old');
    expect(told).toHaveBeenCalledWith('genodesk.sessionEnd', 'expired');
    expect(tokenStore.token).toBeNull();
    expect(tokenStore.refreshToken).toBeNull();
    told.mockRestore();
  });

  it('keeps a sign-out made while a renewal was under way: the renewed tokens are not stored', async () => {
    fetchMock.mockImplementation(async (input) => {
      if (String(input) === '/api/auth/refresh') {
        // The user signs out in the moment the renewal is on its way.
        tokenStore.clear('signedOut');
        return json(200, { token: 'new', refreshToken: 'r2' });
      }
      return json(401, { error: { code: 'UNAUTHORIZED', message: 'no' } });
    });
    await expect(apiRequest('admin/users')).rejects.toMatchObject({ status: 401 });
    expect(tokenStore.token).toBeNull();
    expect(tokenStore.refreshToken).toBeNull();
  });

  it('rejects with the refresh error on any other refresh failure and keeps the tokens', async () => {
    fetchMock.mockImplementation(async (input) => {
      if (String(input) === '/api/auth/refresh')
        return json(500, { error: { code: 'INTERNAL', message: 'Server broke' } });
      return json(401, { error: { code: 'UNAUTHORIZED', message: 'no' } });
    });
    await expect(apiRequest('admin/users')).rejects.toMatchObject({ status: 500, message: 'Server broke' });
    expect(sessionEnd).not.toHaveBeenCalled();
    expect(tokenStore.token).toBe('old');
  });

  it('turns error replies into ApiError with fields', async () => {
    fetchMock.mockResolvedValueOnce(
      json(409, { error: { code: 'CONFLICT', message: 'Dup', fields: { Email: 'Dup' } } }),
    );
    const error = await apiRequest('admin/users/create', { method: 'PUT', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', fields: { Email: 'Dup' }, details: {} });
  });

  it('keeps what an error reply gives to act on (its details)', async () => {
    fetchMock.mockResolvedValueOnce(
      json(409, { error: { code: 'CONFLICT', message: 'Free slot', details: { freeSlotIds: [7, 9] } } }),
    );
    const error = await apiRequest('admin/reservations', { method: 'PUT', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 409, details: { freeSlotIds: [7, 9] } });
  });

  it('keeps the answer’s request id, the reference a user quotes', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'Failed' } }), {
        status: 500,
        headers: { 'Content-Type': 'application/json', 'X-Request-Id': '4bf92f3577b34da6a3ce929d0e0e4736' },
      }),
    );
    const error = await apiRequest('admin/customers').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, requestId: '4bf92f3577b34da6a3ce929d0e0e4736' });
    fetchMock.mockResolvedValueOnce(new Response('<html>proxy</html>', { status: 502 }));
    const proxied = await apiRequest('admin/customers').catch((e: unknown) => e);
    expect(proxied).toMatchObject({ status: 502, requestId: null });
  });

  it('sends a raw body with its own Content-Type and resends it after a refresh', async () => {
    const file = new Blob(['Barcode;Code\nGD1;MTHFR\n'], { type: 'text/csv' });
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/auth/refresh') return json(200, { token: 'new', refreshToken: 'r2' });
      if (authHeader(init) !== 'Bearer new')
        return json(401, { error: { code: 'UNAUTHORIZED', message: 'no' } });
      const headers = init?.headers as Record<string, string>;
      return json(202, { type: headers['Content-Type'], sameFile: init?.body === file });
    });
    const reply = await apiRequest('admin/results/upload', {
      method: 'POST',
      query: { FileName: 'plate 1.csv' },
      rawBody: { data: file, contentType: 'text/csv' },
    });
    expect(reply).toEqual({ type: 'text/csv', sameFile: true });
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe('/api/admin/results/upload?FileName=plate+1.csv');
  });

  it('gives every state-changing call an Idempotency-Key, kept for its resend after a refresh', async () => {
    const keys: (string | undefined)[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/auth/refresh') return json(200, { token: 'new', refreshToken: 'r2' });
      keys.push((init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']);
      if (authHeader(init) !== 'Bearer new')
        return json(401, { error: { code: 'UNAUTHORIZED', message: 'no' } });
      return json(200, {});
    });
    await apiRequest('admin/samples/startanalysis', { method: 'POST', body: { Ids: [164] } });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    await apiRequest('admin/samples/startanalysis', { method: 'POST', body: { Ids: [164] } });
    expect(keys[2]).not.toBe(keys[0]);
    await apiRequest('admin/customers', { method: 'PUT', body: {}, idempotencyKey: 'registration-form-1' });
    expect(keys[3]).toBe('registration-form-1');
    await apiRequest('admin/customers');
    expect(keys[4]).toBeUndefined();
  });

  it('does not refresh public calls', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { error: { code: 'INVALID_CREDENTIALS', message: 'Wrong' } }));
    await expect(
      apiRequest('auth/adminLogin', { method: 'POST', body: {}, auth: false }),
    ).rejects.toMatchObject({ message: 'Wrong' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
