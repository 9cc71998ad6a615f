import { Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/use-locale';
import { clinicalWeightLabel, clinicalWeights } from './labels';

interface ClinicalWeightSelectProps {
  value: string | null;
  onChange: (value: string) => void;
  error?: ReactNode;
  testId?: string;
}

/**
 * "Clinical weight": how grave a phenotype or a combination rule is; the report's summary lists the
 * graver first (issue 34).
 */
export function ClinicalWeightSelect({
  value,
  onChange,
  error,
  testId = 'clinical-weight',
}: ClinicalWeightSelectProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <Select
      label={t('templates.fields.clinicalWeight')}
      description={t('templates.fields.clinicalWeightHint')}
      withAsterisk
      allowDeselect={false}
      data={clinicalWeights.map((weight) => ({
        value: String(weight),
        label: clinicalWeightLabel(weight, locale),
      }))}
      value={value}
      onChange={(next) => next && onChange(next)}
      error={error}
      maw={480}
      data-testid={testId}
    />
  );
}
