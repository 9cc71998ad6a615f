import type { ClinicalWeight, TemplateRisk } from '@genodesk/contract/templates';
import { Badge, Group } from '@mantine/core';
import { IconGenderBigender, IconGenderFemale, IconGenderMale } from '@tabler/icons-react';
import { useLocale } from '@/lib/use-locale';
import { clinicalWeightColors, clinicalWeightLabel, genderLabel, riskColors, riskLabel } from './labels';

export function RiskBadge({ risk, testId }: { risk: number | null | undefined; testId?: string }) {
  const { locale } = useLocale();
  if (!risk) return null;
  return (
    <Badge
      color={riskColors[risk as TemplateRisk] ?? 'gray'}
      variant="light"
      radius="sm"
      tt="none"
      fw={600}
      leftSection={<span className="gd-risk-dot" />}
      miw="max-content"
      data-testid={testId}
      data-risk={risk}
    >
      {riskLabel(risk, locale)}
    </Badge>
  );
}

/** How grave a phenotype or a combination rule is (issue 34). */
export function ClinicalWeightBadge({
  weight,
  testId,
}: {
  weight: number | null | undefined;
  testId?: string;
}) {
  const { locale } = useLocale();
  if (!weight) return null;
  return (
    <Badge
      color={clinicalWeightColors[weight as ClinicalWeight] ?? 'gray'}
      variant="outline"
      radius="sm"
      tt="none"
      fw={600}
      miw="max-content"
      data-testid={testId}
      data-clinical-weight={weight}
    >
      {clinicalWeightLabel(weight, locale)}
    </Badge>
  );
}

export function GenderBadge({ gender, testId }: { gender: number; testId?: string }) {
  const { locale } = useLocale();
  const Icon = gender === 1 ? IconGenderMale : gender === 2 ? IconGenderFemale : IconGenderBigender;
  return (
    <Badge
      variant="default"
      radius="sm"
      tt="none"
      fw={500}
      leftSection={<Icon size={13} />}
      data-testid={testId}
    >
      {genderLabel(gender, locale)}
    </Badge>
  );
}

export function GeneCodes({ codes }: { codes: readonly string[] }) {
  return (
    <Group gap={4} wrap="wrap">
      {codes.map((code) => (
        <Badge key={code} variant="outline" color="teal" radius="sm" tt="none" ff="monospace" fw={500}>
          {code}
        </Badge>
      ))}
    </Group>
  );
}
