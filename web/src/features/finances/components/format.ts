import type { Locale } from '@genodesk/contract/locales';
import { formatMoney } from '@/lib/format';

/** Money of the finance screens: haléře as CZK with two decimals, in the interface language. */
export const money = (value: { amountMinor: number; currency: string }, locale: Locale) =>
  formatMoney(value.amountMinor, value.currency, locale);
