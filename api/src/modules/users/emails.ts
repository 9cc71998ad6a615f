import type { EmailMessage } from '../messaging/outbox.js';
import { renderBilingual } from '../messaging/templates.js';

/** The e-mail with a new temporary password; bilingual, since staff pick their language after signing in. */
export function temporaryPasswordEmail(
  to: string,
  temporaryPassword: string,
  reason: 'created' | 'reset',
): EmailMessage {
  return {
    to,
    ...renderBilingual(reason === 'created' ? 'staffAccountCreated' : 'staffPasswordReset', {
      password: temporaryPassword,
    }),
  };
}
