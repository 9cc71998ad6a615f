import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FitSelect } from '@/components/data-table/filter-select';
import { useLocale } from '@/lib/use-locale';
import { useUser } from '../api/get-user';
import { useUsers } from '../api/get-users';

/**
 * A list filter of one staff member, searched on the server by name or e-mail; the value is the user's
 * id as a string (in the URL). A user chosen before (a link from their page) is named without a search.
 */
export function UserFilter({
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
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const users = useUsers({ page: 1, pageSize: 20, sort: 'userName', search: debounced || undefined, locale });
  const chosen = useUser(Number(value), locale);

  const options = (users.data?.items ?? []).map((u) => ({
    value: String(u.id),
    label: u.userName || u.email,
  }));
  if (value && !options.some((o) => o.value === value))
    options.unshift({ value, label: chosen.data ? chosen.data.userName || chosen.data.email : `#${value}` });

  return (
    <FitSelect
      placeholder={t('securityLog.filters.anyUser')}
      aria-label={t('securityLog.fields.user')}
      searchable
      clearable
      data={options}
      value={value ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      // the server has searched already
      filter={({ options: all }) => all}
      nothingFoundMessage={users.isFetching ? '…' : t('securityLog.filters.noUsers')}
      onChange={(next) => onChange(next ?? undefined)}
      comboboxProps={{ width: 280 }}
      data-testid={testId}
    />
  );
}
