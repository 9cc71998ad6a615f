import { type Locale, toE164 } from '@genodesk/contract';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { insertMany } from '../../db/bulk.js';
import type { Database, Tx } from '../../db/client.js';
import { customers, type OutboxAttachment, outboxMessages } from '../../db/schema/index.js';
import { invalid } from '../../http/errors.js';
import type { Jobs } from '../../jobs/queue.js';
import { type MessageTemplateName, renderMessage, type TemplateParams } from './templates.js';
import type { EmailTransport, SmsTransport } from './transports.js';

type Addressing = {
  kind: string;
  language?: Locale;
  /** The customer it is about: deleting the customer deletes it. */
  customerId?: number | null;
  mailingId?: number;
};
export type EmailMessage = Addressing & {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: OutboxAttachment[];
};
export type SmsMessage = Addressing & { to: string; text: string };

/** Wakes the delivery workers, in the caller's transaction (one waiting sweep is enough). */
export const wakeDelivery = (tx: Tx, jobs: Jobs) => jobs.send(tx, 'deliver-messages', {});

/** Writes an e-mail to the outbox in the caller's transaction, with what delivers it. */
export async function queueEmail(tx: Tx, jobs: Jobs, message: EmailMessage): Promise<number> {
  const [id] = await queueEmails(tx, jobs, [message]);
  if (id === undefined) throw new Error('outbox insert returned nothing');
  return id;
}

/** Writes e-mails to the outbox in the caller's transaction, a thousand an insert; answers their ids. */
export async function queueEmails(tx: Tx, jobs: Jobs, messages: EmailMessage[]): Promise<number[]> {
  const ids = await insertMany(
    tx,
    outboxMessages,
    messages.map((message) => ({
      channel: 'email',
      recipient: message.to,
      subject: message.subject,
      bodyText: message.text,
      bodyHtml: message.html ?? null,
      attachments: message.attachments?.length ? message.attachments : null,
      kind: message.kind,
      language: message.language ?? null,
      customerId: message.customerId ?? null,
      mailingId: message.mailingId ?? null,
    })),
    'id',
  );
  if (ids.length > 0) await wakeDelivery(tx, jobs);
  return ids;
}

/** A phone number as SMS gateways take it (E.164), or a 400 'Toto není platné telefonní číslo!'. */
export function e164(phone: string, field = 'Phone'): string {
  const number = toE164(phone);
  if (!number) throw invalid('invalidPhone', field);
  return number;
}

/** Writes an SMS to the outbox in the caller's transaction; the number is checked and made E.164. */
export async function queueSms(tx: Tx, jobs: Jobs, message: SmsMessage): Promise<number> {
  const [row] = await tx
    .insert(outboxMessages)
    .values({
      channel: 'sms',
      recipient: e164(message.to),
      bodyText: message.text,
      kind: message.kind,
      language: message.language ?? null,
      customerId: message.customerId ?? null,
      mailingId: message.mailingId ?? null,
    })
    .returning({ id: outboxMessages.id });
  if (!row) throw new Error('outbox insert returned nothing');
  await wakeDelivery(tx, jobs);
  return row.id;
}

/** One of the message templates, in the recipient's language, to the outbox. */
export async function queueTemplateEmail<N extends MessageTemplateName>(
  tx: Tx,
  jobs: Jobs,
  to: { email: string; language: Locale; customerId?: number | null },
  template: N,
  params: TemplateParams<N>,
  attachments?: OutboxAttachment[],
): Promise<number> {
  const rendered = renderMessage(template, to.language, params);
  return queueEmail(tx, jobs, {
    to: to.email,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    kind: rendered.kind,
    language: to.language,
    customerId: to.customerId,
    attachments,
  });
}

/**
 * One of the message templates to every customer that `customerIds` (a `select` of customer ids)
 * returns, each in their language, in one insert. Answers how many were queued.
 */
export async function queueTemplateEmailToCustomers<N extends MessageTemplateName>(
  tx: Tx,
  jobs: Jobs,
  customerIds: SQLWrapper,
  template: N,
  params: TemplateParams<N>,
): Promise<number> {
  const cs = renderMessage(template, 'cs', params);
  const en = renderMessage(template, 'en', params);
  const pick = (field: 'subject' | 'text' | 'html') =>
    sql`case when c.language = 'en' then ${en[field]} else ${cs[field]} end`;
  const { rows } = await tx.execute<{ n: number }>(sql`
    with written as (
      insert into ${outboxMessages} (channel, recipient, subject, body_text, body_html, kind, language, customer_id)
      select 'email', c.email, ${pick('subject')}, ${pick('text')}, ${pick('html')}, ${cs.kind}, c.language, c.id
      from ${customers} c where c.id in (${customerIds})
      returning 1)
    select count(*)::int as n from written`);
  const queued = Number(rows[0]?.n ?? 0);
  if (queued > 0) await wakeDelivery(tx, jobs);
  return queued;
}

