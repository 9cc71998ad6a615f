import type { EmailMessage } from '../messaging/outbox.js';

/** The e-mail with a new temporary password; bilingual, since staff pick their language after signing in. */
export function temporaryPasswordEmail(
  to: string,
  temporaryPassword: string,
  reason: 'created' | 'reset',
): EmailMessage {
  const intro =
    reason === 'created'
      ? ['byl vám vytvořen účet v GenoDesku.', 'an account has been created for you in GenoDesk.']
      : ['vaše heslo do GenoDesku bylo obnoveno.', 'your GenoDesk password has been reset.'];
  return {
    to,
    kind: reason === 'created' ? 'user-created' : 'password-reset',
    subject:
      reason === 'created'
        ? 'GenoDesk – nový účet / new account'
        : 'GenoDesk – obnova hesla / password reset',
    text: [
      `Dobrý den, ${intro[0]}`,
      `Dočasné heslo: ${temporaryPassword}`,
      'Při prvním přihlášení si zvolíte nové heslo.',
      '',
      `Hello, ${intro[1]}`,
      `Temporary password: ${temporaryPassword}`,
      'You will choose a new password when you first sign in.',
    ].join('\n'),
  };
}
