import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./progress', () => ({ progressStart: vi.fn(), progressDone: vi.fn() }));

type ApiClient = typeof import('./api-client');

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Web Locks as a browser grants them to the tabs of one origin: one holder of a name at a time, in turn. */
function fakeLocks() {
  const tails = new Map<string, Promise<unknown>>();
  const held = new Set<string>();
  return {
    request<T>(
      name: string,
      options: { ifAvailable?: boolean } | ((lock: unknown) => Promise<T>),
      callback?: (lock: unknown) => Promise<T>,
    ): Promise<T> {
      const granted = typeof options === 'function' ? options : (callback as (lock: unknown) => Promise<T>);
      if (typeof options === 'object' && options.ifAvailable && held.has(name)) return granted(null);
      const run = (tails.get(name) ?? Promise.resolve()).then(async () => {
        held.add(name);
        try {
          return await granted({ name });
        } finally {
          held.delete(name);
        }
      });
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

/**
 * The API's sign-in, as `auth/service.ts` keeps it: a refresh token is good once, and one used a
 * second time ends the whole sign-in.
 */
function server() {
  const state = { access: 'fresh-0', refresh: 'r0', used: new Set<string>(), revoked: false, refreshes: 0 };
  const fetch = vi.fn<typeof globalThis.fetch>(async (input, init) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (String(input) === '/api/auth/refresh') {
      state.refreshes += 1;
      const { refreshToken } = JSON.parse(String(init?.body)) as { refreshToken: string };
      if (state.used.has(refreshToken)) state.revoked = true;
      if (state.revoked || refreshToken !== state.refresh)
        return json(401, { error: { code: 'UNAUTHORIZED', message: 'Sign in again' } });
      state.used.add(refreshToken);
      state.access = `fresh-${state.refreshes}`;
      state.refresh = `r${state.refreshes}`;
      return json(200, { token: state.access, refreshToken: state.refresh });
    }
    const authorization = (init?.headers as Record<string, string> | undefined)?.Authorization;
    if (!state.revoked && authorization === `Bearer ${state.access}`) return json(200, { ok: true });
    return json(401, { error: { code: 'UNAUTHORIZED', message: 'Expired' } });
  });
  return { state, fetch };
}

/** A tab of the app: its own copy of the API client's module, the browser's storage shared. */
async function openTab(): Promise<ApiClient & { sessionEnd: ReturnType<typeof vi.fn> }> {
  vi.resetModules();
  const client = await import('./api-client');
  const sessionEnd = vi.fn();
  client.setSessionEndHandler(sessionEnd);
  return { ...client, sessionEnd };
}

describe('renewing the sign-in that tabs share', () => {
  beforeEach(() => {
    localStorage.clear();
    // Both tabs hold an access token that has expired, and the one refresh token.
    localStorage.setItem('token', 'expired');
    localStorage.setItem('refreshToken', 'r0');
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { locks: fakeLocks() }));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('two tabs that find the token expired at once renew it once, and both keep the sign-in', async () => {
    const api = server();
    vi.stubGlobal('fetch', api.fetch);
    const [first, second] = [await openTab(), await openTab()];

    const answers = await Promise.all([
      first.apiRequest('admin/customers'),
      second.apiRequest('admin/orders'),
      second.apiRequest('admin/payments'),
    ]);

    expect(answers).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(api.state.refreshes).toBe(1);
    expect(api.state.revoked).toBe(false);
    expect(localStorage.getItem('token')).toBe('fresh-1');
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(first.sessionEnd).not.toHaveBeenCalled();
    expect(second.sessionEnd).not.toHaveBeenCalled();
  });

  it('a tab that waited while the other was refused does not try the used refresh token', async () => {
    const api = server();
    api.state.revoked = true;
    vi.stubGlobal('fetch', api.fetch);
    const [first, second] = [await openTab(), await openTab()];

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let answers: PromiseSettledResult<unknown>[];
    try {
      const settled = Promise.allSettled([
        first.apiRequest('admin/customers'),
        second.apiRequest('admin/orders'),
      ]);
      // The refused tab waits a moment for another tab's word before it ends the sign-in.
      await vi.advanceTimersByTimeAsync(2_000);
      answers = await settled;
    } finally {
      vi.useRealTimers();
    }

    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    expect(api.state.refreshes).toBe(1);
    expect(first.sessionEnd).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it("a tab whose call was refused because the other tab signed out follows that sign-out's reason, not 'expired'", async () => {
    const api = server();
    // The other tab's sign-out (idling out) has just ended the session on the server.
    api.state.revoked = true;
    vi.stubGlobal('fetch', api.fetch);
    const tab = await openTab();
    const tokens = await import('./tokens');
    const endedElsewhere = vi.fn();
    tokens.setEndedElsewhereHandler(endedElsewhere);

    const refused = tab.apiRequest('admin/customers');
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Its answer reaches the other tab a moment later, which tells every tab why and clears the tokens.
    tokens.onStorageEvent({ key: 'genodesk.sessionEnd', oldValue: null, newValue: 'idle' });
    localStorage.removeItem('token');
    localStorage.removeItem('refreshToken');
    tokens.onStorageEvent({ key: 'token', oldValue: 'expired', newValue: null });

    await expect(refused).rejects.toMatchObject({ status: 401 });
    expect(endedElsewhere).toHaveBeenCalledExactlyOnceWith('idle');
    expect(tab.sessionEnd).not.toHaveBeenCalled();
  });
});
