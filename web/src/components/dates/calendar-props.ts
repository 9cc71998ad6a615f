import type { CalendarAriaLabels } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { toIsoDay } from './date-format';
import classes from './dates.module.css';

const classNames = { weekday: classes.weekday, day: classes.day };

/**
 * What every calendar of the app shares: names for the arrow buttons and the days (the month and
 * year buttons keep their visible text as their name), AA-contrast weekdays and weekends, and no
 * days of the neighbouring months, which Mantine shows too faint to read.
 */
export function useCalendarProps() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const ariaLabels: CalendarAriaLabels = {
    previousMonth: t('dates.previousMonth'),
    nextMonth: t('dates.nextMonth'),
    previousYear: t('dates.previousYear'),
    nextYear: t('dates.nextYear'),
    previousDecade: t('dates.previousDecade'),
    nextDecade: t('dates.nextDecade'),
  };
  const getDayAriaLabel = (date: string) => {
    const [y, m, d] = (toIsoDay(date) ?? date).split('-').map(Number) as [number, number, number];
    return formatLongDate(new Date(y, m - 1, d), locale);
  };
  return { ariaLabels, getDayAriaLabel, classNames, hideOutsideDates: true };
}
