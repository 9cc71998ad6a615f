import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database, Tx } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/index.js';
import type { Jobs } from '../../jobs/queue.js';

export type EmailMessage = { to: string; subject: string; text: string; html?: string; kind: string };

/** Writes an e-mail to the outbox in the caller's transaction, and the job that delivers it. */
export async function queueEmail(tx: Tx, jobs: Jobs, message: EmailMessage): Promise<number> {
  const [row] = await tx
    .insert(outboxMessages)
    .values({
      channel: 'email',
      recipient: message.to,
      subject: message.subject,
      bodyText: message.text,
      bodyHtml: message.html ?? null,
      kind: message.kind,
    })
    .returning({ id: outboxMessages.id });
  if (!row) throw new Error('outbox insert returned nothing');
  await jobs.send(tx, 'deliver-message', { messageId: row.id });
  return row.id;
}

export type Mailer = {
  send(message: { to: string; subject: string; text: string; html?: string }): Promise<void>;
};

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message, html: message.html ?? undefined });
    },
  };
}

/**
 * Delivers one outbox message. Without a transport it stays pending, readable in the back-office.
 * A failure is recorded and rethrown so the job is retried.
 */
export async function deliverMessage(
  db: Database,
  mailer: Mailer | undefined,
  messageId: number,
): Promise<void> {
  const [message] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, messageId));
  if (message?.status !== 'pending' || message.channel !== 'email' || !mailer) return;
  try {
    await mailer.send({
      to: message.recipient,
      subject: message.subject ?? '',
      text: message.bodyText,
      html: message.bodyHtml ?? undefined,
    });
    await db
      .update(outboxMessages)
      .set({ status: 'sent', sentAt: new Date(), attempts: message.attempts + 1, lastError: null })
      .where(eq(outboxMessages.id, messageId));
  } catch (error) {
    const attempts = message.attempts + 1;
    await db
      .update(outboxMessages)
      .set({
        attempts,
        lastError: error instanceof Error ? error.message : String(error),
        status: attempts >= 6 ? 'failed' : 'pending',
      })
      .where(eq(outboxMessages.id, messageId));
    throw error;
  }
}
