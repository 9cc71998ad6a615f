import { Group, Input, Radio, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/use-locale';
import { riskColors, riskLabel, risks } from './labels';

interface RiskPickerProps {
  value: string | null;
  onChange: (value: string) => void;
  error?: ReactNode;
  label?: ReactNode;
  testId?: string;
}

/** The four risks as cards with their colour. */
export function RiskPicker({ value, onChange, error, label, testId = 'risk' }: RiskPickerProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <Input.Wrapper label={label ?? t('templates.fields.risk')} withAsterisk error={error}>
      <Radio.Group value={value ?? ''} onChange={onChange} mt={6}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          {risks.map((risk) => (
            <Radio.Card
              key={risk}
              value={String(risk)}
              radius="md"
              p="sm"
              data-testid={`${testId}-option-${risk}`}
              className="gd-risk-card"
              style={{ '--risk-color': `var(--mantine-color-${riskColors[risk]}-6)` } as React.CSSProperties}
            >
              <Group wrap="nowrap" gap="sm">
                <Radio.Indicator color={riskColors[risk]} />
                <Text fz="sm" fw={600} c={`${riskColors[risk]}.8`}>
                  {riskLabel(risk, locale)}
                </Text>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
    </Input.Wrapper>
  );
}
