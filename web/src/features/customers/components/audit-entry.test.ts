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
