import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/nprogress/styles.css';
import './styles.css';
import { MantineProvider } from '@mantine/core';
import { NavigationProgress } from '@mantine/nprogress';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
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

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>
          <ProgressBar />
          {children}
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
