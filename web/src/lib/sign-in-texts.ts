/**
 * The sections of a language file (`locales/*.json`) that the sign-in screen and the route guard
 * around it show: the app's name, the language switch, the form, its errors and the error screens.
 * The build puts them in the first bundle (`locales/xx.json?sign-in`); every other screen waits for
 * the rest of its language (`?screens`), which is most of the file.
 */
export const signInSections: readonly string[] = [
  'app',
  'language',
  'languageName',
  'login',
  'errors',
  'notFound',
];

export type TextsPart = 'sign-in' | 'screens';

/** The sections of `texts` that belong to `part`. */
export function textsPart<T extends Record<string, unknown>>(texts: T, part: TextsPart): Partial<T> {
  return Object.fromEntries(
    Object.entries(texts).filter(([section]) => signInSections.includes(section) === (part === 'sign-in')),
  ) as Partial<T>;
}
