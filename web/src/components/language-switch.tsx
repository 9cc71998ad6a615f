import type { Locale } from '@genodesk/contract/locales';
import { locales, pickLocale } from '@genodesk/contract/locales';
import { SegmentedControl } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '@/lib/i18n';

/** CS / EN switch; the choice is kept under `preferredLocale`. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  // Not `useLocale`, which brings every contract message: the switch is on the sign-in screen.
  const locale = pickLocale(i18n.resolvedLanguage ?? i18n.language);
  // The other language is a chunk of its own: when it cannot load, the route's error screen offers
  // the same reload as a route chunk that failed.
  const [failure, setFailure] = useState<Error | null>(null);
  if (failure) throw failure;
  return (
    <SegmentedControl
      size="xs"
      radius="md"
      data-testid="language-switch"
      aria-label={t('language.label')}
      value={locale}
      onChange={(value) =>
        changeLocale(value as Locale).catch((error: unknown) =>
          setFailure(error instanceof Error ? error : new Error(String(error))),
        )
      }
      data={locales.map((l) => ({ value: l, label: t(`language.short.${l}`) }))}
    />
  );
}
