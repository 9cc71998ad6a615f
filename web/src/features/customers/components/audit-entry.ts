import {
  type ConsentWithdrawalOutcome,
  consentWithdrawalOutcomeLabels,
  consentWithdrawalOutcomes,
  dnaConsentAuditSchema,
  dnaConsentWithdrawalAuditSchema,
  sampleDestroyAuditSchema,
} from '@genodesk/contract/consent';
import {
  type DnaSampleUsage,
  dnaSampleUsageLabels,
  type RelationshipStatus,
  relationshipStatusLabels,
  type SampleStatus,
  sampleStatusLabels,
} from '@genodesk/contract/enums';
import type { Locale } from '@genodesk/contract/locales';
import { type Question, questionnaireSection } from '@genodesk/contract/questionnaires';
import { type SampleType, sampleTypeLabels } from '@genodesk/contract/samples';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { formatDate, formatDateTime } from '@/lib/format';

type AuditEntry = {
  entity: string;
  entityId: number;
  field: string;
  oldValue: string | null;
  newValue: string | null;
  /** A questionnaire answer the reader may not see (no Questionnaires.View). */
  masked?: boolean;
};

/** The question a questionnaire's row names (`<section>.<question>`), with its section. */
function questionOf(field: string) {
  const [sectionKey, key] = field.split('.', 2);
  const section = sectionKey ? questionnaireSection(sectionKey) : undefined;
  const question = section?.questions.find((q) => q.key === key);
  return section && question ? { section, question } : null;
}

/**
 * A change of the customer's history in words, in the reader's language: what changed ("Vzorek 165:
 * stav"), and its values ("Přijat zpět → V analýze"), instead of the log's keys and codes.
 */
export function auditSubject(entry: AuditEntry, t: TFunction, locale: Locale): string {
  const asked = entry.entity === 'questionnaire' ? questionOf(entry.field) : null;
  const field = asked
    ? `${asked.question.label[locale]} (${lowerFirst(asked.section.label[locale])})`
    : t([`customers.audit.fieldNames.${entry.field}`, `customers.fields.${entry.field}`], {
        defaultValue: entry.field,
      });
  if (entry.entity === 'customer') return field;
  const entity = t(`customers.audit.entities.${entry.entity}`, {
    id: entry.entityId,
    defaultValue: entry.entity,
  });
  return `${entity}: ${lowerFirst(field)}`;
}

