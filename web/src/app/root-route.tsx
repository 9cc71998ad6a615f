import { IconCloudOff } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { FullPageLoader } from '@/components/full-page-loader';
import { StatusScreen } from '@/components/status-screen';
import { paths } from '@/config/paths';
import { useCurrentUserQuery } from '@/features/auth/api/get-current-user';
import { isStepPath, loginPath, signOutDestination, stepPath } from '@/features/auth/return-to';
import { sessionEnded } from '@/features/auth/session-end';
import { isApiError } from '@/lib/api-client';
import { tokenStore, useHasToken } from '@/lib/tokens';
import { decideAccess, pageTitle } from './guard';
import { isRouteHandle, type RouteHandle } from './route-handle';

/** Refusals that mean a step of the sign-in is owed (the guard sends the user to it), not a lost session. */
const signInStepCodes = new Set([
  'MUST_CHANGE_PASSWORD',
  'SECOND_FACTOR_REQUIRED',
  'TWO_FACTOR_ENROLMENT_REQUIRED',
]);

export function useRouteChain(): RouteHandle[] {
  const matches = useMatches();
  return useMemo(() => matches.map((m) => m.handle).filter(isRouteHandle), [matches]);
}

/** The route guard around every screen: signs the user in, checks the permission chain, sets the title. */
export function RootRoute() {
  const { t, i18n } = useTranslation();
  const chain = useRouteChain();
  const location = useLocation();
  const hasToken = useHasToken();
  const userQuery = useCurrentUserQuery();
  const isPublic = chain.some((h) => h.public);
  const sessionRejected =
    isApiError(userQuery.error) &&
    (userQuery.error.status === 401 || userQuery.error.status === 403) &&
    !signInStepCodes.has(userQuery.error.code);

  const title = pageTitle(chain, (key) => t(key, { lng: i18n.language }));
  useEffect(() => {
    document.title = title;
  }, [title]);

  const here = location.pathname + location.search;
  useEffect(() => {
    if (!sessionRejected || !hasToken) return;
    sessionEnded('expired', { path: here, public: isPublic });
    tokenStore.clear('expired');
  }, [sessionRejected, hasToken, here, isPublic]);

  if (isPublic) return <Outlet />;
  // A sign-in ended, in this tab or another: one navigation to where its end says, from any screen
  // (the 404 one too, which lets visitors stay).
  const leavingTo = hasToken ? null : signOutDestination();
  if (leavingTo) return <Navigate to={leavingTo} replace />;
  if (hasToken && userQuery.isPending) return <FullPageLoader />;
  if (hasToken && userQuery.isError && !userQuery.data && !sessionRejected) {
    return (
      <StatusScreen
        fullPage
        testId="connection-error"
        icon={<IconCloudOff size={36} />}
        title={t('errors.connection.title')}
        description={t('errors.connection.description')}
        action={{ label: t('errors.connection.retry'), onClick: () => void userQuery.refetch() }}
      />
    );
  }
  const user = hasToken && !sessionRejected ? (userQuery.data ?? null) : null;
  const decision = decideAccess(chain, user);
  if (decision.kind === 'redirect') {
    // Sent to sign in: where a sign-out of our own goes, else back to this page afterwards, told why
    // when the session was refused. A step of the sign-in (second factor, password, enrolment)
    // remembers this page too, and goes on to it once done.
    const to =
      decision.to !== paths.login
        ? isStepPath(decision.to)
          ? stepPath(decision.to, here)
          : decision.to
        : (signOutDestination() ?? loginPath(here, sessionRejected ? 'expired' : undefined));
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}
