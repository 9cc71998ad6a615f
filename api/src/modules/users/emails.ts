import { type EmailMessage, secretPlaceholder } from '../messaging/outbox.js';
import { renderBilingual } from '../messaging/templates.js';

/** The e-mail with a new temporary password; bilingual, since staff pick their language after signing in. */
export function temporaryPasswordEmail(
  to: string,
  temporaryPassword: string,
  reason: 'created' | 'reset',
  expiresAt: Date,
): EmailMessage {
  // The password is sealed: the outbox shows staff a mask, and forgets it once the e-mail is sent.
  return {
    to,
    ...renderBilingual(reason === 'created' ? 'staffAccountCreated' : 'staffPasswordReset', {
      password: secretPlaceholder,
    }),
    secret: temporaryPassword,
    secretExpiresAt: expiresAt,
  };
}
