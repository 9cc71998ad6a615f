import type { z } from 'zod';
import { renewedCalendarFeedSchema } from './reservations.js';
import { recoveryCodesResponseSchema, totpSetupSchema } from './security.js';
import { temporaryPasswordResponseSchema } from './users.js';

/**
 * The answers that hold a secret shown once — a temporary password, an authenticator key, recovery
 * codes, a calendar feed's URL. The server keeps no copy of them: an idempotent repeat of such a
 * request is refused, never answered again from a stored copy (`api/src/http/idempotency.ts`).
 */
export const secretAnswers: readonly z.ZodType[] = [
  temporaryPasswordResponseSchema,
  totpSetupSchema,
  recoveryCodesResponseSchema,
  renewedCalendarFeedSchema,
];
