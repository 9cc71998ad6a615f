import type { SecurityEventType } from '@genodesk/contract';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.js';
import { securityEvents } from '../../db/schema/index.js';

/** Where a request came from, as the security log and the sessions list keep it. */
export type Client = { address: string; userAgent: string | null };

export const clientOf = (request: FastifyRequest): Client => ({
  address: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
});

export type SecurityEventEntry = {
  event: SecurityEventType;
  /** The staff member it concerns, when known (not for an e-mail no account has). */
  userId: number | null;
  /** Who did it, when not the user themself (an administrator). */
  actorId?: number | null;
  client?: Client | null;
  /** A refusal's code or a factor's kind; never a password, code or e-mail typed. */
  detail?: string | null;
};

/** Writes one line of the security log (sign-ins and changes to how staff sign in). */
export async function recordSecurityEvent(db: Executor, entry: SecurityEventEntry): Promise<void> {
  await db.insert(securityEvents).values({
    event: entry.event,
    userId: entry.userId,
    actorId: entry.actorId ?? null,
    address: entry.client?.address ?? null,
    userAgent: entry.client?.userAgent ?? null,
    detail: entry.detail ?? null,
  });
}
