import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLocale, initI18n, loadScreenTexts } from '@/lib/i18n';
import { DateField } from './date-field';
import { DateRangeFilter } from './date-range-filter';
import { LocaleDatesProvider } from './dates-provider';

const i18n = initI18n();

function renderWithApp(ui: ReactNode) {
  return render(
    <I18nextProvider i18n={i18n}>
      {/* env="test": no transitions and no portals, so the calendar is in the container at once */}
      <MantineProvider env="test">
        <LocaleDatesProvider>{ui}</LocaleDatesProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

/** A form field as `useZodForm` drives it: the value lives outside the component. */
function ControlledDateField({
  initial,
  onChange,
}: {
  initial: string | null;
  onChange: (v: string | null) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="dob"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

/** A list filter as `useListParams` drives it: both ends live in the URL. */
function ControlledRange({
  initial,
  onChange,
}: {
  initial: { from?: string; to?: string };
  onChange: (from: string | undefined, to: string | undefined) => void;
}) {
  const [range, setRange] = useState(initial);
  return (
    <DateRangeFilter
      label="Registered"
      from={range.from}
      to={range.to}
      onChange={(from, to) => {
        setRange({ from, to });
        onChange(from, to);
      }}
      data-testid="range"
    />
  );
}

describe('shared date fields', () => {
  beforeAll(async () => {
    await loadScreenTexts();
    // jsdom lacks these; Mantine's provider and popovers ask for them.
  });

  afterEach(async () => {
    await act(() => changeLocale('cs'));
  });

  describe('DateField', () => {
    it('shows the ISO value in the Czech format and switches with the language', async () => {
      renderWithApp(<ControlledDateField initial="1985-03-15" onChange={() => {}} />);
      const input = screen.getByLabelText('dob');
      expect(input).toHaveValue('15. 3. 1985');
      expect(input).toHaveAttribute('placeholder', 'd. m. rrrr');
      await act(() => changeLocale('en'));
      expect(input).toHaveValue('15 Mar 1985');
      expect(input).toHaveAttribute('placeholder', 'd mmm yyyy');
    });

    it('gives the typed day out as an ISO string, in cs and in en', async () => {
      const onChange = vi.fn();
      renderWithApp(<ControlledDateField initial={null} onChange={onChange} />);
      const input = screen.getByLabelText('dob');
      fireEvent.change(input, { target: { value: '2. 1. 1990' } });
      expect(onChange).toHaveBeenLastCalledWith('1990-01-02');
      fireEvent.blur(input);
      expect(input).toHaveValue('2. 1. 1990');

      await act(() => changeLocale('en'));
      expect(input).toHaveValue('2 Jan 1990');
      fireEvent.change(input, { target: { value: '28 Feb 1991' } });
      expect(onChange).toHaveBeenLastCalledWith('1991-02-28');
    });

    it('keeps the last whole day while a date is half typed, and shows it again on leaving', () => {
      const onChange = vi.fn();
      renderWithApp(<ControlledDateField initial="1985-03-15" onChange={onChange} />);
      const input = screen.getByLabelText('dob');
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value: '1. 5. 19' } });
      expect(onChange).not.toHaveBeenCalled();
      fireEvent.blur(input);
      expect(input).toHaveValue('15. 3. 1985');
    });

    it('is cleared with its clear button or by emptying the text', () => {
      const onChange = vi.fn();
      renderWithApp(<ControlledDateField initial="1985-03-15" onChange={onChange} />);
      fireEvent.click(screen.getByRole('button', { name: 'Smazat datum' }));
      expect(onChange).toHaveBeenLastCalledWith(null);
      expect(screen.getByLabelText('dob')).toHaveValue('');

      fireEvent.change(screen.getByLabelText('dob'), { target: { value: '1. 1. 2000' } });
      expect(onChange).toHaveBeenLastCalledWith('2000-01-01');
      fireEvent.change(screen.getByLabelText('dob'), { target: { value: '' } });
      expect(onChange).toHaveBeenLastCalledWith(null);
    });

    it('opens a calendar that starts the week on Monday and names its days in full', async () => {
      renderWithApp(<ControlledDateField initial="2025-03-05" onChange={() => {}} />);
      fireEvent.focus(screen.getByLabelText('dob'));
      const weekdays = () => screen.getAllByRole('columnheader').map((th) => th.textContent);
      expect(weekdays()[0]).toBe('po');
      expect(screen.getByRole('button', { name: 'středa 5. března 2025' })).toHaveAttribute(
        'data-selected',
        'true',
      );
      expect(screen.getByRole('button', { name: 'Předchozí měsíc' })).toBeInTheDocument();
      await act(() => changeLocale('en'));
      expect(weekdays()[0]).toBe('Mo');
      expect(screen.getByRole('button', { name: /^Wednesday,? 5 March 2025$/ })).toBeInTheDocument();
    });

    it('takes a day picked in the calendar', () => {
      const onChange = vi.fn();
      renderWithApp(<ControlledDateField initial="2025-03-05" onChange={onChange} />);
      fireEvent.focus(screen.getByLabelText('dob'));
      fireEvent.click(screen.getByRole('button', { name: 'čtvrtek 20. března 2025' }));
      expect(onChange).toHaveBeenLastCalledWith('2025-03-20');
      expect(screen.getByLabelText('dob')).toHaveValue('20. 3. 2025');
    });
  });

  describe('DateRangeFilter', () => {
    it('shows the range in the interface language', async () => {
      renderWithApp(
        <ControlledRange initial={{ from: '2025-03-01', to: '2025-03-07' }} onChange={() => {}} />,
      );
      const field = screen.getByTestId('range');
      expect(field).toHaveTextContent('1. 3. 2025 – 7. 3. 2025');
      expect(field).toHaveAccessibleName('Registered: 1. 3. 2025 – 7. 3. 2025');
      await act(() => changeLocale('en'));
      expect(field).toHaveTextContent('1 Mar 2025 – 7 Mar 2025');
    });

    it('says so when only one end is set', () => {
      renderWithApp(<ControlledRange initial={{ from: '2025-03-01' }} onChange={() => {}} />);
      expect(screen.getByTestId('range')).toHaveTextContent('od 1. 3. 2025');
    });

    it('shows its name while empty', () => {
      renderWithApp(<ControlledRange initial={{}} onChange={() => {}} />);
      expect(screen.getByTestId('range')).toHaveTextContent('Registered');
      expect(screen.queryByRole('button', { name: 'Zrušit filtr data' })).toBeNull();
    });

    it('writes both ends once the second day is picked', () => {
      const onChange = vi.fn();
      renderWithApp(
        <ControlledRange initial={{ from: '2025-03-01', to: '2025-03-07' }} onChange={onChange} />,
      );
      fireEvent.click(screen.getByTestId('range'));
      fireEvent.click(screen.getByRole('button', { name: 'čtvrtek 20. března 2025' }));
      expect(onChange).not.toHaveBeenCalled();
      fireEvent.click(screen.getByRole('button', { name: 'pondělí 10. března 2025' }));
      expect(onChange).toHaveBeenCalledTimes(1);
      expect(onChange).toHaveBeenCalledWith('2025-03-10', '2025-03-20');
      expect(screen.getByTestId('range')).toHaveTextContent('10. 3. 2025 – 20. 3. 2025');
    });

    it('takes one day picked twice as a one-day range', () => {
      const onChange = vi.fn();
      renderWithApp(
        <ControlledRange initial={{ from: '2025-03-01', to: '2025-03-07' }} onChange={onChange} />,
      );
      fireEvent.click(screen.getByTestId('range'));
      const day = () => screen.getByRole('button', { name: 'úterý 11. března 2025' });
      fireEvent.click(day());
      fireEvent.click(day());
      expect(onChange).toHaveBeenCalledWith('2025-03-11', '2025-03-11');
    });

    it('keeps the filter when the calendar is left after one day', () => {
      const onChange = vi.fn();
      renderWithApp(
        <ControlledRange initial={{ from: '2025-03-01', to: '2025-03-07' }} onChange={onChange} />,
      );
      fireEvent.click(screen.getByTestId('range'));
      fireEvent.click(screen.getByRole('button', { name: 'čtvrtek 20. března 2025' }));
      fireEvent.keyDown(screen.getByRole('button', { name: 'čtvrtek 20. března 2025' }), { key: 'Escape' });
      expect(onChange).not.toHaveBeenCalled();
      expect(screen.getByTestId('range')).toHaveTextContent('1. 3. 2025 – 7. 3. 2025');
    });

    it('clears both ends with its clear button', () => {
      const onChange = vi.fn();
      renderWithApp(
        <ControlledRange initial={{ from: '2025-03-01', to: '2025-03-07' }} onChange={onChange} />,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Zrušit filtr data' }));
      expect(onChange).toHaveBeenCalledWith(undefined, undefined);
      expect(screen.getByTestId('range')).toHaveTextContent('Registered');
    });
  });
});
