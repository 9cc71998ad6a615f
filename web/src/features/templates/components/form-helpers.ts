import type { Locale } from '@genodesk/contract/locales';
import { type Message, translateMessage } from '@genodesk/contract/messages';
import { isEmptyRichText, richTextMediaProblem } from '@/components/rich-text/media-url';

/** Translated problems by row index, for the genotype editor. */
export function translateRowProblems(problems: ReadonlyMap<number, Message>, locale: Locale) {
  return new Map([...problems].map(([index, m]) => [index, translateMessage(m.key, locale, m.params)]));
}

/** A rich text's problem before it is sent: empty when required, or an embedded medium the server refuses. */
export function richTextProblem(html: string, required: boolean) {
  if (required && isEmptyRichText(html)) return 'required' as const;
  return richTextMediaProblem(html);
}
