import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';

// Kept apart from common.ts: libphonenumber's metadata is large, and the login screen needs none of it.

/** A phone number in international form (prefix included), validated with libphonenumber. */
export const isValidPhone = (value: string): boolean => toE164(value) !== undefined;

/** The number in E.164 (`+420601234567`), as SMS gateways take it; undefined when it is not valid. */
export function toE164(value: string): string | undefined {
  if (/[a-z]/i.test(value)) return undefined;
  const parsed = parsePhoneNumberFromString(value.replace(/\s+/g, ''), 'CZ');
  return parsed?.isValid() ? parsed.number : undefined;
}

export const optionalPhoneSchema = z
  .string()
  .trim()
  .max(32, 'invalidPhone')
  .refine((v) => v === '' || isValidPhone(v), 'invalidPhone')
  .nullish();
