import { beforeAll, describe, expect, it } from 'vitest';
import { changeLocale, initI18n, loadScreenTexts } from '@/lib/i18n';
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
    expect(accessDetail(read, t)).toBeNull();
  });

  it("says an export's list, format, filter and rows, a PDF's version and a category in the reader's language", async () => {
    const exported = {
      ...read,
      kind: 'export',
      rows: 120,
      detail: 'customers csv: registrationSource=1, search',
    } as const;
    const cs = i18n.getFixedT('cs');
    expect(accessDetail(exported, cs)).toBe('Zákazníci (CSV): registrationSource=1, search · 120 řádků');
    expect(accessDetail({ ...read, kind: 'reportPdf', detail: 'v2' }, cs)).toBe('Verze 2');
    expect(accessDetail({ ...read, kind: 'reportFhir', detail: 'v3' }, cs)).toBe('Verze 3');
    expect(accessDetail({ ...read, kind: 'reportPdf', detail: 'preview en' }, cs)).toBe('Náhled (EN)');
    expect(accessDetail({ ...read, kind: 'reportCategory', detail: '31' }, cs)).toBe('Kategorie #31');
    await changeLocale('en');
    const en = i18n.getFixedT('en');
    expect(accessDetail(exported, en)).toBe('Customers (CSV): registrationSource=1, search · 120 rows');
    expect(accessDetail({ ...read, kind: 'export', rows: 3, detail: 'accessLog xlsx' }, en)).toBe(
      'Access log (XLSX) · 3 rows',
    );
    expect(accessDetail({ ...read, kind: 'reportPdf', detail: 'verify v1' }, en)).toBe(
      'Verification, version 1',
    );
    // Anything else is shown as it was written, never looked up as a key.
    expect(accessDetail({ ...read, detail: 'status=4: sent' }, en)).toBe('status=4: sent');
    await changeLocale('cs');
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
