import type { CurrentUser } from '@genodesk/contract/auth';
import { Permissions } from '@genodesk/contract/permissions';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '@/features/auth/api/keys';
import { logout } from '@/features/auth/api/logout';
import { loginPath, signOutArrived, signOutTo } from '@/features/auth/return-to';
import { LoginRoute } from '@/features/auth/routes/login';
import { changeLocale, initI18n, loadScreenTexts } from '@/lib/i18n';
import { queryClient } from '@/lib/react-query';
import { onStorageEvent, setEndedElsewhereHandler, tokenStore } from '@/lib/tokens';
import { RootRoute } from './root-route';
import type { RouteHandle } from './route-handle';
import { followSessionEnds } from './session-end';

vi.mock('@/lib/progress', () => ({ progressStart: vi.fn(), progressDone: vi.fn() }));

const lab: CurrentUser = {
  id: 3,
  email: 'lab@genodesk.test',
  userName: 'Lucie Laborantová',
  role: { id: 3, name: 'Laboratory' } as CurrentUser['role'],
  permissions: [Permissions.AdminPanelView],
  color: 1,
  isMainDoctor: false,
  qualification: 'none',
  phoneNumber: null,
  mustChangePassword: false,
  secondFactor: null,
};

const handle = (value: RouteHandle) => value;

