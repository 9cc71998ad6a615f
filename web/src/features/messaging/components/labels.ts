import { messageKinds, type OutboxStatus } from '@genodesk/contract/messaging';
import type { TFunction } from 'i18next';

/** A message kind's name; a kind from before the contract's list shows as written. */
export function kindName(kind: string, t: TFunction): string {
  return (messageKinds as readonly string[]).includes(kind) ? t(`messaging.outbox.kinds.${kind}`) : kind;
}

export const statusColors: Record<OutboxStatus, string> = { pending: 'yellow', sent: 'teal', failed: 'red' };
