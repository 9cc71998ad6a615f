import {
  type EmailPreview,
  isEmptyRichText,
  type Locale,
  type Mailing,
  MailingStatus,
  type Page,
  Permissions,
  type RecipientFilter,
  type RecipientPreview,
  releasedProductStatuses,
  type SendEmailRequest,
} from '@genodesk/contract';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import type { Config } from '../../config.js';
import { type Database, type Executor, transaction } from '../../db/client.js';
import { listPage, pageLimit, pageStart, withinPragueDays } from '../../db/listing.js';
import {
  customers,
  geneCombinations,
  mailings,
  outboxMessages,
  products,
  reportDocuments,
  templateCategories,
  templates,
  users,
} from '../../db/schema/index.js';
import { forbidden, notFound, unprocessable } from '../../http/errors.js';
import type { Jobs } from '../../jobs/queue.js';
import { validDnaConsentExists } from '../customers/dna-consent.js';
import { customerNameOrder } from '../customers/full-name.js';
import { plainText, sanitizeRichText } from '../templates/rich-text.js';
import { requirePhysician } from '../users/qualification.js';
import { queueEmail, wakeDelivery } from './outbox.js';
import { htmlLayout } from './templates.js';

/**
 * The customers an e-mail to a filtered set reaches: only those who agreed to e-mail notifications,
 * narrowed by the filter. A filter by their reports chooses by their genetic data: only customers
 * holding a valid consent (the one consent rule), and by a category only what a physician released —
 * the phenotypes the latest issued version of a published report tells.
 */
export function recipientsWhere(filter: RecipientFilter): SQL {
  const conditions: SQL[] = [eq(customers.notifyByEmail, true), sql`${customers.erasedAt} is null`];
  if (filter.registrationSource) conditions.push(eq(customers.registrationSource, filter.registrationSource));
  conditions.push(
    ...withinPragueDays(customers.dateRegistration, filter.registeredFrom, filter.registeredTo),
  );
  if (filter.language) conditions.push(eq(customers.language, filter.language));
  if (filter.reportStatus)
    conditions.push(
      sql`exists (select 1 from ${products} where ${products.customerId} = ${customers.id} and ${products.status} = ${filter.reportStatus})`,
    );
  const released = inArray(products.status, [...releasedProductStatuses]);
  if (filter.hasPublishedReport !== undefined) {
    const published = sql`exists (select 1 from ${products} where ${products.customerId} = ${customers.id} and ${released})`;
    conditions.push(filter.hasPublishedReport ? published : sql`not ${published}`);
  }
  if (filter.categoryId)
    conditions.push(
      sql`exists (select 1 from ${products} join ${reportDocuments} d on d.product_id = ${products.id}
        where ${products.customerId} = ${customers.id} and ${released}
          and d.version = (select max(latest.version) from ${reportDocuments} latest where latest.product_id = d.product_id)
          and exists (select 1 from ${templates} t
            join ${geneCombinations} g on g.id = t.gene_combination_id
            join ${templateCategories} s on s.id = g.subcategory_id
            where t.id = any(d.template_ids) and ${filter.categoryId} in (s.id, s.parent_id)))`,
    );
  if (filter.reportStatus || filter.hasPublishedReport === true || filter.categoryId)
    conditions.push(validDnaConsentExists(customers.id));
  return and(...conditions) as SQL;
}

const fullName = sql<string>`${customers.name} || ' ' || ${customers.surname}`;

/**
 * Whether a customer has a report in some status, one published, or findings in a category is health
 * data: a filter by it is for those who read reports (Products.View), not for everyone of the e-mail
 * screen (Barcodes.View) — its count and names would tell who was invited because of a finding.
 */
export function assertMayFilter(by: Principal, filter: RecipientFilter | undefined) {
  const byReports =
    filter?.reportStatus !== undefined ||
    filter?.hasPublishedReport !== undefined ||
    filter?.categoryId !== undefined;
  if (byReports && !by.permissions.has(Permissions.ProductsView)) throw forbidden();
}

/** `GET admin/email/recipients`: how many customers the filter reaches, and the first ten by name. */
export async function previewRecipients(
  db: Executor,
  by: Principal,
  filter: RecipientFilter,
): Promise<RecipientPreview> {
  assertMayFilter(by, filter);
  // Customers chosen by the findings a physician released are a physician's to choose, seen or sent.
  if (filter.categoryId !== undefined)
    await requirePhysician(db, by, 'notifyCustomersPhysicianOnly', 'categoryId');
  const where = recipientsWhere(filter);
  const [counted] = await db.select({ count: sql<number>`count(*)::int` }).from(customers).where(where);
  const first = await db
    .select({ id: customers.id, fullName, email: customers.email, language: customers.language })
    .from(customers)
    .where(where)
    .orderBy(...customerNameOrder, customers.id)
    .limit(10);
  return {
    count: counted?.count ?? 0,
    recipients: first.map((row) => ({ ...row, language: row.language as Locale })),
  };
}

