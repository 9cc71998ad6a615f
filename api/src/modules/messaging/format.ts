import type { Locale } from '@genodesk/contract';

const intlLocale: Record<Locale, string> = { cs: 'cs-CZ', en: 'en-GB' };

// Built once: a formatter costs far more to make than to use, and a statement's e-mails use thousands.
const money = Object.fromEntries(
  Object.entries(intlLocale).map(([locale, tag]) => [
    locale,
    new Intl.NumberFormat(tag, { style: 'currency', currency: 'CZK' }),
  ]),
) as Record<Locale, Intl.NumberFormat>;
const longDay = Object.fromEntries(
  Object.entries(intlLocale).map(([locale, tag]) => [
    locale,
    new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }),
  ]),
) as Record<Locale, Intl.DateTimeFormat>;

/** An amount in haléře as a message states it: "1 234,50 Kč" / "CZK 1,234.50". */
export const formatMoney = (minor: number, locale: Locale) => money[locale].format(minor / 100);

/** A calendar day (YYYY-MM-DD) as a message states it: "24. prosince 2026" / "24 December 2026". */
export const formatDay = (day: string, locale: Locale) =>
  longDay[locale].format(new Date(`${day}T00:00:00Z`));
