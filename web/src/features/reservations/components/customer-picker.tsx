import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomers } from '@/features/customers/api/get-customers';

export interface PickedCustomer {
  id: number;
  fullName: string;
}

/** A customer searched on the server (name, e-mail, phone); the value is the customer's id as a string. */
export function CustomerPicker({
  value,
  initial,
  onChange,
  label,
  description,
  error,
  disabled,
  autoFocus,
  testId,
}: {
  value: string;
  /** the customer already chosen (an edit), shown before any search */
  initial?: PickedCustomer | null;
  /** the id as a string ('' for none), and the customer as the picker shows them */
  onChange: (value: string, customer: PickedCustomer | null) => void;
  label: string;
  description?: string;
  error?: string;
  disabled?: boolean;
  /** focused when its modal opens (Mantine's `data-autofocus`) */
  autoFocus?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<PickedCustomer | null>(initial ?? null);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const customers = useCustomers({ page: 1, pageSize: 20, search: debounced || undefined, sort: 'surname' });

  const options = (customers.data?.items ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.fullName} (${c.email})`,
  }));
  if (picked && !options.some((o) => o.value === String(picked.id)))
    options.unshift({ value: String(picked.id), label: picked.fullName });

  return (
    <Select
      label={label}
      description={description}
      placeholder={t('reservations.calendar.customerSearch')}
      searchable
      clearable
      data={options}
      value={value || null}
      error={error}
      disabled={disabled}
      searchValue={search}
      onSearchChange={setSearch}
      // the server has searched already
      filter={({ options: all }) => all}
      nothingFoundMessage={customers.isFetching ? '…' : t('reservations.calendar.noCustomers')}
      onChange={(next, option) => {
        const customer = next ? { id: Number(next), fullName: option.label } : null;
        setPicked(customer);
        onChange(next ?? '', customer);
      }}
      data-testid={testId}
      data-autofocus={autoFocus || undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
