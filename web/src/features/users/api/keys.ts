import type { Locale } from '@genodesk/contract/locales';

export interface UserListParams {
  page: number;
  pageSize: number;
  sort?: string;
  search?: string;
  roleId?: string;
  active?: string;
  locale: Locale;
}

export const userKeys = {
  all: ['users'] as const,
  lists: () => ['users', 'list'] as const,
  list: (params: UserListParams) => ['users', 'list', params] as const,
  details: () => ['users', 'detail'] as const,
  detail: (id: number, locale: Locale) => ['users', 'detail', id, locale] as const,
};

export const roleKeys = {
  all: ['roles'] as const,
  list: (locale: Locale) => ['roles', 'list', locale] as const,
  details: () => ['roles', 'detail'] as const,
  detail: (id: number, locale: Locale) => ['roles', 'detail', id, locale] as const,
  permissions: (locale: Locale) => ['roles', 'permissions', locale] as const,
};
