import type { MessageKey } from '@genodesk/contract';
import { eq } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';

/** The user's professional qualification (issue 35), read fresh: a role's permissions never stand in for it. */
export async function qualificationOf(db: Executor, by: Principal) {
  const [user] = await db
    .select({ qualification: users.qualification })
    .from(users)
    .where(eq(users.id, by.id));
  return user?.qualification ?? 'none';
}

/**
 * A physician's act — the medical sign-off, a withholding, a word to customers about their results —
 * refused (403 `message` on `field`) to anyone whose qualification is not "physician", whatever their
 * role's permissions.
 */
export async function requirePhysician(db: Executor, by: Principal, message: MessageKey, field: string) {
  if ((await qualificationOf(db, by)) !== 'physician')
    throw new AppError(403, 'PHYSICIAN_ONLY', message, { [field]: message });
}
