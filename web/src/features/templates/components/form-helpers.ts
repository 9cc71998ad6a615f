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

/**
 * Marks every optional rich-text field of `fields` that the server would refuse (an embedded medium
 * without a usable URL); true when none is marked.
 */
export function markRichTextProblems<Field extends string>(
  form: { setFieldError: (path: Field, error: string) => void },
  values: Record<Field, string>,
  fields: readonly Field[],
): boolean {
  let ok = true;
  for (const name of fields) {
    const problem = richTextProblem(values[name], false);
    if (problem) {
      form.setFieldError(name, problem);
      ok = false;
    }
  }
  return ok;
}
