import type { Locale, Localized } from './locale.js';

/**
 * Every message the server can answer with, in both languages. Validation schemas carry these keys
 * as their error text; the API and the web translate them with `translateMessage`.
 * Texts are SPEC §5 and §8 verbatim where the spec gives them.
 */
export const messages = {
  required: { cs: 'Pole je povinné!', en: 'This field is required!' },
  requiredField: { cs: 'Je to povinné pole', en: 'This is a required field' },
  invalidEmail: { cs: 'Hodnota není validní e-mail!', en: 'The value is not a valid e-mail!' },
  passwordsNotMatching: { cs: 'Hesla musí být stejná!', en: 'The passwords are not matching!' },
  invalidPhone: { cs: 'Toto není platné telefonní číslo!', en: 'This is not a valid phone number!' },
  mustPickOne: { cs: 'Musíte zvolit jednu možnost!', en: 'You have to choose one option!' },
  duplicateUserEmail: {
    cs: 'Uživatel se zadaným e-mailem již existuje!',
    en: 'A user with the specified e-mail already exists!',
  },
  wrongOldPassword: { cs: 'Nesprávné staré heslo!', en: 'The old password is invalid!' },
  passwordTooShort: {
    cs: 'Heslo musí mít alespoň 8 znaků!',
    en: 'The password must have at least 8 characters!',
  },
  passwordSameAsOld: {
    cs: 'Nové heslo se musí lišit od starého!',
    en: 'The new password must differ from the old one!',
  },
  invalidValue: { cs: 'Neplatná hodnota!', en: 'Invalid value!' },
  invalidColor: { cs: 'Neplatná barva!', en: 'Invalid colour!' },
  accountInactive: {
    cs: 'Váš účet je deaktivován. Obraťte se na administrátora.',
    en: 'Your account is deactivated. Please contact an administrator.',
  },
  noAdminAccess: {
    cs: 'Váš účet nemá přístup do administrace.',
    en: 'Your account has no access to the back-office.',
  },
  invalidCredentials: { cs: 'Nesprávný e-mail nebo heslo!', en: 'Wrong e-mail or password!' },
  tooManyAttempts: {
    cs: 'Příliš mnoho pokusů o přihlášení. Zkuste to prosím za chvíli.',
    en: 'Too many sign-in attempts. Please try again in a while.',
  },
  tooManyRequests: {
    cs: 'Příliš mnoho požadavků. Zkuste to prosím za chvíli.',
    en: 'Too many requests. Please try again in a while.',
  },
  unauthorized: { cs: 'Přihlášení vypršelo nebo chybí.', en: 'You are not signed in.' },
  refreshRejected: {
    cs: 'Platnost přihlášení skončila. Přihlaste se prosím znovu.',
    en: 'Your session has ended. Please sign in again.',
  },
  forbidden: { cs: 'K této akci nemáte oprávnění.', en: 'You do not have permission for this action.' },
  mustChangePassword: {
    cs: 'Před pokračováním si musíte změnit heslo.',
    en: 'You have to change your password before you continue.',
  },
  notFound: { cs: 'Záznam nebyl nalezen.', en: 'The record was not found.' },
  routeNotFound: { cs: 'Tato adresa API neexistuje.', en: 'This API address does not exist.' },
  badRequest: { cs: 'Neplatný požadavek.', en: 'Invalid request.' },
  internalError: {
    cs: 'Došlo k neočekávané chybě serveru.',
    en: 'An unexpected server error occurred.',
  },
  mainDoctorOnlyForDoctor: {
    cs: 'Hlavním lékařem může být jen uživatel s rolí Lékař!',
    en: 'Only a user with the Doctor role can be the main doctor!',
  },
  unknownPermission: { cs: 'Neznámé oprávnění!', en: 'Unknown permission!' },
  cannotDeactivateSelf: {
    cs: 'Nemůžete deaktivovat sám sebe!',
    en: 'You cannot deactivate yourself!',
  },
  cannotRemoveOwnAccess: {
    cs: 'Nemůžete odebrat oprávnění, díky kterému tuto roli upravujete!',
    en: 'You cannot remove the permission that lets you edit this role!',
  },
} as const satisfies Record<string, Localized>;

export type MessageKey = keyof typeof messages;

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(messages, value);
}

/** Translates a message key; any other text is returned as it is. */
export function translateMessage(keyOrText: string, locale: Locale): string {
  return isMessageKey(keyOrText) ? messages[keyOrText][locale] : keyOrText;
}
