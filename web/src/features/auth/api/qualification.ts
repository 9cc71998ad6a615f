import type { Locale } from '@genodesk/contract/locales';
import { mayDo, type Qualification, type QualifiedAct, qualificationLabels } from '@genodesk/contract/users';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/use-locale';
import { useCurrentUser } from './get-current-user';

/**
 * Why the act is not offered, in the reader's language, naming the user's own qualification; null when
 * it may be done.
 */
export function qualifiedActHint(
  act: QualifiedAct,
  qualification: Qualification | null | undefined,
  locale: Locale,
  t: (key: string, options: Record<string, string>) => string,
): string | null {
  if (mayDo(act, qualification)) return null;
  return t(`users.qualifiedOnly.${act}`, {
    qualification: qualificationLabels[qualification ?? 'none'][locale],
  });
}

export interface QualifiedActState {
  allowed: boolean;
  /** Why not, to show beside the control; null when allowed. */
  hint: string | null;
  /** The hint's element id, for the control's `aria-describedby`. */
  hintId: string;
  /** Props for a control kept focusable but inert (`aria-disabled`), described by the hint. */
  controlProps: { 'aria-disabled'?: true; 'data-disabled'?: true; 'aria-describedby'?: string };
}

/** Whether the signed-in user may do the act, and the hint to show when not. */
export function useQualifiedAct(act: QualifiedAct): QualifiedActState {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const hintId = useId();
  const qualification = useCurrentUser()?.qualification;
  const hint = qualifiedActHint(act, qualification, locale, t);
  const allowed = hint === null;
  return {
    allowed,
    hint,
    hintId,
    controlProps: allowed ? {} : { 'aria-disabled': true, 'data-disabled': true, 'aria-describedby': hintId },
  };
}
