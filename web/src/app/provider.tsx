import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/nprogress/styles.css';
import './styles.css';
import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { NavigationProgress } from '@mantine/nprogress';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { initI18n } from '@/lib/i18n';
import { useProgressFailed } from '@/lib/progress';
import { queryClient } from '@/lib/react-query';
import { cssVariablesResolver, theme } from './theme';

const i18n = initI18n();

function ProgressBar() {
  const { t } = useTranslation();
  const failed = useProgressFailed();
  return (
    <NavigationProgress
      color={failed ? 'red' : 'teal'}
      size={3}
      aria-label={t('app.progress')}
      data-failed={failed || undefined}
    />
  );
}

/** The theme with the words it needs in the reader's language: every dialog's close button is named. */
function LocalizedMantineProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  // In the sign-in part of the texts (the provider is in the first bundle), so `app`, not `common`.
  const close = t('app.close');
  const localized = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: { Modal: { defaultProps: { closeButtonProps: { 'aria-label': close } } } },
      }),
    [close],
  );
  return (
    <MantineProvider theme={localized} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <LocalizedMantineProvider>
        <QueryClientProvider client={queryClient}>
          <ProgressBar />
          {children}
        </QueryClientProvider>
      </LocalizedMantineProvider>
    </I18nextProvider>
  );
}
