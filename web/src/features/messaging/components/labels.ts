import type { OutboxStatus } from '@genodesk/contract/messaging';
import type { TFunction } from 'i18next';

/** Message kinds with a name; a kind an area adds later shows as written until it gets one. */
export const knownKinds = [
  'mailing',
  'product-published',
  'product-preliminarily-published',
  'product-invitation',
  'product-invitation-guardian',
  'template-changed',
  'payment-instructions',
  'payment-received',
  'voucher',
  'consultation-booked',
  'consultation-changed',
  'consultation-cancelled',
  'consultation-reminder',
  'user-created',
  'password-reset',
] as const;

export function kindName(kind: string, t: TFunction): string {
  return (knownKinds as readonly string[]).includes(kind) ? t(`messaging.outbox.kinds.${kind}`) : kind;
}

export const statusColors: Record<OutboxStatus, string> = { pending: 'yellow', sent: 'teal', failed: 'red' };
