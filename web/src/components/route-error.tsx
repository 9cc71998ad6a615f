import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from '@/lib/chunk';
import { NotFoundScreen } from './not-found';
import { StatusScreen } from './status-screen';

/** Route error boundary: a failed chunk load asks for a reload instead of leaving a blank page. */
export function RouteError({ fullPage }: { fullPage?: boolean }) {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen fullPage={fullPage} />;
  if (isChunkLoadError(error)) {
    return (
      <StatusScreen
        testId="chunk-error"
        fullPage={fullPage}
        icon={<IconRefresh size={36} />}
        title={t('errors.chunk.title')}
        description={t('errors.chunk.description')}
        action={{
          label: t('errors.chunk.reload'),
          onClick: () => window.location.reload(),
          testId: 'chunk-reload',
        }}
      />
    );
  }
  console.error(error);
  return (
    <StatusScreen
      testId="route-error"
      fullPage={fullPage}
      icon={<IconAlertTriangle size={36} />}
      title={t('errors.unexpected.title')}
      description={t('errors.unexpected.description')}
      action={{ label: t('errors.unexpected.reload'), onClick: () => window.location.reload() }}
    />
  );
}

export function RootRouteError() {
  return <RouteError fullPage />;
}
