import { Permissions } from '@genodesk/contract/permissions';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FitSelect } from '@/components/data-table/filter-select';
import { useCan } from '@/features/auth/api/get-current-user';
import { customersQueryOptions } from '@/features/customers/api/get-customers';

/** A customer's id typed as `123` or `#123`. */
export const typedCustomerId = (text: string): string | null => {
  const match = /^#?\s*(\d{1,15})$/.exec(text.trim());
  return match?.[1] && Number(match[1]) > 0 ? String(Number(match[1])) : null;
};

/**
 * A list filter of one customer: searched on the server by name, e-mail or phone (for those who may
 * list customers), or given by id (`123` or `#123`); the value is the id as a string (in the URL). A
 * customer chosen before is named by `knownName` (the log's rows name them), else by the id.
 */
export function CustomerFilter({
  value,
  onChange,
  knownName,
  testId,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  knownName?: string | null;
  testId: string;
}) {
  const { t } = useTranslation();
  const canList = useCan(Permissions.CustomersView);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [names, setNames] = useState<Record<string, string>>({});
  const byId = typedCustomerId(debounced);
  const searching = canList && Boolean(debounced) && !byId;
  const customers = useQuery({
    ...customersQueryOptions({ page: 1, pageSize: 20, sort: 'surname', search: debounced }),
    enabled: searching,
  });
  const found = searching ? (customers.data?.items ?? []) : [];

  const options = found.map((c) => ({ value: String(c.id), label: `${c.fullName} #${c.id}` }));
  if (byId) options.unshift({ value: byId, label: t('accessLog.filters.customerId', { id: byId }) });
  if (value && !options.some((o) => o.value === value))
    options.unshift({
      value,
      label:
        names[value] ??
        (knownName ? `${knownName} #${value}` : t('accessLog.filters.customerId', { id: value })),
    });

  return (
    <FitSelect
      placeholder={t('accessLog.filters.anyCustomer')}
      aria-label={t('accessLog.fields.customer')}
      searchable
      clearable
      data={options}
      value={value ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      // the server has searched already
      filter={({ options: all }) => all}
      nothingFoundMessage={
        searching && customers.isFetching
          ? '…'
          : t(canList ? 'accessLog.filters.noCustomers' : 'accessLog.filters.typeId')
      }
      onChange={(next, option) => {
        if (next && option) setNames((known) => ({ ...known, [next]: option.label }));
        onChange(next ?? undefined);
      }}
      comboboxProps={{ width: 320 }}
      data-testid={testId}
    />
  );
}
