/** Risk of a phenotype (1 low … 4 high) to its Mantine colour; no risk is grey. */
export const riskColors: Record<1 | 2 | 3 | 4, string> = { 1: 'green', 2: 'yellow', 3: 'orange', 4: 'red' };

export const riskLevels = [1, 2, 3, 4] as const;

export function riskColor(risk: number | null | undefined): string {
  return risk !== null && risk !== undefined && risk in riskColors
    ? riskColors[risk as 1 | 2 | 3 | 4]
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
