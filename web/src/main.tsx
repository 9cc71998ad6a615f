import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { isRouteHandle } from './app/route-handle';
import { createAppRouter } from './app/router';
import { paths } from './config/paths';
import { loginPath, signOutDestination } from './features/auth/return-to';
import { setSessionEndHandler } from './lib/api-client';
import { queryClient, setSignInStepHandler } from './lib/react-query';

const router = createAppRouter();

setSessionEndHandler(() => {
  queryClient.clear();
  const { pathname, search } = router.state.location;
  // A request answered after our own sign-out reached the sign-in screen: it keeps the reason it has.
  if (pathname === paths.login) return;
  // A public page (the document check) answers signed out too: it stays where it is.
  if (router.state.matches.some((match) => isRouteHandle(match.route.handle) && match.route.handle.public))
    return;
  // A sign-out of our own in progress ends the session on the server first: go where it goes.
  void router.navigate(signOutDestination() ?? loginPath(pathname + search, 'expired'), { replace: true });
});
// A step of the sign-in is owed (second factor, new password, enrolment): the guard goes there.
setSignInStepHandler(() => {
  void queryClient.invalidateQueries({ queryKey: ['auth', 'user'] });
});

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}
