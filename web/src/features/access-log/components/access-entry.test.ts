import {
  type AccessExportList,
  accessExportLists,
  accessKindLabels,
  accessKinds,
  accessListReads,
  accessLogExportQuerySchema,
  accessLogSortFields,
} from '@genodesk/contract/access-log';
import { customerExportQuerySchema, customerSortFields } from '@genodesk/contract/customers';
import {
  orderExportQuerySchema,
  orderSortFields,
  paymentExportQuerySchema,
  paymentSortFields,
} from '@genodesk/contract/finances';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { changeLocale, initI18n, loadScreenTexts } from '@/lib/i18n';
import cs from '@/locales/cs.json';
import en from '@/locales/en.json';
import { accessDetail, accessEntity } from './access-entry';
import { typedCustomerId } from './customer-filter';

const i18n = initI18n();
beforeAll(loadScreenTexts);

const read = { kind: 'customer', entityId: null, rows: null, detail: null } as const;

describe('what an access-log entry read, in words', () => {
  it("names a report by its number and links to it; a questionnaire by its id; a customer's read by its kind alone", () => {
    const t = i18n.getFixedT('cs');
    expect(accessEntity({ ...read, kind: 'reportCategory', entityId: 42 }, t)).toEqual({
      label: 'GD-000042',
      to: '/customers/products/42',
    });
    expect(accessEntity({ ...read, kind: 'questionnaire', entityId: 5 }, t)).toEqual({
      label: 'Dotazník #5',
      to: '/customers/questionnaires/show/5',
    });
    expect(accessEntity(read, t)).toBeNull();
    expect(accessDetail(read, t, 'cs')).toBeNull();
  });

  it("says an export's list, format, filter and rows, a PDF's version and a category in the reader's language", async () => {
    const exported = {
      ...read,
      kind: 'export',
      rows: 120,
      detail: 'customers csv: registrationSource=1, search, sort=-dateRegistration, underage=true',
    } as const;
    const tCs = i18n.getFixedT('cs');
    const inCs = (entry: Parameters<typeof accessDetail>[0]) => accessDetail(entry, tCs, 'cs');
    expect(inCs(exported)).toBe(
      'Zákazníci (CSV): zdroj registrace: 1, s hledaným textem, řazení: datum registrace (sestupně), nezletilí: ano · 120 řádků',
    );
    expect(inCs({ ...read, kind: 'reportPdf', detail: 'v2' })).toBe('Verze 2');
    expect(inCs({ ...read, kind: 'reportFhir', detail: 'v3' })).toBe('Verze 3');
    expect(inCs({ ...read, kind: 'reportPdf', detail: 'preview en' })).toBe('Náhled (EN)');
    expect(inCs({ ...read, kind: 'reportCategory', detail: '31' })).toBe('Kategorie #31');
    expect(inCs({ ...read, kind: 'list', detail: 'search' })).toBe('Hledání v aplikaci');
    expect(inCs({ ...read, kind: 'list', detail: 'outbox' })).toBe('Odchozí zprávy');
    await changeLocale('en');
    const tEn = i18n.getFixedT('en');
    const inEn = (entry: Parameters<typeof accessDetail>[0]) => accessDetail(entry, tEn, 'en');
    expect(inEn(exported)).toBe(
      'Customers (CSV): registration source: 1, with a search, sorted by: registration date (descending), underage: yes · 120 rows',
    );
    expect(
      inEn({ ...read, kind: 'export', rows: 3, detail: 'accessLog xlsx: from=2026-11-02, kind=reportPdf' }),
    ).toBe('Access log (XLSX): from: 2 Nov 2026, access: Report PDF · 3 rows');
    expect(inEn({ ...read, kind: 'reportPdf', detail: 'verify v1' })).toBe('Verification, version 1');
    expect(inEn({ ...read, kind: 'list', detail: 'reports' })).toBe('Reports list');
    // Anything else is shown as it was written, never looked up as a key.
    expect(inEn({ ...read, detail: 'status=4: sent' })).toBe('status=4: sent');
    await changeLocale('cs');
  });
});

/** The words of a language file under `path` (`accessLog.sources`). */
function wordsOf(texts: object, path: string): Record<string, unknown> {
  return path
    .split('.')
    .reduce<Record<string, unknown>>(
      (node, part) => (node[part] ?? {}) as Record<string, unknown>,
      texts as Record<string, unknown>,
    );
}

/** The filters an export writes into its entry: its query's fields but the format and language of the file. */
const exportQueries: Record<AccessExportList, z.ZodObject> = {
  customers: customerExportQuerySchema,
  orders: orderExportQuerySchema,
  payments: paymentExportQuerySchema,
  accessLog: accessLogExportQuerySchema,
};
const exportFilters = [
  ...new Set(
    Object.values(exportQueries).flatMap((query) =>
      Object.keys(query.shape).filter((key) => key !== 'format' && key !== 'locale'),
    ),
  ),
];
const sortFields = [
  ...new Set([...customerSortFields, ...orderSortFields, ...paymentSortFields, ...accessLogSortFields]),
];

describe('every word the API writes into the access log has a label in both languages', () => {
  const missing = (words: readonly string[], path: string) =>
    [
      ['cs', cs],
      ['en', en],
    ].flatMap(([language, texts]) =>
      words
        .filter((word) => typeof wordsOf(texts as object, path)[word] !== 'string')
        .map((word) => `${language}: ${path}.${word}`),
    );

  it('the kinds of access', () => {
    expect(accessKinds.filter((kind) => !accessKindLabels[kind]?.cs || !accessKindLabels[kind]?.en)).toEqual(
      [],
    );
  });

  it('the lists whose page is a read, and the lists exported', () => {
    expect(missing(accessListReads, 'accessLog.sources')).toEqual([]);
    expect(missing(accessExportLists, 'accessLog.lists')).toEqual([]);
  });

  it("an export's filters and sort", () => {
    expect(exportFilters).toContain('registrationSource');
    expect(missing(exportFilters, 'accessLog.exportFilter.keys')).toEqual([]);
    expect(missing(sortFields, 'accessLog.exportFilter.sortFields')).toEqual([]);
  });
});

describe('the customer filter', () => {
  it('takes a typed id, with or without #', () => {
    expect(typedCustomerId('123')).toBe('123');
    expect(typedCustomerId(' #0042 ')).toBe('42');
    expect(typedCustomerId('0')).toBeNull();
    expect(typedCustomerId('Nováková')).toBeNull();
    expect(typedCustomerId('777 123 456')).toBeNull();
  });
});
