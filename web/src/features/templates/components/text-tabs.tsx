import { Badge, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Czech and English versions of a text side by side as tabs (the UI language's first). */
export function LanguageTabs({
  cs,
  en,
  testId,
  enMissing,
}: {
  cs: ReactNode;
  en: ReactNode;
  testId?: string;
  enMissing?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Tabs defaultValue={i18n.language === 'en' ? 'en' : 'cs'} keepMounted data-testid={testId}>
      <Tabs.List mb="md">
        <Tabs.Tab value="cs" data-testid={testId ? `${testId}-cs` : undefined}>
          {t('languageName.cs')}
        </Tabs.Tab>
        <Tabs.Tab
          value="en"
          data-testid={testId ? `${testId}-en` : undefined}
          rightSection={
            enMissing ? (
              <Badge size="xs" variant="light" color="gray">
                {t('templates.missing')}
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
