import { asc } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { type customers, outboxMessages } from '../../db/schema/index.js';
import { customerMessages } from './customer-messages.js';

export type MessagingExport = {
  /** E-mails and text messages written to the customer (the outbox), with their bodies. */
  messages: {
    id: number;
    channel: string;
    kind: string;
    recipient: string;
    subject: string | null;
    status: string;
    createdAt: string;
    sentAt: string | null;
    language: string | null;
    bodyText: string;
    bodyHtml: string | null;
    attachments: { filename: string; contentType: string }[];
  }[];
};

/**
 * The messaging area's part of the customer's data export (`privacy/data-export.ts`): the messages of
 * the customer, and those written to their address or number without naming anyone (an e-mail from
 * the e-mail screen to one address) — the ones the erasure deletes.
 */
export async function messagingDataExport(
  tx: Executor,
  { customer }: { customer: typeof customers.$inferSelect },
): Promise<{ sections: MessagingExport }> {
  const rows = await tx
    .select({
      id: outboxMessages.id,
      channel: outboxMessages.channel,
      kind: outboxMessages.kind,
      recipient: outboxMessages.recipient,
      subject: outboxMessages.subject,
      status: outboxMessages.status,
      createdAt: outboxMessages.createdAt,
      sentAt: outboxMessages.sentAt,
      language: outboxMessages.language,
      bodyText: outboxMessages.bodyText,
      bodyHtml: outboxMessages.bodyHtml,
      attachments: outboxMessages.attachments,
    })
    .from(outboxMessages)
    .where(customerMessages(customer.id, customer))
    .orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.id));
  return {
    sections: {
      messages: rows.map((m) => ({
        id: m.id,
        channel: m.channel,
        kind: m.kind,
        recipient: m.recipient,
        subject: m.subject,
        status: m.status,
        createdAt: m.createdAt.toISOString(),
        sentAt: m.sentAt?.toISOString() ?? null,
        language: m.language,
        // A temporary password is kept apart (`secret`) and was never in the body: nothing to hide.
        bodyText: m.bodyText,
        bodyHtml: m.bodyHtml,
        attachments: (m.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType })),
      })),
    },
  };
}
