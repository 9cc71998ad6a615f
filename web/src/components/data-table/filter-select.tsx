import { Select, type SelectProps } from '@mantine/core';
import type { useListParams } from './use-list-params';

/** A clearable select bound to one filter of a list kept in the URL (`?<name>=…`). */
export function FilterSelect({
  list,
  name,
  ...props
}: { list: ReturnType<typeof useListParams>; name: string } & Omit<
  SelectProps,
  'value' | 'onChange' | 'clearable' | 'list'
>) {
  return (
    <Select
      {...props}
      value={list.params.filters[name] ?? null}
      onChange={(value) => list.setFilter(name, value ?? undefined)}
      clearable
    />
  );
}
