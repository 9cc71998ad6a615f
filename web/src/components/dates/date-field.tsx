import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/use-locale';
import { useCalendarProps } from './calendar-props';
import { dateFieldFormat, parseDateField, toIsoDay } from './date-format';

export interface DateFieldProps
  extends Omit<
    DateInputProps,
    'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'locale' | 'clearable'
  > {
  /** `YYYY-MM-DD`; empty string and null both mean no date. */
  value?: string | null;
  onChange: (value: string | null) => void;
  /** An optional field can be emptied with its clear button (true unless said otherwise). */
  clearable?: boolean;
}

/**
 * The one date field of every form: typed in the interface language's format (cs `15. 3. 1985`,
 * en `15 Mar 1985`) or picked in the calendar; the value in and out is an ISO day.
 */
export function DateField({ value, onChange, clearable = true, placeholder, ...props }: DateFieldProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const calendar = useCalendarProps();
  return (
    <DateInput
      leftSection={<IconCalendar size={16} />}
      placeholder={placeholder ?? t('dates.placeholder')}
      {...props}
      value={toIsoDay(value)}
      onChange={(next) => onChange(toIsoDay(next))}
      valueFormat={dateFieldFormat[locale]}
      dateParser={(text) => parseDateField(text, locale)}
      clearable={clearable}
      clearButtonProps={{ 'aria-label': t('dates.clear') }}
      {...calendar}
    />
  );
}
