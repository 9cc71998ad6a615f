import type { Locale } from '@genodesk/contract/locales';
import { locales } from '@genodesk/contract/locales';
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '@/lib/i18n';
import { useLocale } from '@/lib/use-locale';

/** CS / EN switch; the choice is kept under `preferredLocale`. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <SegmentedControl
      size="xs"
      radius="md"
      data-testid="language-switch"
      aria-label={t('language.label')}
      value={locale}
      onChange={(value) => void changeLocale(value as Locale)}
      data={locales.map((l) => ({ value: l, label: t(`language.short.${l}`) }))}
    />
  );
}
