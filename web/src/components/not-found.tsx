import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useHasToken } from '@/lib/tokens';
import { StatusScreen } from './status-screen';

export function NotFoundScreen({ fullPage }: { fullPage?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useHasToken();
  return (
    <StatusScreen
      testId="not-found"
      code="404"
      fullPage={fullPage}
      title={t('notFound.title')}
      description={t('notFound.description')}
      action={{
        label: signedIn ? t('notFound.backToDashboard') : t('notFound.toLogin'),
        onClick: () => navigate(signedIn ? paths.dashboard : paths.login),
        testId: 'not-found-home',
      }}
    />
  );
}
