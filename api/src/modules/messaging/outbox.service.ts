import {
  type DeliveryChannelStatus,
  type Locale,
  type OutboxChannel,
  type OutboxListQuery,
  type OutboxMessage,
  type OutboxMessageDetail,
  type OutboxStatus,
  outboxChannels,
  type Page,
} from '@genodesk/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { type Database, type Executor, transaction } from '../../db/client.js';
import { likePattern, listPage, orderBy, pageLimit, pageStart, withinPragueDays } from '../../db/listing.js';
import { deliveryChannels, outboxMessages, reportDocuments } from '../../db/schema/index.js';
import { notFound, unprocessable } from '../../http/errors.js';
import type { Jobs } from '../../jobs/queue.js';
import { requireDnaConsent } from '../customers/dna-consent.js';
import {
  consentStepOfMessage,
  maskedSecret,
  messageMayGoOut,
  secretPlaceholder,
  wakeDelivery,
} from './outbox.js';

type Row = typeof outboxMessages.$inferSelect;

const toMessage = (row: Row): OutboxMessage => ({
  id: row.id,
  channel: row.channel as OutboxChannel,
  kind: row.kind,
  recipient: row.recipient,
  subject: row.subject,
  language: row.language as Locale | null,
  status: row.status as OutboxStatus,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  customerId: row.customerId,
  mailingId: row.mailingId,
});

/** Which channels this server can send on: an e-mail server (SMTP_URL) and an SMS gateway (SMS_URL). */
export const configuredChannels = (
  config: Pick<Config, 'smtpUrl' | 'smsUrl'>,
): Record<OutboxChannel, boolean> => ({
  email: Boolean(config.smtpUrl),
  sms: Boolean(config.smsUrl),
});

/**
 * Failed, or waiting after a refused attempt, for over an hour, or while its channel fails, is paused
 * by its gateway or is not set up on this server: what the dashboard counts and the outbox filters as
 * undelivered. A message written during an outage counts at once, though no attempt was made: a failing
 * channel tries only its longest-waiting message (a probe), a paused one none, one not set up none
 * (the dashboard's banner says it waits; the card must not say nothing does).
 */
export function undelivered(configured: Record<OutboxChannel, boolean>): SQL {
  const notSetUp = outboxChannels.filter((channel) => !configured[channel]);
  const cannotSend = notSetUp.length > 0 ? sql` or ${inArray(outboxMessages.channel, notSetUp)}` : sql``;
  return sql`(${outboxMessages.status} = 'failed' or (${outboxMessages.status} = 'pending' and (${outboxMessages.attempts} > 0 or ${outboxMessages.createdAt} < now() - interval '1 hour' or exists (select 1 from ${deliveryChannels} where ${deliveryChannels.channel} = ${outboxMessages.channel} and (${deliveryChannels.failingSince} is not null or ${deliveryChannels.pausedUntil} > now()))${cannotSend})))`;
}

/** `GET admin/outbox/delivery`: each channel's transport state and what waits on it. */
export async function deliveryStatus(
  db: Executor,
  configured: Record<OutboxChannel, boolean>,
): Promise<DeliveryChannelStatus[]> {
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  const { rows } = await db.execute<{
    channel: OutboxChannel;
    failing_since: Date | null;
    last_error: string | null;
    last_error_at: Date | null;
    paused_until: Date | null;
    last_sent_at: Date | null;
    waiting: number;
    oldest_waiting_since: Date | null;
    failed: number;
  }>(
    sql`select c.channel, c.failing_since, c.last_error, c.last_error_at, c.paused_until, c.last_sent_at,
            w.waiting, w.oldest_waiting_since, f.failed
       from delivery_channels c
       cross join lateral (
         select count(*)::int as waiting, min(m.created_at) as oldest_waiting_since
           from outbox_messages m where m.status = 'pending' and m.channel = c.channel) w
       cross join lateral (
         select count(*)::int as failed from outbox_messages m where m.status = 'failed' and m.channel = c.channel) f
      order by c.channel`,
  );
  return rows.map((row) => ({
    channel: row.channel,
    configured: configured[row.channel],
    failingSince: iso(row.failing_since),
    lastError: row.last_error,
    lastErrorAt: iso(row.last_error_at),
    pausedUntil: iso(row.paused_until),
    lastSentAt: iso(row.last_sent_at),
    waiting: row.waiting,
    oldestWaitingSince: iso(row.oldest_waiting_since),
    failed: row.failed,
  }));
}