/** The facts a value stores as JSON (`contract/consent.ts`), or null for any other value. */
function storedFacts<T>(schema: z.ZodType<T>, value: string): T | null {
  if (!value.startsWith('{')) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// The outcome's label is an option of the withdrawal dialog ("Stop the analysis…"); after a colon, lower case.
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

const isOutcome = (value: string): value is ConsentWithdrawalOutcome =>
  (consentWithdrawalOutcomes as readonly string[]).includes(value);

/**
 * The consent's facts of a history row, as stored now (JSON) or as the rows written before were
 * (English sentences, kept as they are: the history is not rewritten), read into the same facts.
 */
export function consentFacts(field: string, value: string) {
  if (field === 'dnaConsent' || field === 'dnaConsentWithdrawn') {
    const recorded = storedFacts(dnaConsentAuditSchema, value);
    if (recorded) return { kind: 'recorded' as const, ...recorded };
    const old = /^#(\d+) recorded: form (.*), signed (\d{4}-\d{2}-\d{2})(?:, scan (.+))?$/s.exec(value);
    if (old)
      return {
        kind: 'recorded' as const,
        id: Number(old[1]),
        formVersion: old[2] ?? '',
        signedOn: old[3] ?? '',
        scanFileName: old[4] ?? null,
      };
  }
  if (field === 'dnaConsentWithdrawn') {
    const withdrawn = storedFacts(dnaConsentWithdrawalAuditSchema, value);
    if (withdrawn) return { kind: 'withdrawn' as const, ...withdrawn };
    const old = /^withdrawn on (\d{4}-\d{2}-\d{2}): (\w+)(?: — (.*?))?(?:; (\d+) result\(s\) held)?$/s.exec(
      value,
    );
    if (old?.[2] && isOutcome(old[2]))
      return {
        kind: 'withdrawn' as const,
        withdrawnOn: old[1] ?? '',
        outcome: old[2],
        note: old[3] ?? '',
        heldResults: Number(old[4] ?? 0),
      };
  }
  if (field === 'destroy') {
    const destroyed = storedFacts(sampleDestroyAuditSchema, value);
    if (destroyed) return { kind: 'destroy' as const, ...destroyed };
    const old = /^consent withdrawn on (\d{4}-\d{2}-\d{2})$/.exec(value);
    if (old) return { kind: 'destroy' as const, consentWithdrawnOn: old[1] ?? '' };
  }
  return null;
}

/** A consent's row of the history in the reader's words, or null when the value is none of them. */
function consentValue(field: string, value: string, locale: Locale, t: TFunction): string | null {
  const facts = consentFacts(field, value);
  if (!facts) return null;
  if (facts.kind === 'recorded') {
    const recorded = t('customers.audit.values.consentRecorded', {
      form: facts.formVersion,
      date: formatDate(facts.signedOn, locale),
    });
    return facts.scanFileName
      ? `${recorded}, ${t('customers.audit.values.consentScan', { file: facts.scanFileName })}`
      : recorded;
  }
  if (facts.kind === 'withdrawn')
    return [
      t('customers.audit.values.consentWithdrawn', {
        date: formatDate(facts.withdrawnOn, locale),
        outcome: lowerFirst(consentWithdrawalOutcomeLabels[facts.outcome][locale]),
      }),
      facts.note ? ` — ${facts.note}` : '',
      facts.heldResults > 0
        ? `; ${t('customers.audit.values.consentHeldResults', { count: facts.heldResults })}`
        : '',
    ].join('');
  return t('customers.audit.values.consentWithdrawnOn', {
    date: formatDate(facts.consentWithdrawnOn, locale),
  });
}

/** An answer as the questionnaire shows it: a choice's label, a number with its unit. */
function answerValue(question: Question, value: string, locale: Locale): string {
  if (question.type === 'choice')
    return question.options.find((o) => o.value === value)?.label[locale] ?? value;
  if (question.type === 'number' && question.unit) return `${value} ${question.unit}`;
  return value;
}

/** A code's label, or the value as stored when it is none of them (not lost). */
const labelOf = <K extends string | number>(
  labels: Record<K, Record<Locale, string>>,
  key: string | number,
  locale: Locale,
  value: string,
) => (labels as Record<string | number, Record<Locale, string> | undefined>)[key]?.[locale] ?? value;

/** A customer's own field's value in words: codes by their names, a birth date as a day. */
function customerValue(field: string, value: string, locale: Locale, t: TFunction): string | null {
  switch (field) {
    case 'gender':
      return value === '1' || value === '2' ? t(`customers.gender.${value}`) : value;
    case 'dateOfBirth':
      return formatDate(value, locale);
    case 'language':
      return t(`messaging.language.names.${value}`, { defaultValue: value });
    case 'DNASampleUsageStatus':
      return labelOf<DnaSampleUsage>(dnaSampleUsageLabels, Number(value), locale, value);
    case 'relationshipStatus':
      return labelOf<RelationshipStatus>(relationshipStatusLabels, value, locale, value);
    case 'erased':
      return t('customers.audit.values.erased');
    default:
      return null;
  }
}

/** A sample's field's value in words: its status and type by their names, when collected on Prague's clock. */
function sampleValue(field: string, value: string, locale: Locale): string | null {
  switch (field) {
    case 'status':
      return labelOf<SampleStatus>(sampleStatusLabels, Number(value), locale, value);
    case 'sampleType':
      return labelOf<SampleType>(sampleTypeLabels, value, locale, value);
    case 'collectedAt':
      return formatDateTime(value, locale);
    default:
      return null;
  }
}

export function auditValue(entry: AuditEntry, value: string | null, locale: Locale, t: TFunction): string {
  if (entry.masked) return t('customers.audit.values.masked');
  if (value === null || value === '') return '—';
  const consent = consentValue(entry.field, value, locale, t);
  if (consent !== null) return consent;
  const worded =
    entry.entity === 'customer'
      ? customerValue(entry.field, value, locale, t)
      : entry.entity === 'sample'
        ? sampleValue(entry.field, value, locale)
        : null;
  if (worded !== null) return worded;
  const asked = entry.entity === 'questionnaire' ? questionOf(entry.field) : null;
  if (asked && value !== 'true' && value !== 'false') return answerValue(asked.question, value, locale);
  if (value === 'true') return t('common.yes');
  if (value === 'false') return t('common.no');
  if (entry.field === 'payment' && value === 'cash') return t('customers.audit.values.cash');
  if (entry.field === 'deleted') return t('customers.audit.values.deleted');
  return value;
}
