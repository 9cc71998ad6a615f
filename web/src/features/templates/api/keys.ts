import type { Locale } from '@genodesk/contract/locales';

export interface TemplateListParams {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  categoryId?: string;
  subCategoryId?: string;
  geneCombinationId?: string;
  risk?: string;
  gender?: string;
  locale: Locale;
}

export interface GeneCombinationListParams {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  categoryId?: string;
  subCategoryId?: string;
  gender?: string;
  locale: Locale;
}

export interface TemplateCategoryListParams {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  locale: Locale;
}

export interface CombinationRuleListParams {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
}

/** Every cache entry of the template catalogue starts with 'catalogue', so one change can refresh it all. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  templates: () => ['catalogue', 'templates'] as const,
  templateList: (params: TemplateListParams) => ['catalogue', 'templates', 'list', params] as const,
  template: (id: number) => ['catalogue', 'templates', 'detail', id] as const,
  categoryOptions: () => ['catalogue', 'options', 'categories'] as const,
  subcategoryOptions: (categoryId: number) => ['catalogue', 'options', 'subcategories', categoryId] as const,
  geneCombinationOptions: (categoryId: number) =>
    ['catalogue', 'options', 'geneCombinations', categoryId] as const,
  geneCombinationList: (params: GeneCombinationListParams) =>
    ['catalogue', 'geneCombinations', 'list', params] as const,
  geneCombination: (id: number) => ['catalogue', 'geneCombinations', 'detail', id] as const,
  categoryList: (params: TemplateCategoryListParams) => ['catalogue', 'categories', 'list', params] as const,
  category: (id: number) => ['catalogue', 'categories', 'detail', id] as const,
  combinationRuleList: (params: CombinationRuleListParams) =>
    ['catalogue', 'combinationRules', 'list', params] as const,
  combinationRule: (id: number) => ['catalogue', 'combinationRules', 'detail', id] as const,
};
