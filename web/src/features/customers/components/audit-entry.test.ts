import { customerHistoryFields } from '@genodesk/contract/customer-history';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLocale, initI18n, loadScreenTexts } from '@/lib/i18n';
import { auditSubject, auditValue } from './audit-entry';

const i18n = initI18n();
beforeAll(loadScreenTexts);

const statusChange = { entity: 'sample', entityId: 165, field: 'status', oldValue: '4', newValue: '11' };

describe("a customer's history in words", () => {
  it('names the sample and shows its statuses, in Czech', async () => {
    await changeLocale('cs');
    const t = i18n.getFixedT('cs');
    expect(auditSubject(statusChange, t, 'cs')).toBe('Vzorek 165: stav');
    expect(auditValue(statusChange, statusChange.oldValue, 'cs', t)).toBe('Přijat zpět');
    expect(auditValue(statusChange, statusChange.newValue, 'cs', t)).toBe('V analýze');
  });

  it('and in English; a registration paid in cash reads as such', async () => {
    await changeLocale('en');
    const t = i18n.getFixedT('en');
    expect(auditSubject(statusChange, t, 'en')).toBe('Sample 165: status');
    expect(auditValue(statusChange, statusChange.newValue, 'en', t)).toBe('In analysis');
    const payment = { entity: 'customer', entityId: 7, field: 'payment', oldValue: null, newValue: 'cash' };
    expect(auditSubject(payment, t, 'en')).toBe('Payment');
    expect(auditValue(payment, payment.newValue, 'en', t)).toBe('in cash');
    expect(auditValue(payment, payment.oldValue, 'en', t)).toBe('—');
    // A field of the customer is named as on the form.
    expect(auditSubject({ ...payment, field: 'surname' }, t, 'en')).toBe(t('customers.fields.surname'));
  });
});

type Entry = Parameters<typeof auditValue>[0];

describe("a consent's rows in the customer's history", () => {
  // As the API writes them now: the facts, worded when read.
  const recorded: Entry = {
    entity: 'customer',
    entityId: 7,
    field: 'dnaConsent',
    oldValue: null,
    newValue: JSON.stringify({
      id: 211,
      formVersion: 'GD-DNA-2026-01',
      signedOn: '2026-11-29',
      scanFileName: null,
    }),
  };
  const withdrawn: Entry = {
    entity: 'customer',
    entityId: 7,
    field: 'dnaConsentWithdrawn',
    oldValue: JSON.stringify({
      id: 211,
      formVersion: 'GD-DNA-2026-01',
      signedOn: '2026-11-29',
      scanFileName: 'souhlas.pdf',
    }),
    newValue: JSON.stringify({
      id: 211,
      withdrawnOn: '2026-11-30',
      outcome: 'destroySample',
      note: 'Telefonicky.',
      heldResults: 2,
    }),
  };
  const destroy: Entry = {
    entity: 'sample',
    entityId: 165,
    field: 'destroy',
    oldValue: null,
    newValue: JSON.stringify({ consentWithdrawnOn: '2026-11-30' }),
  };
  // As the API wrote them before (English sentences): the history keeps them, read as the new ones.
  const legacy = {
    recorded: { ...recorded, newValue: '#211 recorded: form GD-DNA-2026-01, signed 2026-11-29' },
    scanned: {
      ...recorded,
      newValue: '#212 recorded: form GD-DNA-2026-01, signed 2026-11-29, scan sken.pdf',
    },
    withdrawn: {
      ...withdrawn,
      oldValue: '#211',
      newValue: 'withdrawn on 2026-11-30: destroySample — Telefonicky.; 2 result(s) held',
    },
    kept: { ...withdrawn, oldValue: '#211', newValue: 'withdrawn on 2026-11-30: keepForCustomer' },
    destroy: { ...destroy, newValue: 'consent withdrawn on 2026-11-30' },
  };
  const row = (entry: Entry, locale: 'cs' | 'en') => {
    const t = i18n.getFixedT(locale);
    return [
      auditSubject(entry, t, locale),
      auditValue(entry, entry.oldValue, locale, t),
      auditValue(entry, entry.newValue, locale, t),
    ];
  };

  it('names the field and words the consent in Czech', async () => {
    await changeLocale('cs');
    expect(row(recorded, 'cs')).toEqual([
      'Souhlas s analýzou DNA',
      '—',
      'Formulář GD-DNA-2026-01, podepsán 29. 11. 2026',
    ]);
    expect(row(withdrawn, 'cs')).toEqual([
      'Odvolání souhlasu s analýzou DNA',
      'Formulář GD-DNA-2026-01, podepsán 29. 11. 2026, sken souhlas.pdf',
      'Odvolán 30. 11. 2026: ukončit analýzu a zlikvidovat vzorek — Telefonicky.; pozdrženy 2 výsledky',
    ]);
    expect(row(destroy, 'cs')).toEqual(['Vzorek 165: k likvidaci', '—', 'Souhlas odvolán 30. 11. 2026']);
  });

  it('and in English', async () => {
    await changeLocale('en');
    expect(row(recorded, 'en')).toEqual([
      'Consent to DNA analysis',
      '—',
      'Form GD-DNA-2026-01, signed on 29 Nov 2026',
    ]);
    expect(row(withdrawn, 'en')[2]).toBe(
      'Withdrawn on 30 Nov 2026: stop the analysis and destroy the sample — Telefonicky.; 2 results held',
    );
    expect(row(destroy, 'en')).toEqual([
      'Sample 165: to be destroyed',
      '—',
      'Consent withdrawn on 30 Nov 2026',
    ]);
  });

  it('reads the rows written before as English sentences in the reader’s language too', async () => {
    await changeLocale('cs');
    expect(row(legacy.recorded, 'cs')[2]).toBe('Formulář GD-DNA-2026-01, podepsán 29. 11. 2026');
    expect(row(legacy.scanned, 'cs')[2]).toBe(
      'Formulář GD-DNA-2026-01, podepsán 29. 11. 2026, sken sken.pdf',
    );
    expect(row(legacy.withdrawn, 'cs').slice(1)).toEqual([
      '#211',
      'Odvolán 30. 11. 2026: ukončit analýzu a zlikvidovat vzorek — Telefonicky.; pozdrženy 2 výsledky',
    ]);
    expect(row(legacy.kept, 'cs')[2]).toBe(
      'Odvolán 30. 11. 2026: ponechat data jen pro zákazníka (žádné další zpracování)',
    );
    expect(row(legacy.destroy, 'cs')[2]).toBe('Souhlas odvolán 30. 11. 2026');
    await changeLocale('en');
    expect(row(legacy.recorded, 'en')[2]).toBe('Form GD-DNA-2026-01, signed on 29 Nov 2026');
    // A value of no known form is shown as it is, not lost.
    expect(row({ ...recorded, newValue: 'something else' }, 'en')[2]).toBe('something else');
  });
});

