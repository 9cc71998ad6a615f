import { useTranslation } from 'react-i18next';
import { FilterSelect, FitSelect } from '@/components/data-table/filter-select';
import type { useListParams } from '@/components/data-table/use-list-params';
import { useLocale } from '@/lib/use-locale';
import { useCategoryOptions } from '../api/get-category-options';
import { useGeneCombinationOptions } from '../api/get-gene-combination-options';
import { useSubcategoryOptions } from '../api/get-subcategory-options';
import { genderLabel, genders, localName, localPhenotype, riskLabel, risks } from './labels';

type List = ReturnType<typeof useListParams>;

/** Category → subcategory (→ gene combination) filters; choosing a parent clears what depends on it. */
export function CategoryFilters({
  list,
  withGeneCombination,
}: {
  list: List;
  withGeneCombination?: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { filters } = list.params;
  const categoryId = filters.categoryId ? Number(filters.categoryId) : undefined;
  const subCategoryId = filters.subCategoryId ? Number(filters.subCategoryId) : undefined;
  const categories = useCategoryOptions();
  const subcategories = useSubcategoryOptions(categoryId);
  const geneCombinations = useGeneCombinationOptions(
    withGeneCombination ? (subCategoryId ?? categoryId) : undefined,
  );
  const dependants = withGeneCombination ? { geneCombinationId: undefined } : {};

  return (
    <>
      <FitSelect
        placeholder={t('templates.filters.allCategories')}
        aria-label={t('templates.fields.category')}
        data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: localName(c, locale) }))}
        value={filters.categoryId ?? null}
        onChange={(v) =>
          list.setFilters({ categoryId: v ?? undefined, subCategoryId: undefined, ...dependants })
        }
        clearable
        searchable
        data-testid="filter-category"
      />
      <FitSelect
        placeholder={t('templates.filters.allSubcategories')}
        aria-label={t('templates.fields.subCategory')}
        data={(subcategories.data ?? []).map((c) => ({ value: String(c.id), label: localName(c, locale) }))}
        value={filters.subCategoryId ?? null}
        onChange={(v) => list.setFilters({ subCategoryId: v ?? undefined, ...dependants })}
        disabled={!categoryId}
        clearable
        searchable
        data-testid="filter-subcategory"
      />
      {withGeneCombination && (
        <FilterSelect
          list={list}
          name="geneCombinationId"
          placeholder={t('templates.filters.allPhenotypes')}
          aria-label={t('templates.fields.phenotype')}
          data={(geneCombinations.data ?? []).map((g) => ({
            value: String(g.id),
            label: localPhenotype(g, locale),
          }))}
          disabled={!categoryId}
          searchable
          data-testid="filter-gene-combination"
        />
      )}
    </>
  );
}

export function RiskFilter({ list }: { list: List }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <FilterSelect
      list={list}
      name="risk"
      placeholder={t('templates.filters.anyRisk')}
      aria-label={t('templates.fields.risk')}
      data={risks.map((r) => ({ value: String(r), label: riskLabel(r, locale) }))}
      data-testid="filter-risk"
    />
  );
}

export function GenderFilter({ list }: { list: List }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <FilterSelect
      list={list}
      name="gender"
      placeholder={t('templates.filters.anyGender')}
      aria-label={t('templates.fields.gender')}
      data={genders.map((g) => ({ value: String(g), label: genderLabel(g, locale) }))}
      data-testid="filter-gender"
    />
  );
}
