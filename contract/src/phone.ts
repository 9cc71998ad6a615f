import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';

// Kept apart from common.ts: libphonenumber's metadata is large, and the login screen needs none of it.

/** A phone number in international form (prefix included), validated with libphonenumber. */
export function isValidPhone(value: string): boolean {
  if (/[a-z]/i.test(value)) return false;
  const parsed = parsePhoneNumberFromString(value.replace(/\s+/g, ''), 'CZ');
  return parsed?.isValid() ?? false;
}

export const optionalPhoneSchema = z
  .string()
  .trim()
  .max(32, 'invalidPhone')
  .refine((v) => v === '' || isValidPhone(v), 'invalidPhone')
  .nullish();
