import type { TemplateRisk } from '@genodesk/contract/templates';
import { riskColors, risks } from '@/features/templates/components/labels';

/** The catalogue's risks (SPEC §4: 1 low/none, 2 medium, 3 high, 4 protective), in their colours. */
export const riskLevels = risks;

/** A risk's Mantine colour, as the catalogue shows it; no risk (or not assessed) is grey. */
export function riskColor(risk: number | null | undefined): string {
  return risk !== null && risk !== undefined && risk in riskColors
    ? riskColors[risk as TemplateRisk]
    : 'gray';
}

/** The text in the reader's language: English falls back to Czech when it is empty. */
export function localizedText(cs: string, en: string, locale: string): string {
  return locale === 'en' && en.trim() !== '' ? en : cs;
}

/** The rich text in the reader's language; an English text with no words falls back to Czech. */
export function localizedRichText(cs: string, en: string, locale: string): string {
  const enText = en.replace(/<[^>]*>/g, '').trim();
  const hasMedia = /<(img|iframe)\b/i.test(en);
  return locale === 'en' && (enText !== '' || hasMedia) ? en : cs;
}
