import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { followSessionEnds } from './app/session-end';
import { loadInitialLocale } from './lib/i18n';
import { queryClient, setSignInStepHandler } from './lib/react-query';

const router = createAppRouter();

followSessionEnds(router);
// A step of the sign-in is owed (second factor, new password, enrolment): the guard goes there.
setSignInStepHandler(() => {
  void queryClient.invalidateQueries({ queryKey: ['auth', 'user'] });
});

function render() {
  const container = document.getElementById('root');
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}

// The language's texts load alongside the first screen's chunk (the router has already asked for
// it); without them the app still renders, showing keys, rather than a blank page.
loadInitialLocale()
  .catch((error: unknown) => console.error(error))
  .then(render);
