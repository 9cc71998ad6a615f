import { type Locale, pragueTimeZone } from '@genodesk/contract';

const intlLocale: Record<Locale, string> = { cs: 'cs-CZ', en: 'en-GB' };

// Built once per language: a formatter costs far more to make than to use, and a statement's or a
// series' messages use thousands.
const perLocale = <T>(make: (tag: string) => T) =>
  Object.fromEntries(Object.entries(intlLocale).map(([locale, tag]) => [locale, make(tag)])) as Record<
    Locale,
    T
  >;

const money = perLocale((tag) => new Intl.NumberFormat(tag, { style: 'currency', currency: 'CZK' }));
const longDay = perLocale((tag) => new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }));
const pragueTimes = {
  full: perLocale(
    (tag) =>
      new Intl.DateTimeFormat(tag, { dateStyle: 'full', timeStyle: 'short', timeZone: pragueTimeZone }),
  ),
  medium: perLocale(
    (tag) =>
      new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: pragueTimeZone }),
  ),
  short: perLocale(
    (tag) =>
      new Intl.DateTimeFormat(tag, { dateStyle: 'short', timeStyle: 'short', timeZone: pragueTimeZone }),
  ),
  /** `po 30. 3. 10:00` / `Mon 30/03, 10:00`: an SMS has little room. */
  brief: perLocale(
    (tag) =>
      new Intl.DateTimeFormat(tag, {
        weekday: 'short',
        day: 'numeric',
        month: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: pragueTimeZone,
      }),
  ),
};

/** An amount in haléře as a message states it: "1 234,50 Kč" / "CZK 1,234.50". */
export const formatMoney = (minor: number, locale: Locale) => money[locale].format(minor / 100);

/** A calendar day (YYYY-MM-DD) as a message states it: "24. prosince 2026" / "24 December 2026". */
export const formatDay = (day: string, locale: Locale) =>
  longDay[locale].format(new Date(`${day}T00:00:00Z`));

/** A moment on Prague's clock as a message states it, in one of the styles above. */
export const formatPragueTime = (instant: Date, locale: Locale, style: keyof typeof pragueTimes) =>
  pragueTimes[style][locale].format(instant);