export function outboxFilter(
  query: Partial<OutboxListQuery>,
  configured: Record<OutboxChannel, boolean>,
): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.channel) conditions.push(eq(outboxMessages.channel, query.channel));
  if (query.status === 'undelivered') conditions.push(undelivered(configured));
  else if (query.status) conditions.push(eq(outboxMessages.status, query.status));
  if (query.kind) conditions.push(eq(outboxMessages.kind, query.kind));
  if (query.mailingId) conditions.push(eq(outboxMessages.mailingId, query.mailingId));
  conditions.push(...withinPragueDays(outboxMessages.createdAt, query.createdFrom, query.createdTo));
  if (query.search)
    conditions.push(sql`lower(${outboxMessages.recipient}) like ${likePattern(query.search)}`);
  return and(...conditions);
}

/** `GET admin/outbox`: every message, newest first, filtered and searched by recipient. */
export async function listOutbox(
  db: Executor,
  query: OutboxListQuery,
  configured: Record<OutboxChannel, boolean>,
): Promise<Page<OutboxMessage>> {
  const where = outboxFilter(query, configured);
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(where)
    .orderBy(
      orderBy(
        query.sort,
        {
          createdAt: sql`${outboxMessages.createdAt}`,
          sentAt: sql`${outboxMessages.sentAt}`,
          recipient: sql`lower(${outboxMessages.recipient})`,
          status: sql`${outboxMessages.status}`,
          attempts: sql`${outboxMessages.attempts}`,
        },
        '-createdAt',
        sql`${outboxMessages.id}`,
      ),
    )
    .limit(pageLimit(query))
    .offset(pageStart(query));
  return listPage(
    db,
    query,
    rows.map(toMessage),
    db.select({ one: sql`1` }).from(outboxMessages).where(where),
  );
}

/** `GET admin/outbox/{id}`: the message as sent, with the names and sizes of its attachments. */
export async function getOutboxMessage(db: Executor, id: number): Promise<OutboxMessageDetail> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  if (!row) throw notFound();
  const referenced = (row.attachments ?? []).flatMap((a) =>
    a.reportDocumentId === undefined ? [] : [a.reportDocumentId],
  );
  const sizes = new Map(
    referenced.length === 0
      ? []
      : (
          await db
            .select({
              id: reportDocuments.id,
              size: sql<number>`octet_length(${reportDocuments.content})`.mapWith(Number),
            })
            .from(reportDocuments)
            .where(inArray(reportDocuments.id, referenced))
        ).map((d) => [d.id, d.size] as const),
  );
  return {
    ...toMessage(row),
    // A sealed secret (a temporary password) is never shown, sent or not.
    bodyText: row.bodyText.replaceAll(secretPlaceholder, maskedSecret),
    bodyHtml: row.bodyHtml?.replaceAll(secretPlaceholder, maskedSecret) ?? null,
    messageId: row.messageKey,
    attachments: (row.attachments ?? []).map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      // A stored report PDF is referenced, not copied: its size is the stored document's (before encryption).
      size:
        a.reportDocumentId === undefined
          ? Buffer.byteLength(a.content, 'base64')
          : (sizes.get(a.reportDocumentId) ?? 0),
    })),
  };
}

/**
 * `POST admin/outbox/retry`: a failed message is pending again, due now, with two more days of
 * retries; the delivery workers are woken. Anything but a failed message is a 422.
 */
export async function retryOutboxMessage(deps: { db: Database; jobs: Jobs }, id: number, locale: Locale) {
  await transaction(deps.db, async (tx) => {
    const [row] = await tx
      .select({
        status: outboxMessages.status,
        kind: outboxMessages.kind,
        bodyText: outboxMessages.bodyText,
        customerId: outboxMessages.customerId,
      })
      .from(outboxMessages)
      .where(eq(outboxMessages.id, id))
      .for('update');
    if (!row) throw notFound();
    if (row.status !== 'failed') throw unprocessable('outboxNotFailed', 'Id');
    // Its text was purged after the retention period (privacy/): nothing left to send.
    if (row.bodyText === '') throw unprocessable('outboxBodyPurged', 'Id');
    // A message about the customer's results goes out only while they hold a valid consent; the
    // refusal names the step the message is of (an invitation is not a released report).
    if (row.customerId !== null && !(await messageMayGoOut(tx, id)))
      await requireDnaConsent(tx, [row.customerId], consentStepOfMessage(row.kind), locale, 'Id');
    await tx
      .update(outboxMessages)
      .set({
        status: 'pending',
        nextAttemptAt: sql`now()`,
        giveUpAt: sql`now() + interval '48 hours'`,
      })
      .where(eq(outboxMessages.id, id));
    await wakeDelivery(tx, deps.jobs);
  });
  return getOutboxMessage(deps.db, id);
}
