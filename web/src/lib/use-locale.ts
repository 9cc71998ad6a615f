import type { Locale } from '@genodesk/contract/locales';
import { pickLocale } from '@genodesk/contract/locales';
import { translateMessage } from '@genodesk/contract/messages';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The current UI locale and a translator for contract message keys (validation and server messages). */
export function useLocale(): { locale: Locale; tm: (keyOrText: string) => string } {
  const { i18n } = useTranslation();
  const locale = pickLocale(i18n.resolvedLanguage ?? i18n.language);
  const tm = useCallback((keyOrText: string) => translateMessage(keyOrText, locale), [locale]);
  return { locale, tm };
}
