import { erasedCustomerLabel, type Locale } from '@genodesk/contract';
import { sql } from 'drizzle-orm';
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
