import { type ProductStatus, productStatusLabels } from '@genodesk/contract/enums';
import type { Locale } from '@genodesk/contract/locales';
import type { ProductChange } from '@genodesk/contract/products';
import { ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, intlLocale, nameIn, numberFormat } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { productSectionName } from './product-status-badge';

/** Rich text in the change log is shown as plain text. */
function plain(value: string | null): string {
  if (value === null) return '—';
  const text = value
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
  return text || '—';
}

/**
 * A phenotype's outcome as the API logs it ('risk 2 · template 14', 'risk 1 · default text', 'risk 2 ·
 * doctor text', 'not assessed · default text', 'not determined', '… · new text', '… · assessed', '—'), or a combination's
 * ('risk 3'), in the reader's language; anything else as it is. A template is named by the genotypes it
 * matches (`templates`, resolved by the API), never by its bare id.
 */
export function phenotypeOutcome(
  value: string,
  t: (key: string, options?: Record<string, unknown>) => string,
  templates: ProductChange['templates'] = [],
) {
  const match =
    /^(?:risk (\S+)|(not assessed)|(not determined))(?: · (?:(default text)|(doctor text)|template (\d+)))?( · new text)?( · assessed)?$/.exec(
      value,
    );
  if (!match) return value;
  const [, risk, notAssessed, notDetermined, isDefault, isDoctor, templateId, newText, assessed] = match;
  return [
    notDetermined
      ? t('products.notDetermined')
      : notAssessed
        ? t('products.notAssessed')
        : t('products.changeLog.outcome.risk', { risk }),
    ...(isDefault ? [t('products.changeLog.outcome.defaultText')] : []),
    ...(isDoctor ? [t('products.changeLog.outcome.doctorText')] : []),
    ...(templateId ? [templateName(Number(templateId), templates, t)] : []),
    ...(newText ? [t('products.changeLog.outcome.newText')] : []),
    ...(assessed ? [t('products.changeLog.outcome.assessed')] : []),
  ].join(' · ');
}

function templateName(
  id: number,
  templates: ProductChange['templates'],
  t: (key: string, options?: Record<string, unknown>) => string,
) {
  const genotypes = templates.find((template) => template.id === id)?.genotypes;
  return genotypes
    ? t('products.changeLog.outcome.template', { genotypes })
    : t('products.changeLog.outcome.templateDeleted');
}

/** A technical validation as the API logs it ('call rate 99.5 % · no-calls 1 · controls passed · note'). */
function validationText(
  value: string,
  locale: Locale,
  t: (key: string, options?: Record<string, unknown>) => string,
) {
  const match = /^call rate ([\d.]+) % · no-calls (\d+) · controls passed(?: · (.*))?$/s.exec(value);
  if (!match) return plain(value);
  const [, rate, noCalls, note] = match;
  const callRate = `${numberFormat(intlLocale[locale], { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Number(rate))} %`;
  return [t('products.changeLog.validation', { callRate, noCalls }), ...(note ? [note] : [])].join(' · ');
}

/** The report's change log: changedAt, changedByUser, field, old, new (newest first, as the API sends). */
export function ChangeLog({ changes }: { changes: ProductChange[] }) {
  const { t, i18n } = useTranslation();
  const { locale } = useLocale();
  const shown = (change: ProductChange, value: string | null) => {
    const key = change.field.toLowerCase();
    if (value !== null && key === 'status') {
      return productStatusLabels[Number(value) as ProductStatus]?.[locale] ?? value;
    }
    if (value !== null && key === 'section') return productSectionName(value, locale);
    if (value !== null && (key.startsWith('phenotype:') || key.startsWith('combination:')))
      return phenotypeOutcome(value, t, change.templates);
    if (value !== null && key === 'technicalvalidation') return validationText(value, locale, t);
    // An issued PDF: the version it made (and the one it replaced, as the old value).
    if (value !== null && key === 'pdfversion' && /^\d+$/.test(value))
      return t('products.pdf.versionN', { version: value });
    if (value !== null && key === 'confirmed')
      return t(`products.openPoints.confirmed.${value}`, { defaultValue: value });
    if (value === 'true') return t('common.yes');
    if (value === 'false') return t('common.no');
    return plain(value);
  };

  /**
   * Known fields by name; a phenotype's row ('phenotype: <name>', 'withheld: <name>') names it in the
   * reader's language with its category.
   */
  const fieldName = ({ field, phenotype: named }: ProductChange) => {
    const phenotype = /^(phenotype|withheld):\s*(.*)$/.exec(field);
    if (phenotype) {
      const [, kind = 'phenotype', name = ''] = phenotype;
      const shownName = named ? nameIn(name, named.nameEn, locale) : name;
      const category = named ? ` (${nameIn(named.category, named.categoryEn, locale)})` : '';
      return `${t(`products.changeLog.fields.${kind}`)}: ${shownName}${category}`;
    }
    const combination = /^combination:\s*(.*)$/.exec(field);
    if (combination) return `${t('products.changeLog.fields.combination')}: ${combination[1]}`;
    return /^[A-Za-z]+$/.test(field) && i18n.exists(`products.changeLog.fields.${field}`)
      ? t(`products.changeLog.fields.${field}`)
      : field;
  };

  if (changes.length === 0) {
    return (
      <Text c="dimmed" fz="sm" data-testid="product-changelog-empty">
        {t('products.view.noChanges')}
      </Text>
    );
  }
  return (
    <ScrollArea>
      <Table verticalSpacing="xs" miw={640} data-testid="product-changelog">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('products.changeLog.changedAt')}</Table.Th>
            <Table.Th>{t('products.changeLog.changedBy')}</Table.Th>
            <Table.Th>{t('products.changeLog.field')}</Table.Th>
            <Table.Th>{t('products.changeLog.oldValue')}</Table.Th>
            <Table.Th>{t('products.changeLog.newValue')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((change) => (
            <Table.Tr key={change.id} data-testid="product-change">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(change.changedAt, locale)}</Table.Td>
              <Table.Td>{change.changedByUser?.userName ?? t('products.changeLog.system')}</Table.Td>
              <Table.Td data-testid="product-change-field">{fieldName(change)}</Table.Td>
              <Table.Td maw={280}>
                <Text fz="sm" lineClamp={3}>
                  {shown(change, change.oldValue)}
                </Text>
              </Table.Td>
              <Table.Td maw={280}>
                <Text fz="sm" lineClamp={3}>
                  {shown(change, change.newValue)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
