import { type ConsentStep, type Locale, type MessageKind, toE164 } from '@genodesk/contract';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { insertMany } from '../../db/bulk.js';
import type { Database, Executor, Tx } from '../../db/client.js';
import { loggableError } from '../../db/loggable-error.js';
import {
  customers,
  type InlineAttachment,
  type OutboxAttachment,
  outboxMessages,
} from '../../db/schema/index.js';
import { invalid, notFound } from '../../http/errors.js';
import type { Jobs } from '../../jobs/queue.js';
import { log } from '../../observability/log.js';
import { lockLiveCustomer, lockLiveCustomers } from '../customers/live-customers.js';
import { reportPdfAttachment } from '../products/report-pdf/attachment.js';
import { type MessageTemplateName, renderMessage, type TemplateParams } from './templates.js';
import { DeliveryError, type EmailTransport, type SmsTransport } from './transports.js';

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
  /** What `secretPlaceholder` in the text and HTML stands for; sealed in the outbox (see the schema). */
  secret?: string;
  /** When the secret expires: a message not sent by then fails, and the secret is erased (issue 36). */
  secretExpiresAt?: Date;
};

/** Where a sealed secret goes in a message's body. */
export const secretPlaceholder = '[[secret]]';
/** How the outbox shows a sealed secret to staff. */
export const maskedSecret = '••••••••';

const unseal = (body: string, secret: string | null) =>
  secret === null ? body : body.replaceAll(secretPlaceholder, secret);
export type SmsMessage = Addressing & { to: string; text: string };

/** Wakes the delivery workers, in the caller's transaction (one waiting sweep is enough). */
export const wakeDelivery = (tx: Tx, jobs: Jobs) => jobs.send(tx, 'deliver-messages', {});

/** Writes an e-mail to the outbox in the caller's transaction, with what delivers it. */
export async function queueEmail(tx: Tx, jobs: Jobs, message: EmailMessage): Promise<number> {
  await requireLiveRecipient(tx, message.customerId);
  const [id] = await queueEmails(tx, jobs, [message]);
  if (id === undefined) throw new Error('outbox insert returned nothing');
  return id;
}

/**
 * An erased customer is written to no more: a message about one is refused (404). Their row is locked
 * (`lockLiveCustomer`), so an erasure running now is waited for, and one starting later finds the
 * message and deletes it.
 */
async function requireLiveRecipient(tx: Tx, customerId: number | null | undefined) {
  if (customerId != null && !(await lockLiveCustomer(tx, customerId))) throw notFound();
}

/**
 * Writes e-mails to the outbox in the caller's transaction, a thousand an insert; answers their ids.
 * Messages about an erased customer are left out (`lockLiveCustomers`).
 */
