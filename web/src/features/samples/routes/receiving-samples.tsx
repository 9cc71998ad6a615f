import { useTranslation } from 'react-i18next';
import { SampleWorkListPage } from '../components/work-list';

export function ReceivingSamplesRoute() {
  const { t } = useTranslation();
  return (
    <SampleWorkListPage
      list="receiving"
      title={t('samples.workLists.receiving.title')}
      description={t('samples.workLists.receiving.description')}
    />
  );
}

export const Component = ReceivingSamplesRoute;
