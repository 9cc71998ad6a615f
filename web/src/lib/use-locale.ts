import type { Locale } from '@genodesk/contract/locale';
import { translateMessage } from '@genodesk/contract/messages';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toLocale } from './locale';

/** The current UI locale and a translator for contract message keys (validation and server messages). */
export function useLocale(): { locale: Locale; tm: (keyOrText: string) => string } {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const tm = useCallback((keyOrText: string) => translateMessage(keyOrText, locale), [locale]);
  return { locale, tm };
}
