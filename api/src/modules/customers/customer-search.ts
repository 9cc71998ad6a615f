import { phoneDigits } from '@genodesk/contract';
import type { Placeholder, SQL } from 'drizzle-orm';
import { contains, likePattern } from '../../db/listing.js';
import { customers } from '../../db/schema/index.js';

/**
 * What a search for customers looks for in their search column: a phone typed with spaces, dashes,
 * brackets or `+` as its digits (phones are stored without them; `phoneDigits`, six digits or more),
 * fewer digits without their spaces, else the text as typed. The customers list and the global search
 * both ask it, so the two find the same customers.
 */
export function customerSearchPattern(term: string): string {
  const digits = phoneDigits(term) ?? (/^[+\d\s]+$/.test(term) ? term.replace(/\s+/g, '') : undefined);
  return likePattern(digits ?? term);
}

/**
 * The customers whose search column (name, surname, e-mail, phone, barcode, OpenLIMS id) contains the
 * pattern, case and diacritics aside (`contains`): "zemanova" finds Zemanová, "ZEMANOVÁ" a Zemanova
 * stored without, through the column's trigram index.
 */
export const customerMatches = (pattern: string | Placeholder): SQL => contains(customers.search, pattern);
