import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { nameIn } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useProductTypeOptions } from '../api/get-product-types';

/** The product-type filter of the orders lists; absent for staff who may not read product types. */
export function ProductTypeFilter({
  value,
  onChange,
  testId,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const types = useProductTypeOptions();
  if (types.isError) return null;
  return (
    <Select
      placeholder={t('finances.filters.anyProductType')}
      aria-label={t('finances.order.fields.productType')}
      data={(types.data?.items ?? []).map((type) => ({
        value: String(type.id),
        label: nameIn(type.name, type.nameEn, locale),
      }))}
      value={value ?? null}
      onChange={(v) => onChange(v ?? undefined)}
      clearable
      w={210}
      data-testid={testId}
    />
  );
}
