import type { Qualification } from '@genodesk/contract/users';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { authKeys } from '@/features/auth/api/keys';
import { initI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';

/** `ui` as a signed-in user of `qualification` holding `permissions` sees it. */
export function renderSignedIn(
  ui: ReactNode,
  {
    qualification = 'none',
    permissions = [],
  }: { qualification?: Qualification; permissions?: string[] } = {},
) {
  const client = createQueryClient();
  client.setQueryData(authKeys.user(), {
    id: 1,
    email: 'someone@genodesk.test',
    userName: 'Someone',
    role: { id: 1, name: 'Role' },
    permissions,
    color: 1,
    isMainDoctor: false,
    qualification,
    phoneNumber: null,
    mustChangePassword: false,
    secondFactor: null,
  });
  return render(
    <I18nextProvider i18n={initI18n()}>
      {/* env="test": no transitions and no portals, so a dialog is in the container at once */}
      <MantineProvider env="test">
        <QueryClientProvider client={client}>{ui}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}
