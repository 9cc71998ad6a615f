import { expect } from '@playwright/test';
import { demo, staffApi } from './session';

export interface NewCustomer {
  id: number;
  email: string;
  /** The surname with the run's own suffix (it makes the customer findable by it alone). */
  surname: string;
  /** First name and surname, as the lists show them. */
  fullName: string;
  /** The samples registration made (one where an order was paid in cash). */
  sampleIds: number[];
}

interface Registration {
  /** Who registers them: the reception by default. */
  as?: string;
  name?: string;
  /** Made unique by a suffix. */
  surname?: string;
  gender?: 1 | 2;
  /** The e-mail's name before its suffix, and its domain. */
  emailName?: string;
  emailDomain?: string;
  /** A demo product type by name; the first one otherwise. */
  productType?: string;
  paidInCash?: boolean;
  dnaConsent?: boolean;
  /** The phone number's first three digits (the rest are random). */
  phoneStart?: string;
}

/**
 * A customer registered at the reception through the API, for a test of its own: specs run in parallel
 * on one database, so a test that changes a customer (erases them, sets their language) registers its
 * own rather than taking the newest one, which another test may be working on.
 */
export async function registerCustomer(registration: Registration = {}): Promise<NewCustomer> {
  const {
    as = demo.reception,
    name = 'Věra',
    surname = 'Testovací',
    gender,
    emailName = 'zakaznice',
    emailDomain = 'example.cz',
    productType,
    paidInCash = false,
    dnaConsent = false,
    phoneStart = '777',
  } = registration;
  const api = await staffApi(as);
  const types = await api.get('/api/admin/producttypes?pageSize=100');
  expect(types.status(), await types.text()).toBe(200);
  const listed = ((await types.json()) as { items: { id: number; name: string }[] }).items;
  const type = productType === undefined ? listed[0] : listed.find((t) => t.name === productType);
  expect(type, `the demo product type ${productType ?? '(any)'}`).toBeDefined();
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const email = `${emailName}.${suffix}@${emailDomain}`;
  const fullSurname = `${surname} ${suffix}`;
  const created = await api.put('/api/admin/customers', {
    data: {
      Name: name,
      Surname: fullSurname,
      ...(gender === undefined ? {} : { Gender: gender }),
      Email: email,
      PhonePrefix: '+420',
      Phone: `${phoneStart}${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`,
      Password: 'customer-e2e-password',
      AgreeTerms: true,
      AgreeProcessingData: true,
      ...(dnaConsent ? { AgreedToDNAAnalysis: true } : {}),
      ProductTypeId: type?.id,
      PaidInCash: paidInCash,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const customer = (await created.json()) as { id: number; samples?: { id: number }[] };
  await api.dispose();
  return {
    id: customer.id,
    email,
    surname: fullSurname,
    fullName: `${name} ${fullSurname}`,
    sampleIds: (customer.samples ?? []).map((sample) => sample.id),
  };
}
