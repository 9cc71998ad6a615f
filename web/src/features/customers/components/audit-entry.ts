import {
  type ConsentWithdrawalOutcome,
  consentWithdrawalOutcomeLabels,
  consentWithdrawalOutcomes,
  dnaConsentAuditSchema,
  dnaConsentWithdrawalAuditSchema,
  sampleDestroyAuditSchema,
} from '@genodesk/contract/consent';
import { type SampleStatus, sampleStatusLabels } from '@genodesk/contract/enums';
import type { Locale } from '@genodesk/contract/locales';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { formatDate } from '@/lib/format';

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

export function auditValue(entry: AuditEntry, value: string | null, locale: Locale, t: TFunction): string {
  if (entry.masked) return t('customers.audit.values.masked');
  if (value === null || value === '') return '—';
  const consent = consentValue(entry.field, value, locale, t);
  if (consent !== null) return consent;
  if (entry.entity === 'sample' && entry.field === 'status')
    return sampleStatusLabels[Number(value) as SampleStatus]?.[locale] ?? value;
  if (value === 'true') return t('common.yes');
  if (value === 'false') return t('common.no');
  if (entry.field === 'payment' && value === 'cash') return t('customers.audit.values.cash');
  if (entry.field === 'deleted') return t('customers.audit.values.deleted');
  return value;
}
