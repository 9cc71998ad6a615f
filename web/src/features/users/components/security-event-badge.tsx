import { type SecurityEventType, securityEventLabels } from '@genodesk/contract/security';
import { Badge } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useLocale } from '@/lib/use-locale';

/** Successes teal, refusals red, an administrator's acts orange, changes to one's own factors blue. */
export const securityEventColors: Record<SecurityEventType, string> = {
  signIn: 'teal',
  secondFactor: 'teal',
  signInRefused: 'red',
  secondFactorRefused: 'red',
  passwordConfirmationRefused: 'red',
  passwordSpraying: 'red',
  lockedOut: 'red',
  signOut: 'gray',
  sessionEnded: 'gray',
  signedOutEverywhere: 'orange',
  passwordReset: 'orange',
  factorsReset: 'orange',
  passwordChanged: 'blue',
  factorEnrolled: 'blue',
  factorRemoved: 'blue',
  recoveryCodesRenewed: 'blue',
};

/** A refusal's code or a factor's kind in words; an unknown one as it was written. */
export const securityDetail = (detail: string | null, t: TFunction) =>
  detail ? t(`securityLog.details.${detail}`, { defaultValue: detail }) : null;

export function SecurityEventBadge({ event }: { event: SecurityEventType }) {
  const { locale } = useLocale();
  return (
    <Badge
      variant="light"
      color={securityEventColors[event] ?? 'gray'}
      tt="none"
      style={{ minWidth: 'max-content' }}
      data-testid="security-event"
      data-event={event}
    >
      {securityEventLabels[event]?.[locale] ?? event}
    </Badge>
  );
}
