import { useTranslation } from 'react-i18next';
import { SampleWorkListPage } from '../components/work-list';

export function PendingSamplesRoute() {
  const { t } = useTranslation();
  return (
    <SampleWorkListPage
      list="pending"
      title={t('samples.workLists.pending.title')}
      description={t('samples.workLists.pending.description')}
    />
  );
}

export const Component = PendingSamplesRoute;
