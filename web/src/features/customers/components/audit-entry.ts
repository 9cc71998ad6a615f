import { type SampleStatus, sampleStatusLabels } from '@genodesk/contract/enums';
import type { Locale } from '@genodesk/contract/locales';
import type { TFunction } from 'i18next';

type AuditEntry = {
  entity: string;
  entityId: number;
  field: string;
  oldValue: string | null;
  newValue: string | null;
  /** A questionnaire answer the reader may not see (no Questionnaires.View). */
  masked?: boolean;
};

/**
 * A change of the customer's history in words, in the reader's language: what changed ("Vzorek 165:
 * stav"), and its values ("Přijat zpět → V analýze"), instead of the log's keys and codes.
 */
export function auditSubject(entry: AuditEntry, t: TFunction): string {
  const field = t([`customers.audit.fieldNames.${entry.field}`, `customers.fields.${entry.field}`], {
    defaultValue: entry.field,
  });
  if (entry.entity === 'customer') return field;
  const entity = t(`customers.audit.entities.${entry.entity}`, {
    id: entry.entityId,
    defaultValue: entry.entity,
  });
  return `${entity}: ${field.charAt(0).toLowerCase()}${field.slice(1)}`;
}

export function auditValue(entry: AuditEntry, value: string | null, locale: Locale, t: TFunction): string {
  if (entry.masked) return t('customers.audit.values.masked');
  if (value === null || value === '') return '—';
  if (entry.entity === 'sample' && entry.field === 'status')
    return sampleStatusLabels[Number(value) as SampleStatus]?.[locale] ?? value;
  if (value === 'true') return t('common.yes');
  if (value === 'false') return t('common.no');
  if (entry.field === 'payment' && value === 'cash') return t('customers.audit.values.cash');
  if (entry.field === 'deleted') return t('customers.audit.values.deleted');
  return value;
}