/** The app's guard with its sign-in screen and one screen of customers' data behind it. */
function renderApp(at: string) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        element: <RootRoute />,
        handle: handle({ name: 'root' }),
        children: [
          { path: 'login', handle: handle({ name: 'admin.login', public: true }), element: <LoginRoute /> },
          {
            path: '/',
            handle: handle({ name: 'admin', permissions: [Permissions.AdminPanelView], fallback: 'login' }),
            element: <Outlet />,
            children: [
              {
                path: 'customers',
                handle: handle({ name: 'admin.customers' }),
                element: <p data-testid="customers">Věra Zemanová</p>,
              },
            ],
          },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  const visited = [at];
  router.subscribe((state) => {
    const address = state.location.pathname + state.location.search;
    if (visited.at(-1) !== address) visited.push(address);
    // A tab bouncing between two addresses (issue 37) is stopped, for the test to tell how.
    if (visited.length > 20) router.dispose();
  });
  render(
    <I18nextProvider i18n={initI18n()}>
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { router, visited };
}

/** What this tab sees when another tab of the browser signs out: the storage is shared, its events come after. */
function anotherTabSignsOut(announced: string | null) {
  localStorage.removeItem('token');
  localStorage.removeItem('refreshToken');
  act(() => {
    if (announced) {
      onStorageEvent({ key: 'genodesk.sessionEnd', oldValue: null, newValue: announced });
      onStorageEvent({ key: 'genodesk.sessionEnd', oldValue: announced, newValue: null });
    }
    onStorageEvent({ key: 'token', oldValue: 'a.b.c', newValue: null });
    onStorageEvent({ key: 'refreshToken', oldValue: 'r', newValue: null });
  });
}

/** Long enough for a bouncing tab to have bounced many times. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 300)));

describe('a sign-in ended in another tab', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeAll(async () => {
    await loadScreenTexts();
  });

  beforeEach(async () => {
    await changeLocale('cs');
    fetchMock.mockReset();
    // Whatever the tab still asks once signed out is refused; the settings are the defaults.
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/api/config')
        ? new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } })
        : new Response('{"error":{"code":"UNAUTHORIZED","message":"no"}}', {
            status: 401,
            headers: { 'Content-Type': 'application/json' },
          }),
    );
    vi.stubGlobal('fetch', fetchMock);
    tokenStore.set({ token: 'a.b.c', refreshToken: 'r' });
    queryClient.setQueryData(authKeys.user(), lab);
    queryClient.setQueryData(['customers', 'list'], { items: [{ name: 'Věra Zemanová' }] });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    setEndedElsewhereHandler(() => {});
    queryClient.clear();
    signOutArrived();
  });

  it('takes this tab to the sign-in screen once, told why, with nothing of the sign-in kept in memory', async () => {
    const { router, visited } = renderApp('/customers');
    followSessionEnds(router);
    expect(await screen.findByTestId('customers')).toBeVisible();

    anotherTabSignsOut('signedOut');
    expect(await screen.findByTestId('login-reason')).toHaveTextContent(
      'Odhlásili jste se v jiné záložce prohlížeče.',
    );
    await settle();

    expect(visited).toEqual(['/customers', '/login?from=%2Fcustomers&reason=elsewhere']);
    expect(screen.getByTestId('login-form')).toBeVisible();
    expect(screen.queryByTestId('customers')).toBeNull();
    expect(queryClient.getQueryData(authKeys.user())).toBeUndefined();
    expect(queryClient.getQueryData(['customers', 'list'])).toBeUndefined();
  });

  it.each([
    ['idle', 'idle', 'po nečinnosti odhlášeni'],
    ['expired', 'expired', 'Vaše přihlášení skončilo.'],
  ])('gives the reason the other tab gave (%s)', async (announced, reason, text) => {
    const { router, visited } = renderApp('/customers');
    followSessionEnds(router);
    expect(await screen.findByTestId('customers')).toBeVisible();

    anotherTabSignsOut(announced);
    expect(await screen.findByTestId('login-reason')).toHaveTextContent(text);
    await settle();
    expect(visited).toEqual(['/customers', `/login?from=%2Fcustomers&reason=${reason}`]);
  });

  it('keeps the sign-in screen from sending the tab back with a user it still remembers (issue 37)', async () => {
    // Nothing told this tab (a tab of an older release signed out): the guard alone sees the tokens go,
    // while the user of the ended sign-in is still cached.
    const { visited } = renderApp('/customers');
    expect(await screen.findByTestId('customers')).toBeVisible();

    anotherTabSignsOut(null);
    expect(await screen.findByTestId('login-form')).toBeVisible();
    await settle();

    expect(visited).toEqual(['/customers', '/login?from=%2Fcustomers']);
    expect(screen.getByTestId('login-form')).toBeVisible();
  });

  it('leaves a tab already on the sign-in screen there, and drops what it kept', async () => {
    // Signed in, without access to the app: the sign-in screen says so and stays.
    queryClient.setQueryData(authKeys.user(), { ...lab, permissions: [] });
    const { router, visited } = renderApp('/login');
    followSessionEnds(router);
    expect(await screen.findByTestId('login-error')).toBeVisible();

    anotherTabSignsOut('expired');
    await settle();

    expect(visited).toEqual(['/login']);
    expect(screen.queryByTestId('login-reason')).toBeNull();
    expect(screen.queryByTestId('login-error')).toBeNull();
    expect(queryClient.getQueryData(['customers', 'list'])).toBeUndefined();
  });
});

describe("this tab's own sign-out, refused by a sign-in another tab has just ended", () => {
  beforeEach(() => {
    // Every call is refused: the session is gone on the server, the refresh too.
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) =>
        String(input).endsWith('/api/config')
          ? new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } })
          : new Response('{"error":{"code":"UNAUTHORIZED","message":"no"}}', {
              status: 401,
              headers: { 'Content-Type': 'application/json' },
            }),
      ),
    );
    tokenStore.set({ token: 'a.b.c', refreshToken: 'r' });
    queryClient.setQueryData(authKeys.user(), lab);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    signOutArrived();
  });

  it('tells the other tabs its own reason (idle), not that the session expired', async () => {
    const { router } = renderApp('/customers');
    followSessionEnds(router);
    expect(await screen.findByTestId('customers')).toBeVisible();
    // The storage is shared by the tabs: what is written under the end's key is what they are told.
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    let told: string[];
    try {
      // What the idle countdown's sign-out does: its destination first, then the server's sign-out.
      signOutTo(loginPath('/customers', 'idle'));
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        const signedOut = act(() => logout());
        // Its refused call waits a moment for another tab's word, then ends the sign-in itself.
        await vi.advanceTimersByTimeAsync(1_500);
        await signedOut;
      } finally {
        vi.useRealTimers();
      }
      told = setItem.mock.calls.filter(([key]) => key === 'genodesk.sessionEnd').map(([, value]) => value);
    } finally {
      setItem.mockRestore();
    }
    expect(told).toEqual(['idle']);
    expect(tokenStore.token).toBeNull();
  });
});
