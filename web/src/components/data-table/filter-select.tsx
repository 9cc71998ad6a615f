import { type ComboboxData, Select, type SelectProps } from '@mantine/core';
import type { useListParams } from './use-list-params';

const labelsOf = (data: ComboboxData | undefined): string[] =>
  (data ?? []).flatMap((item) => {
    if (typeof item === 'string') return [item];
    if ('group' in item) return labelsOf(item.items);
    return [item.label];
  });

/**
 * A width that shows the longest of the texts whole (the placeholder and every option, in the
 * reader's language), so a filter never reads "Obě pohl…"; capped, and never wider than its row.
 * `ch` is the width of a digit in the field's font, wider than most letters; 2.75rem holds the
 * padding and the chevron or clear button.
 */
export function widthToFit(
  texts: (string | null | undefined)[],
  maxCh = 40,
  { cappedByRow = true } = {},
): string {
  const longest = Math.max(8, ...texts.map((text) => text?.length ?? 0));
  const width = `calc(${Math.min(Math.ceil(longest * 0.95), maxCh)}ch + 2.75rem)`;
  // In a box as wide as its content the row's 100 % is that box itself, which the field then shrinks:
  // there the width stands alone (the row around it wraps instead).
  return cappedByRow ? `min(100%, ${width})` : width;
}

/** A select of a list's filter bar, as wide as its longest option or placeholder. */
export function FitSelect({ data, placeholder, ...props }: Omit<SelectProps, 'w'>) {
  return (
    <Select
      {...props}
      data={data}
      placeholder={placeholder}
      w={widthToFit([typeof placeholder === 'string' ? placeholder : '', ...labelsOf(data)])}
    />
  );
}

/** A clearable select bound to one filter of a list kept in the URL (`?<name>=…`). */
export function FilterSelect({
  list,
  name,
  ...props
}: { list: ReturnType<typeof useListParams>; name: string } & Omit<
  SelectProps,
  'value' | 'onChange' | 'clearable' | 'list' | 'w'
>) {
  return (
    <FitSelect
      {...props}
      value={list.params.filters[name] ?? null}
      onChange={(value) => list.setFilter(name, value ?? undefined)}
      clearable
    />
  );
}
