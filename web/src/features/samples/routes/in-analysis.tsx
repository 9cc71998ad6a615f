import { useTranslation } from 'react-i18next';
import { SampleWorkListPage } from '../components/work-list';

export function InAnalysisRoute() {
  const { t } = useTranslation();
  return (
    <SampleWorkListPage
      list="inAnalysis"
      title={t('samples.workLists.inAnalysis.title')}
      description={t('samples.workLists.inAnalysis.description')}
    />
  );
}

export const Component = InAnalysisRoute;