export async function queueEmails(tx: Tx, jobs: Jobs, messages: EmailMessage[]): Promise<number[]> {
  const live = await lockLiveCustomers(
    tx,
    messages.flatMap((message) => (message.customerId == null ? [] : [message.customerId])),
  );
  const ids = await insertMany(
    tx,
    outboxMessages,
    messages
      .filter((message) => message.customerId == null || live.has(message.customerId))
      .map((message) => ({
        channel: 'email',
        recipient: message.to,
        subject: message.subject,
        bodyText: message.text,
        bodyHtml: message.html ?? null,
        secret: message.secret ?? null,
        secretExpiresAt: message.secret ? (message.secretExpiresAt ?? null) : null,
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
  await requireLiveRecipient(tx, message.customerId);
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
      from ${customers} c where c.id in (${customerIds}) and c.erased_at is null
      for key share of c
      returning 1)
    select count(*)::int as n from written`);
  const queued = Number(rows[0]?.n ?? 0);
  if (queued > 0) await wakeDelivery(tx, jobs);
  return queued;
}

export type Transports = { email?: EmailTransport; sms?: SmsTransport };
type Channel = 'email' | 'sms';

/**
 * How long a worker holds a message it is sending before another may take it. Longer than a send's
 * hard deadline (transports.ts), so a message is never sent by two workers at once.
 */
const leaseSeconds = 60;

/** The wait before attempt `attempts + 1`: a minute, doubling, at most six hours, with some jitter. */
export function retryDelaySeconds(attempts: number): number {
  const base = Math.min(60 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60);
  return Math.round(base * (0.9 + Math.random() * 0.2));
}

type Claimed = {
  id: number;
  channel: Channel;
  recipient: string;
  subject: string | null;
  bodyText: string;
  bodyHtml: string | null;
  secret: string | null;
  attachments: OutboxAttachment[] | null;
  messageKey: string;
  attempts: number;
  giveUpAt: Date;
};

const claimed = `returning id, channel, recipient, subject, body_text as "bodyText", body_html as "bodyHtml", secret,
  attachments, message_key as "messageKey", attempts, give_up_at as "giveUpAt"`;

/** Messages a lane takes at once: one round trip for several sends. */
const claimSize = 10;
/**
 * A send still running after this long hands the rest of its lane's messages back, for the other lanes:
 * a hung connection holds up only its own message. It also keeps a lane's messages well inside their
 * lease: each is sent within (claimSize - 1) × this + a send's deadline of being taken.
 */
const handBackMs = 1000;

/**
 * Takes up to `claimSize` due messages of these channels, leased for `leaseSeconds`, counting the
 * attempt. A message of a worker that died is taken again when its lease runs out.
 */
async function claimDue(db: Database, channels: Channel[]): Promise<Claimed[]> {
  const { rows } = await db.$client.query(
    `update outbox_messages set leased_until = now() + make_interval(secs => $2), attempts = attempts + 1
     where id in (
       select m.id from outbox_messages m
       where m.status = 'pending' and m.next_attempt_at <= now() and m.channel = any($1)
         and (m.leased_until is null or m.leased_until < now()) and ${mayGoOut('m')}
       order by m.next_attempt_at, m.id limit $3 for update of m skip locked)
     ${claimed}`,
    [channels, leaseSeconds, claimSize],
  );
  return rows as Claimed[];
}

/** Gives taken messages back unsent, as they were: due, for any lane or worker. */
async function handBack(db: Database, messages: Claimed[]): Promise<void> {
  if (messages.length === 0) return;
  await db.$client.query(
    `update outbox_messages set leased_until = null, attempts = attempts - 1
     where id = any($1) and status = 'pending'`,
    [messages.map((m) => m.id)],
  );
}

/**
 * Takes the message of a failing channel that has waited longest, due or not: the one attempt that
 * tells whether the server or gateway is back.
 */
async function claimProbe(db: Database, channel: Channel): Promise<Claimed | undefined> {
  const { rows } = await db.$client.query(
    `update outbox_messages set leased_until = now() + make_interval(secs => $2), attempts = attempts + 1
     where id = (
       select m.id from outbox_messages m
       where m.status = 'pending' and m.channel = $1 and (m.leased_until is null or m.leased_until < now())
         and ${mayGoOut('m')}
       order by m.next_attempt_at, m.id limit 1 for update of m skip locked)
     ${claimed}`,
    [channel, leaseSeconds],
  );
  return rows[0] as Claimed | undefined;
}

/** The attachments as sent: a stored report PDF is read (and encrypted) now, never kept in the outbox. */
async function attachmentsOf(db: Database, message: Claimed): Promise<InlineAttachment[]> {
  const attachments: InlineAttachment[] = [];
  for (const attachment of message.attachments ?? [])
    attachments.push(
      attachment.reportDocumentId !== undefined
        ? await reportPdfAttachment(db, { ...attachment, reportDocumentId: attachment.reportDocumentId })
        : attachment,
    );
  return attachments;
}

async function sendOne(db: Database, transports: Transports, message: Claimed): Promise<void> {
  if (message.channel === 'sms') {
    await transports.sms!.send({ to: message.recipient, text: message.bodyText, key: message.messageKey });
    return;
  }
  await transports.email!.send({
    to: message.recipient,
    subject: message.subject ?? '',
    text: unseal(message.bodyText, message.secret),
    html: message.bodyHtml === null ? undefined : unseal(message.bodyHtml, message.secret),
    messageKey: message.messageKey,
    attachments: await attachmentsOf(db, message),
  });
}

/**
 * Records a sent message, and the channel as working (its last send at most every ten seconds: one row
 * written by every send would be every lane's bottleneck). When the channel was failing, every message
 * that waits for a retry is due at once: the outage is over, nobody waits out their backoff.
 */
async function recordSent(db: Database, message: Claimed): Promise<void> {
  const { rows } = await db.$client.query<{ recovered: boolean }>(
    `with sent as (
       update outbox_messages set status = 'sent', sent_at = now(), last_error = null, leased_until = null,
         secret = null
       where id = $1)
     update delivery_channels d set failing_since = null, paused_until = null, last_sent_at = now()
     from (select failing_since from delivery_channels where channel = $2) before
     where d.channel = $2
       and (d.failing_since is not null or d.last_sent_at is null or d.last_sent_at < now() - interval '10 seconds')
     returning before.failing_since is not null as recovered`,
    [message.id, message.channel],
  );
  if (rows[0]?.recovered)
    await db.$client.query(
      `update outbox_messages set next_attempt_at = now()
       where status = 'pending' and channel = $1 and next_attempt_at > now()
         and (leased_until is null or leased_until < now())`,
      [message.channel],
    );
}

/**
 * Records a failed attempt: a permanent refusal (or a message past its two days) fails; anything else
 * waits for its retry, at least as long as the gateway asked. A fault of the server or gateway marks
 * the channel failing — unless `isolated` (another send went through since this one began: one hung
 * connection is not an outage). Answers 'down' when the channel is now failing.
 */
async function recordFailure(
  db: Database,
  message: Claimed,
  error: unknown,
  isolated: boolean,
): Promise<'failed' | 'retry' | 'down'> {
  const fault =
    error instanceof DeliveryError
      ? error
      : new DeliveryError(error instanceof Error ? error.message : String(error), {});
  const reason = fault.message.slice(0, 2000);
  const giveUp = fault.permanent || (!fault.transport && message.giveUpAt.getTime() <= Date.now());
  const delay = Math.max(retryDelaySeconds(message.attempts), fault.retryAfterSeconds ?? 0);
  await db.$client.query(
    `update outbox_messages set status = $2, last_error = $3, leased_until = null,
       next_attempt_at = now() + make_interval(secs => $4),
       secret = case when $2 = 'failed' then null else secret end
     where id = $1`,
    [message.id, giveUp ? 'failed' : 'pending', reason, delay],
  );
  if (!fault.transport) return giveUp ? 'failed' : 'retry';
  await db.$client.query(
    `update delivery_channels set last_error = $2, last_error_at = now(),
       paused_until = now() + make_interval(secs => $3),
       failing_since = case when $4 then failing_since else coalesce(failing_since, now()) end
     where channel = $1`,
    [message.channel, reason, fault.retryAfterSeconds ?? 0, isolated],
  );
  return isolated ? 'retry' : 'down';
}

export type DeliveryReport = { sent: number; retry: number; failed: number };

/** Channels with a transport, less those whose gateway asked for a pause; and which are failing. */
async function channelStates(db: Database, transports: Transports) {
  const configured = (['email', 'sms'] as const).filter((channel) => transports[channel]);
  const { rows } = await db.$client.query<{ channel: Channel; failing: boolean; paused: boolean }>(
    `select channel, failing_since is not null as failing, coalesce(paused_until > now(), false) as paused
     from delivery_channels`,
  );
  const state = new Map(rows.map((row) => [row.channel, row]));
  return configured
    .filter((channel) => !state.get(channel)?.paused)
    .map((channel) => ({ channel, failing: state.get(channel)?.failing ?? false }));
}

/**
 * Delivers every due message of the configured channels, `concurrency` sends at a time, until none is
 * due or `deadline` passes (the next sweep goes on). A channel whose server or gateway is failing gets
 * one attempt, its longest-waiting message; only if that goes through do its messages go out, at
 * once. A channel that fails during the sweep is left for the next. Messages of a channel without a
 * transport wait. Every send has a hard deadline of its own (transports.ts), so a sweep always ends.
 */
/**
 * Erases secrets past their expiry (a temporary password no longer valid must not wait in the outbox);
 * a message still unsent with one fails, saying why — sending it would be of no use. Answers how many
 * failed. Leased messages (being sent now) are left to finish.
 */
export async function expireSecrets(db: Database): Promise<number> {
  const { rows } = await db.$client.query<{ failed: boolean }>(
    `update outbox_messages
        set secret = null,
            status = case when status = 'pending' then 'failed' else status end,
            last_error = case when status = 'pending' then 'the temporary password expired before it was sent' else last_error end
      where secret is not null and secret_expires_at <= now()
        and (leased_until is null or leased_until < now())
      returning status = 'failed' as failed`,
  );
  return rows.filter((row) => row.failed).length;
}

/**
 * Messages about a customer's results (a publication, an amended report, an invitation to discuss them,
 * a changed finding's notice): sent only while the customer holds a valid DNA consent.
 */
/** The invitations to a consultation (to the customer, to a minor's guardian): the consent rule's own step. */
const invitationMessageKinds = [
  'product-invitation',
  'product-invitation-guardian',
] as const satisfies readonly MessageKind[];

const resultMessageKinds = [
  'product-published',
  'product-preliminarily-published',
  'product-amended',
  ...invitationMessageKinds,
  'template-changed',
] as const satisfies readonly MessageKind[];

/**
 * The consent rule's step a message about results is held for: an invitation is its own step (the
 * report stays unpublished), anything else tells of a released report.
 */
export const consentStepOfMessage = (kind: string): ConsentStep =>
  (invitationMessageKinds as readonly string[]).includes(kind) ? 'invitation' : 'publication';

/**
 * Whether a message (of the alias `m`) may go out by the consent rule: it is about no customer's
 * results — neither of `resultMessageKinds` nor a mailing chosen by the customers' reports — or its
 * customer holds a valid consent now. Asked as each message is taken to be sent; read without a lock
 * (a withdrawal a moment later finds the message already on its way, as it would a sent one).
 */
const mayGoOut = (m: string) => `(${m}.customer_id is null
  or not (${m}.kind in (${resultMessageKinds.map((kind) => `'${kind}'`).join(', ')})
    or (${m}.kind = 'mailing' and exists (select 1 from mailings ml where ml.id = ${m}.mailing_id
      and (ml.filter ? 'categoryId' or ml.filter ? 'reportStatus' or ml.filter @> '{"hasPublishedReport": true}'))))
  or exists (select 1 from dna_consents dc where dc.customer_id = ${m}.customer_id and dc.withdrawn_at is null))`;

/** Whether the message may go out by the consent rule now (`mayGoOut`): asked before a retry. */
export async function messageMayGoOut(tx: Executor, id: number): Promise<boolean> {
  const { rows } = await tx.execute<{ ok: boolean }>(
    sql.raw(`select ${mayGoOut('m')} as ok from outbox_messages m where m.id = ${Number(id)}`),
  );
  return rows[0]?.ok ?? false;
}

/**
 * Fails the waiting messages about results of customers whose consent was withdrawn since they were
 * written, saying why (they are never taken to be sent: `mayGoOut`). Leased messages (being sent now)
 * are left to finish. Answers how many failed.
 */
export async function withholdForWithdrawnConsent(db: Database): Promise<number> {
  const { rowCount } = await db.$client.query(
    `update outbox_messages m
        set status = 'failed', secret = null,
            last_error = 'not sent: the customer holds no valid DNA consent for a message about their results'
      where m.status = 'pending' and m.customer_id is not null
        and (m.leased_until is null or m.leased_until < now())
        and not ${mayGoOut('m')}`,
  );
  return rowCount ?? 0;
}

export async function deliverDue(
  db: Database,
  transports: Transports,
  options: { concurrency?: number; deadline?: number } = {},
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retry: 0, failed: 0 };
  report.failed += await expireSecrets(db);
  report.failed += await withholdForWithdrawnConsent(db);
  const working = new Set<Channel>();
  /** When a send of each channel last went through in this sweep. */
  const lastSent = new Map<Channel, number>();
  const deliver = async (message: Claimed) => {
    const began = performance.now();
    try {
      await sendOne(db, transports, message);
    } catch (error) {
      const isolated = (lastSent.get(message.channel) ?? -1) > began;
      const outcome = await recordFailure(db, message, error, isolated);
      if (outcome === 'down') working.delete(message.channel);
      report[outcome === 'failed' ? 'failed' : 'retry'] += 1;
      return outcome;
    }
    lastSent.set(message.channel, performance.now());
    await recordSent(db, message);
    report.sent += 1;
    return 'sent';
  };

  for (const { channel, failing } of await channelStates(db, transports)) {
    if (!failing) {
      working.add(channel);
      continue;
    }
    const probe = await claimProbe(db, channel);
    if (probe && (await deliver(probe)) === 'sent') working.add(channel);
  }
  const lane = async () => {
    while (working.size > 0 && (options.deadline === undefined || Date.now() < options.deadline)) {
      const taken = await claimDue(db, [...working]);
      if (taken.length === 0) return;
      let handedBack = false;
      const giveBack = (from: number) => {
        handedBack = true;
        return handBack(db, taken.slice(from));
      };
      for (const [index, message] of taken.entries()) {
        if (!working.has(message.channel)) {
          await giveBack(index);
          break;
        }
        const slow = setTimeout(() => {
          giveBack(index + 1).catch((error) => log.error(loggableError(error), 'outbox hand-back failed'));
        }, handBackMs);
        await deliver(message).finally(() => clearTimeout(slow));
        if (handedBack) break;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, lane));
  return report;
}
