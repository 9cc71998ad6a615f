import { Input, SegmentedControl } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocale } from '@/lib/use-locale';
import { genderLabel, genders } from './labels';

interface GenderPickerProps {
  label: ReactNode;
  value: string | null;
  onChange: (value: string) => void;
  error?: ReactNode;
  testId?: string;
}

export function GenderPicker({ label, value, onChange, error, testId = 'gender' }: GenderPickerProps) {
  const { locale } = useLocale();
  return (
    <Input.Wrapper label={label} withAsterisk error={error}>
      <SegmentedControl
        mt={6}
        display="flex"
        value={value ?? ''}
        onChange={onChange}
        data={genders.map((g) => ({ value: String(g), label: genderLabel(g, locale) }))}
        data-testid={testId}
      />
    </Input.Wrapper>
  );
}
