import { Badge, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The Czech and English versions of an e-mail. Czech comes first whatever the interface language:
 * it is the version every e-mail must have.
 */
export function VersionTabs({
  value,
  onChange,
  cs,
  en,
  enMissing,
  testId,
}: {
  value: 'cs' | 'en';
  onChange: (value: 'cs' | 'en') => void;
  cs: ReactNode;
  en: ReactNode;
  enMissing: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Tabs value={value} onChange={(v) => onChange(v === 'en' ? 'en' : 'cs')} keepMounted data-testid={testId}>
      <Tabs.List mb="md">
        <Tabs.Tab value="cs" data-testid={`${testId}-cs`}>
          {t('languageName.cs')}
        </Tabs.Tab>
        <Tabs.Tab
          value="en"
          data-testid={`${testId}-en`}
          rightSection={
            enMissing ? (
              <Badge size="xs" variant="light" color="gray">
                {t('messaging.email.notGiven')}
              </Badge>
            ) : undefined
          }
        >
          {t('languageName.en')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="cs">{cs}</Tabs.Panel>
      <Tabs.Panel value="en">{en}</Tabs.Panel>
    </Tabs>
  );
}
