import { useTranslation } from 'react-i18next';
import { FitSelect } from '@/components/data-table/filter-select';
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
    <FitSelect
      placeholder={t('finances.filters.anyProductType')}
      aria-label={t('finances.order.fields.productType')}
      data={(types.data?.items ?? []).map((type) => ({
        value: String(type.id),
        label: nameIn(type.name, type.nameEn, locale),
      }))}
      value={value ?? null}
      onChange={(v) => onChange(v ?? undefined)}
      clearable
      data-testid={testId}
    />
  );
}
