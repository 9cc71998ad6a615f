import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import { IconCalendarTime } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/use-locale';
import { useCalendarProps } from './calendar-props';
import { dateTimeFieldFormat, fromPickerDateTime, toPickerDateTime } from './date-format';
import { wholeValueTimeInputs } from './time-inputs';

export interface DateTimeFieldProps
  extends Omit<
    DateTimePickerProps,
    'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'locale' | 'timePickerProps' | 'submitButtonProps'
  > {
  /** A wall-clock time without a zone, `2026-11-24T07:00`; empty means none. */
  value?: string;
  onChange: (value: string) => void;
  /** Minutes the time's arrows and list step by. */
  minutesStep?: number;
}

/**
 * The one date-and-time field of every form: the day picked in the calendar, the time typed on a
 * 24-hour clock, shown in the interface language (cs `24. 11. 2026 07:00`, en `24 Nov 2026 07:00`).
 */
export function DateTimeField({ value, onChange, minutesStep = 5, ...props }: DateTimeFieldProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const calendar = useCalendarProps();
  return (
    <DateTimePicker
      leftSection={<IconCalendarTime size={16} />}
      {...props}
      value={toPickerDateTime(value)}
      onChange={(next) => onChange(fromPickerDateTime(next))}
      valueFormat={dateTimeFieldFormat[locale]}
      timePickerProps={{
        ...wholeValueTimeInputs,
        format: '24h',
        minutesStep,
        hoursInputLabel: t('dates.hours'),
        minutesInputLabel: t('dates.minutes'),
        clearable: false,
      }}
      submitButtonProps={{ 'aria-label': t('dates.confirmTime') }}
      {...calendar}
    />
  );
}
