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
    expect(auditSubject(statusChange, t)).toBe('Vzorek 165: stav');
    expect(auditValue(statusChange, statusChange.oldValue, 'cs', t)).toBe('Přijat zpět');
    expect(auditValue(statusChange, statusChange.newValue, 'cs', t)).toBe('V analýze');
  });

  it('and in English; a registration paid in cash reads as such', async () => {
    await changeLocale('en');
    const t = i18n.getFixedT('en');
    expect(auditSubject(statusChange, t)).toBe('Sample 165: status');
    expect(auditValue(statusChange, statusChange.newValue, 'en', t)).toBe('In analysis');
    const payment = { entity: 'customer', entityId: 7, field: 'payment', oldValue: null, newValue: 'cash' };
    expect(auditSubject(payment, t)).toBe('Payment');
    expect(auditValue(payment, payment.newValue, 'en', t)).toBe('in cash');
    expect(auditValue(payment, payment.oldValue, 'en', t)).toBe('—');
    // A field of the customer is named as on the form.
    expect(auditSubject({ ...payment, field: 'surname' }, t)).toBe(t('customers.fields.surname'));
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
      auditSubject(entry, t),
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
