import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** E-mails and SMS written in the same transaction as the change that causes them; a job delivers them. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_messages_status_idx').on(t.status, t.createdAt),
    index('outbox_messages_recipient_idx').on(t.recipient),
    check('outbox_messages_channel', sql`${t.channel} in ('email', 'sms')`),
    check('outbox_messages_status', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/** Server-wide values generated once, such as the token signing key when none is configured. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
