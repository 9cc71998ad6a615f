import type { Locale } from '@genodesk/contract/locales';
import { type Qualification, qualificationLabels } from '@genodesk/contract/users';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/use-locale';
import { useCurrentUser } from './get-current-user';

/**
 * The acts the server allows only to some professional qualifications (issue 35), whatever the role's
 * permissions: the medical sign-off, a withholding, an invitation to a consultation of the results, a
 * word to customers about their results (a template's notice, a mailing chosen by a category of
 * results), and the technical validation. The web offers them to those only; the server decides.
 */
export const qualifiedActs = {
  signOff: ['physician'],
  withhold: ['physician'],
  invite: ['physician'],
  notifyCustomers: ['physician'],
  mailByCategory: ['physician'],
  validate: ['laboratorySpecialist', 'physician'],
} as const satisfies Record<string, readonly Qualification[]>;
export type QualifiedAct = keyof typeof qualifiedActs;

/** Whether a user of this qualification may do the act (an unknown qualification may not). */
export function mayDo(act: QualifiedAct, qualification: Qualification | null | undefined): boolean {
  return qualification != null && (qualifiedActs[act] as readonly Qualification[]).includes(qualification);
}

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
