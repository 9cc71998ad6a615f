import { erasedCustomerLabel, type Locale } from '@genodesk/contract';
import { sql } from 'drizzle-orm';
import { alphabetical } from '../../db/listing.js';
import { customers } from '../../db/schema/index.js';

/** Whether the row's customer was erased (GDPR): their detail answers 404, their orders and payments stay. */
export const customerErased = sql<boolean>`${customers.erasedAt} is not null`;

/**
 * A customer's full name as the rows that outlive an erasure show it (orders, payments, voucher uses,
 * their exports): an erased customer reads `erasedCustomerLabel` in the caller's language, never the
 * placeholder words their anonymised row holds.
 */
export const customerFullName = (locale: Locale) =>
  sql<string>`case when ${customers.erasedAt} is not null then ${erasedCustomerLabel[locale]}::text else ${customers.name} || ' ' || ${customers.surname} end`;

/** The gender the words naming the customer agree with (1 male, 2 female); 0 once erased, whose label is its own noun. */
export const customerGender = sql<number>`case when ${customers.erasedAt} is not null then 0 else ${customers.gender} end`;

/** The customer's e-mail; empty once erased (the anonymised row's placeholder address is nobody's). */
export const customerEmail = sql<string>`case when ${customers.erasedAt} is not null then '' else ${customers.email} end`;

/** Prefix and number as stored (`+420 777100001`); empty once erased or when there is no number. */
export const customerPhone = sql<string>`case when ${customers.erasedAt} is not null or ${customers.phone} = '' then '' else ${customers.phonePrefix} || ' ' || ${customers.phone} end`;

/** Lists sorted by the customer sort by surname, then name, alphabetically. */
export const customerNameOrder = [alphabetical(customers.surname), alphabetical(customers.name)];

/** Whether the customer is an adult today in Prague, as `isUnderage` decides, whatever the database server's time zone. */
export const customerAdult = sql<boolean>`(${customers.dateOfBirth} is null or ${customers.dateOfBirth} <= (now() at time zone 'Europe/Prague')::date - interval '18 years')`;
