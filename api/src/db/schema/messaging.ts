import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { users } from './users.js';

/** A file sent with an e-mail (a QR code, an iCalendar invitation), kept with its message. */
export type InlineAttachment = {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
  /** Referenced from the HTML as `cid:<cid>` (an inline image). */
  cid?: string;
};

/**
 * An attachment as the outbox keeps it: its bytes, or (`reportDocumentId`, `content` empty) an issued
 * report PDF by reference, read and encrypted (AES-256, the customer's date of birth as DDMMYYYY) only
 * when the message is sent, so the outbox never holds a copy of it.
 */
export type OutboxAttachment = InlineAttachment & { reportDocumentId?: number; encryption?: 'dateOfBirth' };
export type ReportPdfAttachment = OutboxAttachment & { reportDocumentId: number };

/** An e-mail sent from the e-mail screen: to one address or to the customers of a filter. */
export const mailings = pgTable(
  'mailings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    subjectEn: text('subject_en'),
    bodyEn: text('body_en'),
    toAddress: text('to_address'),
    filter: jsonb('filter').$type<Record<string, unknown>>(),
    /** 1 queued, 2 queueing, 3 done (every message in the outbox), 4 failed (`MailingStatus`). */
    status: smallint('status').notNull().default(1),
    recipients: integer('recipients').notNull().default(0),
    queued: integer('queued').notNull().default(0),
    /** The last customer id queued: where a resumed job goes on. */
    lastCustomerId: bigint('last_customer_id', { mode: 'number' }).notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('mailings_created_at_idx').on(t.createdAt, t.id),
    check('mailings_status_range', sql`${t.status} between 1 and 4`),
    check('mailings_to_or_filter', sql`(${t.toAddress} is null) <> (${t.filter} is null)`),
  ],
);

/**
 * E-mails and SMS, written in the same transaction as the change that causes them; workers deliver
 * them. A message is pending until delivered (sent) or, after retries until `give_up_at`, failed.
 * A worker takes a message by moving its `next_attempt_at` a lease ahead: no other worker sends it
 * meanwhile, and the message of a worker that died is due again when the lease runs out.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    /**
     * A secret the body carries as `secretPlaceholder` (a temporary password): put in only when the
     * message is sent, never shown in the outbox, and erased once the message is sent or has failed.
     */
    secret: text('secret'),
    /** When the secret stops being worth anything (the temporary password's expiry): erased then, sent or not. */
    secretExpiresAt: timestamp('secret_expires_at', { withTimezone: true }),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    kind: text('kind').notNull(),
    language: text('language'),
    /** Its Message-ID (e-mail) or idempotency key (SMS): the same on every attempt. */
    messageKey: uuid('message_key').notNull().defaultRandom(),
    customerId: bigint('customer_id', { mode: 'number' }).references(() => customers.id, {
      onDelete: 'cascade',
    }),
    mailingId: bigint('mailing_id', { mode: 'number' }).references(() => mailings.id, {
      onDelete: 'set null',
    }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker is sending it until then; after that another may take it (the worker died). */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    /** Retries go on until then (two days; a retry from the outbox screen gives two more). */
    giveUpAt: timestamp('give_up_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '48 hours'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_messages_status_idx').on(t.status, t.createdAt),
    index('outbox_messages_created_at_idx').on(t.createdAt, t.id),
    // What the workers deliver next.
    index('outbox_messages_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'pending'`),
    index('outbox_messages_recipient_idx').on(t.recipient),
    index('outbox_messages_recipient_trgm_idx').using('gin', sql`lower(${t.recipient}) gin_trgm_ops`),
    index('outbox_messages_customer_idx').on(t.customerId),
    index('outbox_messages_mailing_idx').on(t.mailingId, t.status),
    check('outbox_messages_channel', sql`${t.channel} in ('email', 'sms')`),
    check('outbox_messages_status', sql`${t.status} in ('pending', 'sent', 'failed')`),
    check('outbox_messages_language', sql`${t.language} is null or ${t.language} in ('cs', 'en')`),
  ],
);

/**
 * How each channel's transport is doing, as the workers last found it: since when it fails to take
 * messages (connection refused, a hang, the server or gateway unavailable) and its last error. One row
 * a channel, written by the delivery workers; what the outbox screen and the dashboard show.
 */
export const deliveryChannels = pgTable(
  'delivery_channels',
  {
    channel: text('channel').primaryKey(),
    /** Null while the transport works; else when the first failure of this outage was seen. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    /** A gateway's Retry-After: no attempt on this channel before then. */
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [check('delivery_channels_channel', sql`${t.channel} in ('email', 'sms')`)],
);

/** Server-wide values generated once, such as the token signing key when none is configured. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
