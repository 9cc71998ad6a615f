import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { followSessionEnds } from './app/session-end';
import { queryClient, setSignInStepHandler } from './lib/react-query';

const router = createAppRouter();

followSessionEnds(router);
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
