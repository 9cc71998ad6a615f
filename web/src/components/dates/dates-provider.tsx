import { pickLocale } from '@genodesk/contract/locales';
import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import 'dayjs/locale/cs';

/**
 * Calendars in the interface language, weeks from Monday; follows the language switch. It wraps
 * the shell (`app/layout/app-layout`), not the whole app: the sign-in screen has no calendar, and
 * the first bundle goes without dayjs. The locale is picked as `useLocale` picks it, without
 * importing it, as every contract message would come with it.
 */
export function LocaleDatesProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = pickLocale(i18n.resolvedLanguage ?? i18n.language);
  return <DatesProvider settings={{ locale, firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}