type Versions = Record<Locale, { subject: string; html: string; text: string }>;
/** A mailing's texts as stored: the bodies sanitised, without the layout. */
type Draft = { subject: string; body: string; subjectEn: string | null; bodyEn: string | null };

function sanitizedDraft(
  input: Pick<SendEmailRequest, 'Subject' | 'Body' | 'SubjectEn' | 'BodyEn'>,
  publicUrl: string | undefined,
): Draft {
  return {
    subject: input.Subject,
    body: sanitizeRichText(input.Body, 'Body', { required: true, publicUrl }),
    subjectEn: input.SubjectEn || null,
    bodyEn: isEmptyRichText(input.BodyEn)
      ? null
      : sanitizeRichText(input.BodyEn ?? '', 'BodyEn', { required: true, publicUrl }),
  };
}

/** The message in both languages in the e-mail layout; without an English version, English is Czech. */
function versionsOf(draft: Draft): Versions {
  const version = (locale: Locale, subject: string, body: string) => ({
    subject,
    html: htmlLayout(body, locale),
    text: plainText(body),
  });
  return {
    cs: version('cs', draft.subject, draft.body),
    en:
      draft.subjectEn && draft.bodyEn
        ? version('en', draft.subjectEn, draft.bodyEn)
        : version('cs', draft.subject, draft.body),
  };
}

/** `POST admin/email/preview`: the message as a recipient in `language` sees it. */
export function previewEmail(
  input: { Subject: string; Body: string; Language: Locale },
  publicUrl: string | undefined,
): EmailPreview {
  const html = sanitizeRichText(input.Body, 'Body', { publicUrl });
  return { subject: input.Subject, html: htmlLayout(html, input.Language), text: plainText(html) };
}

/**
 * `POST admin/email/send`: to one address, queued at once (in the language of the customer with that
 * address, else Czech); or to a filter's customers, written to the outbox by the 'queue-mailing' job
 * in batches. A filter that reaches nobody is a 422 and sends nothing.
 */
export async function sendEmail(
  deps: { db: Database; jobs: Jobs; config: Pick<Config, 'publicUrl'> },
  by: Principal,
  input: SendEmailRequest,
): Promise<Mailing> {
  const draft = sanitizedDraft(input, deps.config.publicUrl);
  const versions = versionsOf(draft);
  const recipients = input.Filter ? (await previewRecipients(deps.db, by, input.Filter)).count : 1;
  if (recipients === 0) throw unprocessable('noRecipients', 'Filter');
  const id = await transaction(deps.db, async (tx) => {
    const [mailing] = await tx
      .insert(mailings)
      .values({
        ...draft,
        toAddress: input.To ?? null,
        filter: input.Filter ?? null,
        recipients,
        createdBy: by.id,
      })
      .returning({ id: mailings.id });
    if (!mailing) throw new Error('mailing insert returned nothing');
    if (input.To) {
      const [customer] = await tx
        .select({ id: customers.id, language: customers.language })
        .from(customers)
        .where(sql`lower(${customers.email}) = ${input.To.toLowerCase()}`);
      const language = (customer?.language ?? 'cs') as Locale;
      await queueEmail(tx, deps.jobs, {
        to: input.To,
        ...versions[language],
        kind: 'mailing',
        language,
        customerId: customer?.id,
        mailingId: mailing.id,
      });
      await tx
        .update(mailings)
        .set({ status: MailingStatus.Done, queued: 1, finishedAt: new Date() })
        .where(eq(mailings.id, mailing.id));
    } else await deps.jobs.send(tx, 'queue-mailing', { mailingId: mailing.id });
    return mailing.id;
  });
  return getMailing(deps.db, id);
}

/** Customers written to the outbox per transaction of the 'queue-mailing' job. */
export const mailingBatchSize = 5_000;

/**
 * The 'queue-mailing' job: the filter's customers, in id order from where it left off, to the outbox in
 * batches, each in one transaction with the mailing's progress, waking the delivery. Resumable and
 * idempotent: a batch is written with the position it moves to, so a retry writes no customer twice.
 */
