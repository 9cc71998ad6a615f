import { translateMessage } from '@genodesk/contract/messages';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Input,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/use-locale';
import { useGenotypeExamples } from '../api/markers';
import { emptyRow, type GenotypeRow, liveIssues } from './genotype-rows';

interface GenotypeEditorProps {
  geneCodes: readonly string[];
  rows: GenotypeRow[];
  onChange: (rows: GenotypeRow[]) => void;
  /** problems by row index (already translated), -1 for the table; from the step check or the server */
  errors?: ReadonlyMap<number, string>;
  testId?: string;
}

/**
 * The genotype combinations table: one column per gene, one row per combination. Malformed genotypes
 * and equal rows ('Combinations {1} and {2} are equal!') are flagged as you type.
 */
export function GenotypeEditor({
  geneCodes,
  rows,
  onChange,
  errors,
  testId = 'genotype-editor',
}: GenotypeEditorProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const live = liveIssues(geneCodes, rows);
  const examples = useGenotypeExamples(geneCodes);

  const setCell = (rowIndex: number, cellIndex: number, value: string) =>
    onChange(
      rows.map((row, i) =>
        i === rowIndex ? { ...row, cells: row.cells.map((c, j) => (j === cellIndex ? value : c)) } : row,
      ),
    );

  const rowMessage = (index: number): string | undefined => {
    const duplicate = live.duplicates.get(index);
    if (duplicate) return translateMessage(duplicate.key, locale, duplicate.params);
    return errors?.get(index);
  };
  const tableError = errors?.get(-1);

  return (
    <Stack gap="sm" data-testid={testId}>
      {/* Room for a genotype per gene (a phone holds two genes): more scroll inside the card. */}
      <Table.ScrollContainer minWidth={90 * geneCodes.length + 108}>
        <Table withTableBorder withColumnBorders verticalSpacing={6}>
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th w={56} ta="center">
                {t('templates.genotypes.row')}
              </Table.Th>
              {geneCodes.map((code) => (
                <Table.Th key={code} ff="monospace" fz="sm">
                  {code}
                </Table.Th>
              ))}
              <Table.Th w={52} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, rowIndex) => {
              const message = rowMessage(rowIndex);
              return [
                <Table.Tr
                  key={row.key}
                  data-testid={`${testId}-row`}
                  data-invalid={message ? true : undefined}
                  bg={message ? 'red.0' : undefined}
                >
                  <Table.Td ta="center">
                    <Text fz="sm" c={message ? 'red.7' : 'dimmed'} fw={message ? 700 : 400}>
                      {rowIndex + 1}
                    </Text>
                  </Table.Td>
                  {geneCodes.map((code, cellIndex) => (
                    <Table.Td key={code}>
                      <TextInput
                        size="xs"
                        value={row.cells[cellIndex] ?? ''}
                        placeholder={t('templates.genotypes.placeholder', {
                          example: examples[cellIndex] ?? 'C/T',
                        })}
                        aria-label={t('templates.genotypes.cellLabel', { row: rowIndex + 1, gene: code })}
                        error={live.invalidCells[rowIndex]?.[cellIndex] || undefined}
                        onChange={(event) => setCell(rowIndex, cellIndex, event.currentTarget.value)}
                        data-testid={`${testId}-cell-${rowIndex}-${cellIndex}`}
                        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                      />
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <Tooltip label={t('templates.genotypes.removeRow')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => onChange(rows.filter((_, i) => i !== rowIndex))}
                        disabled={rows.length <= 1}
                        aria-label={t('templates.genotypes.removeRow')}
                        data-testid={`${testId}-remove-${rowIndex}`}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>,
                message ? (
                  <Table.Tr key={`${row.key}-message`} bg="red.0">
                    <Table.Td colSpan={geneCodes.length + 2} py={4}>
                      <Group gap={6} wrap="nowrap">
                        <IconAlertTriangle size={14} color="var(--mantine-color-red-7)" />
                        <Text fz="xs" c="red.7" fw={500} data-testid={`${testId}-error-${rowIndex}`}>
                          {message}
                        </Text>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ) : null,
              ];
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {tableError && (
        <Alert color="red" variant="light" py="xs" data-testid={`${testId}-error`}>
          {tableError}
        </Alert>
      )}
      <Group justify="space-between">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...rows, emptyRow(geneCodes.length)])}
          data-testid={`${testId}-add`}
        >
          {t('templates.genotypes.addRow')}
        </Button>
        <Input.Description>{t('templates.genotypes.hint')}</Input.Description>
      </Group>
    </Stack>
  );
}
