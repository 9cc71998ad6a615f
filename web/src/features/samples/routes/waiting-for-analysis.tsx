import { useTranslation } from 'react-i18next';
import { SampleWorkListPage } from '../components/work-list';

export function WaitingForAnalysisRoute() {
  const { t } = useTranslation();
  return (
    <SampleWorkListPage
      list="waitingForAnalysis"
      title={t('samples.workLists.waitingForAnalysis.title')}
      description={t('samples.workLists.waitingForAnalysis.description')}
    />
  );
}

export const Component = WaitingForAnalysisRoute;
