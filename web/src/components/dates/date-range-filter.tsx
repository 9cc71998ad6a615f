import { Input } from '@mantine/core';
import { DatePickerInput, type DatePickerInputProps, type DatesRangeValue } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/use-locale';
import { useCalendarProps } from './calendar-props';
import { dateFieldFormat, formatDateField, toIsoDay } from './date-format';

type Range = [string | null, string | null];

export interface DateRangeFilterProps
  extends Omit<
    DatePickerInputProps<'range'>,
    | 'type'
    | 'value'
    | 'defaultValue'
    | 'onChange'
    | 'label'
    | 'valueFormat'
    | 'valueFormatter'
    | 'clearable'
    | 'placeholder'
  > {
  /** What the range filters on (e.g. "Registration"); the field's accessible name and placeholder. */
  label: string;
  /** `YYYY-MM-DD` of the first day, or undefined for an open start. */
  from: string | undefined;
  /** `YYYY-MM-DD` of the last day (inclusive), or undefined for an open end. */
  to: string | undefined;
  /** Both ends at once: a picked range, or both undefined when cleared. */
  onChange: (from: string | undefined, to: string | undefined) => void;
}

/**
 * The one from–to date filter of every list: a calendar where the first click picks the first day
 * and the second the last (the same day twice is one day). The list's filter changes only when
 * both ends are picked, so the URL never holds half a new range.
 */
export function DateRangeFilter({ label, from, to, onChange, ...props }: DateRangeFilterProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const calendar = useCalendarProps();
  const start = toIsoDay(from);
  const end = toIsoDay(to);
  // The first picked day, until the second one completes the range.
  const [draft, setDraft] = useState<Range | null>(null);
  // The calendar is a dialog named by the field (`aria-labelledby` its target); Mantine gives the
  // field its own id, so both ids are set here.
  const popoverId = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a range set from outside (a link, the back button) replaces a half-picked one
  useEffect(() => setDraft(null), [start, end]);

  const describe = (value: Range) => {
    const [a, b] = value.map((v) => formatDateField(v, locale));
    if (a && b) return t('dates.range', { from: a, to: b });
    if (a) return t('dates.rangeFrom', { date: a });
    if (b) return t('dates.rangeTo', { date: b });
    return '';
  };
  const shown: Range = draft ?? [start, end];
  const text = describe([start, end]);

  const change = (value: DatesRangeValue<string>) => {
    const [a, b] = value.map(toIsoDay) as Range;
    if (a && b) {
      setDraft(null);
      onChange(a, b);
    } else if (a) setDraft([a, null]);
    // Closing the calendar after one day empties Mantine's range: the filter stays as it was.
    else setDraft(null);
  };

  return (
    <DatePickerInput
      leftSection={<IconCalendar size={16} />}
      {...props}
      type="range"
      allowSingleDateInRange
      value={shown}
      onChange={change}
      onDropdownClose={() => setDraft(null)}
      id={`${popoverId}-target`}
      popoverProps={{ ...props.popoverProps, id: popoverId }}
      valueFormat={dateFieldFormat[locale]}
      valueFormatter={({ date }) => describe((Array.isArray(date) ? date : [null, null]) as Range)}
      placeholder={label}
      aria-label={text ? `${label}: ${text}` : label}
      rightSection={
        start || end ? (
          <Input.ClearButton
            aria-label={t('dates.clearRange')}
            onClick={() => onChange(undefined, undefined)}
          />
        ) : undefined
      }
      {...calendar}
    />
  );
}
