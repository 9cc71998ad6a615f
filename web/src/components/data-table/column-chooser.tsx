import { Button, Checkbox, Group, Popover, Select, Stack } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface ChoosableColumn {
  key: string;
  label: string;
  /** Priority 1: always shown, listed but not to be unticked. */
  fixed: boolean;
  /** Shown on the row's second line: the table has no room for it as a column. */
  onSecondLine: boolean;
}

/**
 * The button and list through which a user shows or hides a list's columns (kept per user). The list's
 * sorts are offered there too: a column on the second line has no header to sort by.
 */
export function ColumnChooser({
  columns,
  hidden,
  onChange,
  sorts,
  sort,
  onSort,
  testId,
}: {
  columns: ChoosableColumn[];
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
  /** Every sort of the list (`field` ascending, `-field` descending), with its name; none: no choice. */
  sorts: { value: string; label: string }[];
  sort: string | undefined;
  onSort: (sort: string | undefined) => void;
  /** `<testId>-columns` (the button), `<testId>-column-<key>` (each box) */
  testId: string;
}) {
  const { t } = useTranslation();
  const shown = columns.filter((c) => !hidden.includes(c.key)).map((c) => c.key);
  return (
    <Popover position="bottom-end" shadow="md" withArrow trapFocus returnFocus>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconColumns3 size={16} />}
          ml="auto"
          data-testid={`${testId}-columns`}
        >
          {t('tableColumns.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw={340}>
        <Checkbox.Group
          label={t('tableColumns.label')}
          description={t('tableColumns.hint')}
          value={shown}
          onChange={(keys) =>
            onChange(columns.filter((c) => !c.fixed && !keys.includes(c.key)).map((c) => c.key))
          }
        >
          <Stack gap={8} mt="sm">
            {columns.map((column) => (
              <Checkbox
                key={column.key}
                value={column.key}
                disabled={column.fixed}
                label={column.label}
                description={
                  column.fixed
                    ? t('tableColumns.alwaysShown')
                    : column.onSecondLine && !hidden.includes(column.key)
                      ? t('tableColumns.onSecondLine')
                      : undefined
                }
                data-testid={`${testId}-column-${column.key}`}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        {sorts.length > 0 && (
          <Select
            mt="md"
            label={t('tableColumns.sortBy')}
            placeholder={t('tableColumns.defaultSort')}
            data={sorts}
            value={sorts.some((option) => option.value === sort) ? (sort ?? null) : null}
            onChange={(value) => onSort(value ?? undefined)}
            clearable
            comboboxProps={{ withinPortal: false }}
            data-testid={`${testId}-sort`}
          />
        )}
        {hidden.length > 0 && (
          <Group justify="flex-end" mt="md">
            <Button
              size="xs"
              variant="subtle"
              onClick={() => onChange([])}
              data-testid={`${testId}-columns-reset`}
            >
              {t('tableColumns.reset')}
            </Button>
          </Group>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
