import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { paths } from './config/paths';
import { setSessionEndHandler } from './lib/api-client';
import { queryClient, setMustChangePasswordHandler } from './lib/react-query';

const router = createAppRouter();

setSessionEndHandler(() => {
  queryClient.clear();
  void router.navigate(paths.login, { replace: true });
});
setMustChangePasswordHandler(() => {
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
