import { staffColors } from '@genodesk/contract/common';
import { CheckIcon, ColorSwatch, Group, Input } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface StaffColorPickerProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  error?: string;
  testIdPrefix: string;
}

/** Swatches of the staff palette; the value is the 1-based index into `staffColors`. */
export function StaffColorPicker({ label, value, onChange, error, testIdPrefix }: StaffColorPickerProps) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper label={label} error={error}>
      <Group gap={8} mt={6} role="radiogroup" aria-label={label}>
        {staffColors.map((color, index) => {
          const colorValue = index + 1;
          const selected = value === colorValue;
          return (
            <ColorSwatch
              key={color}
              component="button"
              type="button"
              color={color}
              size={28}
              role="radio"
              aria-checked={selected}
              aria-label={t('common.colorN', { n: colorValue })}
              data-testid={`${testIdPrefix}-${colorValue}`}
              onClick={() => onChange(colorValue)}
              style={{
                cursor: 'pointer',
                color: '#fff',
                outline: selected ? `2px solid ${color}` : undefined,
                outlineOffset: 2,
              }}
            >
              {selected && <CheckIcon width={12} />}
            </ColorSwatch>
          );
        })}
      </Group>
    </Input.Wrapper>
  );
}