export type Transports = { email?: EmailTransport; sms?: SmsTransport };

/** How long a worker holds a message it is sending before another may try it. */
const leaseSeconds = 60;

/** The wait before attempt `attempts + 1`: a minute, doubling, at most six hours, with some jitter. */
export function retryDelaySeconds(attempts: number): number {
  const base = Math.min(60 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60);
  return Math.round(base * (0.9 + Math.random() * 0.2));
}

type Claimed = {
  id: number;
  channel: string;
  recipient: string;
  subject: string | null;
  bodyText: string;
  bodyHtml: string | null;
  attachments: OutboxAttachment[] | null;
  messageKey: string;
  attempts: number;
  giveUpAt: Date;
};

/** Messages a delivery lane takes at once: fewer round trips, still sent well inside the lease. */
const claimSize = 20;

/**
 * Takes up to `claimSize` due messages of the configured channels: moves their next attempt a lease
 * ahead and counts the attempt. Messages of a worker that dies are due again when the lease runs out.
 */
async function claimDue(db: Database, channels: string[]): Promise<Claimed[]> {
  const { rows } = await db.$client.query(
    `update outbox_messages set next_attempt_at = now() + make_interval(secs => $2), attempts = attempts + 1
     where id in (
       select id from outbox_messages
       where status = 'pending' and next_attempt_at <= now() and channel = any($1)
       order by next_attempt_at, id limit $3 for update skip locked)
     returning id, channel, recipient, subject, body_text as "bodyText", body_html as "bodyHtml",
       attachments, message_key as "messageKey", attempts, give_up_at as "giveUpAt"`,
    [channels, leaseSeconds, claimSize],
  );
  return rows as Claimed[];
}

/** A refusal that no retry can mend: the address is rejected for good. */
function isPermanent(error: unknown): boolean {
  const status = (error as { responseCode?: number; permanent?: boolean }) ?? {};
  return status.permanent === true || (typeof status.responseCode === 'number' && status.responseCode >= 500);
}

async function sendOne(transports: Transports, message: Claimed): Promise<void> {
  if (message.channel === 'sms') {
    await transports.sms!.send({ to: message.recipient, text: message.bodyText, key: message.messageKey });
    return;
  }
  await transports.email!.send({
    to: message.recipient,
    subject: message.subject ?? '',
    text: message.bodyText,
    html: message.bodyHtml ?? undefined,
    messageKey: message.messageKey,
    attachments: message.attachments ?? [],
  });
}

/**
 * Delivers one claimed message and records the outcome. The only moment a crash can make a message go
 * out twice is between the server's acceptance and the one update that records it.
 */
async function deliverClaimed(
  db: Database,
  transports: Transports,
  message: Claimed,
): Promise<'sent' | 'retry' | 'failed'> {
  try {
    await sendOne(transports, message);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const giveUp = isPermanent(error) || message.giveUpAt.getTime() <= Date.now();
    await db.$client.query(
      `update outbox_messages set status = $2, last_error = $3,
         next_attempt_at = now() + make_interval(secs => $4) where id = $1`,
      [message.id, giveUp ? 'failed' : 'pending', reason.slice(0, 2000), retryDelaySeconds(message.attempts)],
    );
    return giveUp ? 'failed' : 'retry';
  }
  await db.$client.query(
    `update outbox_messages set status = 'sent', sent_at = now(), last_error = null where id = $1`,
    [message.id],
  );
  return 'sent';
}

export type DeliveryReport = { sent: number; retry: number; failed: number };

/**
 * Delivers every due message of the configured channels, `concurrency` at a time, until none is due
 * (or `deadline` passes: the next sweep goes on). Messages of a channel without a transport wait.
 */
export async function deliverDue(
  db: Database,
  transports: Transports,
  options: { concurrency?: number; deadline?: number } = {},
): Promise<DeliveryReport> {
  const channels = [...(transports.email ? ['email'] : []), ...(transports.sms ? ['sms'] : [])];
  const report: DeliveryReport = { sent: 0, retry: 0, failed: 0 };
  if (channels.length === 0) return report;
  const lane = async () => {
    while (options.deadline === undefined || Date.now() < options.deadline) {
      const claimed = await claimDue(db, channels);
      if (claimed.length === 0) return;
      for (const message of claimed) report[await deliverClaimed(db, transports, message)] += 1;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, lane));
  return report;
}