export async function queueMailing(db: Database, jobs: Jobs, mailingId: number): Promise<void> {
  for (;;) {
    const finished = await transaction(db, async (tx) => {
      const [mailing] = await tx.select().from(mailings).where(eq(mailings.id, mailingId)).for('update');
      if (!mailing || mailing.status === MailingStatus.Done || !mailing.filter) return true;
      const versions = versionsOf(mailing);
      const where = recipientsWhere(mailing.filter as RecipientFilter);
      const { rows } = await tx.execute<{ n: number; candidates: number; last: number | null }>(sql`
        with candidates as (
          select ${customers.id} as id
          from ${customers}
          where ${where} and ${customers.id} > ${mailing.lastCustomerId}
          order by ${customers.id} limit ${mailingBatchSize}),
        -- Locked FOR KEY SHARE and checked again: a customer being erased now is waited for and left out.
        batch as (
          select c.id, c.email, c.language from ${customers} c
          where c.id in (select id from candidates) and c.erased_at is null
          for key share of c),
        written as (
          insert into ${outboxMessages} (channel, recipient, subject, body_text, body_html, kind, language,
            customer_id, mailing_id)
          select 'email', b.email,
            case when b.language = 'en' then ${versions.en.subject} else ${versions.cs.subject} end,
            case when b.language = 'en' then ${versions.en.text} else ${versions.cs.text} end,
            case when b.language = 'en' then ${versions.en.html} else ${versions.cs.html} end,
            'mailing', b.language, b.id, ${mailing.id}
          from batch b
          returning customer_id)
        select (select count(*)::int from written) as n, (select count(*)::int from candidates) as candidates,
          (select max(id) from candidates) as last`);
      const written = Number(rows[0]?.n ?? 0);
      const done = Number(rows[0]?.candidates ?? 0) < mailingBatchSize;
      await tx
        .update(mailings)
        .set({
          queued: mailing.queued + written,
          lastCustomerId: rows[0]?.last ?? mailing.lastCustomerId,
          status: done ? MailingStatus.Done : MailingStatus.Queueing,
          ...(done ? { finishedAt: new Date() } : {}),
        })
        .where(eq(mailings.id, mailing.id));
      if (written > 0) await wakeDelivery(tx, jobs);
      return done;
    });
    if (finished) return;
  }
}

const mailingColumns = {
  mailing: mailings,
  createdByName: users.userName,
  sent: sql<number>`(select count(*)::int from ${outboxMessages} where ${outboxMessages.mailingId} = ${mailings.id} and ${outboxMessages.status} = 'sent')`,
  failed: sql<number>`(select count(*)::int from ${outboxMessages} where ${outboxMessages.mailingId} = ${mailings.id} and ${outboxMessages.status} = 'failed')`,
};

type MailingRow = {
  mailing: typeof mailings.$inferSelect;
  createdByName: string | null;
  sent: number;
  failed: number;
};

const toMailing = ({ mailing, createdByName, sent, failed }: MailingRow): Mailing => ({
  id: mailing.id,
  subject: mailing.subject,
  to: mailing.toAddress,
  filter: (mailing.filter as RecipientFilter | null) ?? null,
  status: mailing.status,
  recipients: mailing.recipients,
  queued: mailing.queued,
  sent,
  failed,
  createdAt: mailing.createdAt.toISOString(),
  createdBy:
    mailing.createdBy !== null && createdByName !== null
      ? { id: mailing.createdBy, userName: createdByName }
      : null,
  finishedAt: mailing.finishedAt?.toISOString() ?? null,
});

export async function getMailing(db: Executor, id: number): Promise<Mailing> {
  const [row] = await db
    .select(mailingColumns)
    .from(mailings)
    .leftJoin(users, eq(users.id, mailings.createdBy))
    .where(eq(mailings.id, id));
  if (!row) throw notFound();
  return toMailing(row);
}

/** `GET admin/email/mailings`: the e-mails sent from the screen, newest first. */
export async function listMailings(
  db: Executor,
  query: { page: number; pageSize: number },
): Promise<Page<Mailing>> {
  const rows = await db
    .select(mailingColumns)
    .from(mailings)
    .leftJoin(users, eq(users.id, mailings.createdBy))
    .orderBy(desc(mailings.createdAt), desc(mailings.id))
    .limit(pageLimit(query))
    .offset(pageStart(query));
  return listPage(db, query, rows.map(toMailing), db.select({ one: sql`1` }).from(mailings));
}