describe('every field the history can hold is named', () => {
  const labelled = (field: string, locale: 'cs' | 'en') =>
    [`customers.audit.fieldNames.${field}`, `customers.fields.${field}`].some((key) =>
      i18n.exists(key, { lng: locale, fallbackLng: [] }),
    );

  it.each(['cs', 'en'] as const)(
    'every field the API audits for a customer has a label in %s',
    async (locale) => {
      await changeLocale(locale);
      // A field without one would show its key ('Pole: legalHold'): the label is the key auditSubject reads.
      for (const [entity, fields] of Object.entries(customerHistoryFields))
        for (const field of fields) {
          expect(labelled(field, locale), `${entity}.${field}`).toBe(true);
        }
    },
  );

  it("names a questionnaire's answer by its question and section, and words it", async () => {
    await changeLocale('cs');
    const smoking = { entity: 'questionnaire', entityId: 12, field: 'personalInformation.smoking' };
    const row = { ...smoking, oldValue: 'never', newValue: 'current' };
    const cs = i18n.getFixedT('cs');
    expect(auditSubject(row, cs, 'cs')).toBe('Dotazník 12: kouření (osobní údaje)');
    expect(auditValue(row, row.newValue, 'cs', cs)).toBe('Kuřák');
    const height = { ...smoking, field: 'personalInformation.height', oldValue: null, newValue: '182' };
    expect(auditValue(height, height.newValue, 'cs', cs)).toBe('182 cm');
    await changeLocale('en');
    const en = i18n.getFixedT('en');
    expect(auditSubject(row, en, 'en')).toBe('Questionnaire 12: smoking (personal information)');
    expect(auditValue(row, row.oldValue, 'en', en)).toBe('Never');
  });
});

describe("the legal hold's, the sample's type and collection rows in words", () => {
  const legalHold = {
    entity: 'customer',
    entityId: 7,
    field: 'legalHold',
    oldValue: null,
    newValue: 'Zdravotnická dokumentace',
  };
  const sampleType = {
    entity: 'sample',
    entityId: 165,
    field: 'sampleType',
    oldValue: 'buccalSwab',
    newValue: 'blood',
  };
  // 23:30 UTC on the last day of October is half past midnight of 1 November in Prague (CET).
  const collectedAt = {
    entity: 'sample',
    entityId: 165,
    field: 'collectedAt',
    oldValue: null,
    newValue: '2026-10-31T23:30:00.000Z',
  };
  const row = (entry: Entry, locale: 'cs' | 'en') => {
    const t = i18n.getFixedT(locale);
    return [
      auditSubject(entry, t, locale),
      auditValue(entry, entry.oldValue, locale, t),
      auditValue(entry, entry.newValue, locale, t),
    ];
  };

  it('in Czech', async () => {
    await changeLocale('cs');
    expect(row(legalHold, 'cs')).toEqual(['Zákonná archivace', '—', 'Zdravotnická dokumentace']);
    expect(row({ ...legalHold, oldValue: legalHold.newValue, newValue: null }, 'cs')).toEqual([
      'Zákonná archivace',
      'Zdravotnická dokumentace',
      '—',
    ]);
    expect(row(sampleType, 'cs')).toEqual(['Vzorek 165: druh vzorku', 'Bukální stěr', 'Krev']);
    expect(row(collectedAt, 'cs')).toEqual(['Vzorek 165: čas odběru', '—', '1. 11. 2026 0:30']);
    const agreed = {
      entity: 'customer',
      entityId: 7,
      field: 'agreedToSampleExamination',
      oldValue: 'false',
      newValue: 'true',
    };
    expect(row(agreed, 'cs').slice(1)).toEqual(['Ne', 'Ano']);
    const gender = { entity: 'customer', entityId: 7, field: 'gender', oldValue: '1', newValue: '2' };
    expect(row(gender, 'cs')).toEqual(['Pohlaví', 'Muž', 'Žena']);
  });

  it('and in English', async () => {
    await changeLocale('en');
    expect(row(legalHold, 'en')).toEqual(['Legal hold', '—', 'Zdravotnická dokumentace']);
    expect(row(sampleType, 'en')).toEqual(['Sample 165: sample type', 'Buccal swab', 'Blood']);
    expect(row(collectedAt, 'en')).toEqual(['Sample 165: collected at', '—', '1 Nov 2026, 00:30']);
    const agreed = {
      entity: 'customer',
      entityId: 7,
      field: 'agreedToSampleExamination',
      oldValue: 'false',
      newValue: 'true',
    };
    expect(row(agreed, 'en').slice(1)).toEqual(['No', 'Yes']);
  });
});
