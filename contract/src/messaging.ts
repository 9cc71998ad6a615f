import { z } from 'zod';
import {
  booleanish,
  daySchema,
  emailSchema,
  idSchema,
  listQuerySchema,
  numeric,
  pageOf,
  requiredText,
} from './common.js';
import { locales } from './locales.js';
import { isEmptyRichText, requiredRichText } from './media.js';

export const outboxChannels = ['email', 'sms'] as const;
export type OutboxChannel = (typeof outboxChannels)[number];
export const outboxStatuses = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];
/**
 * The outbox list's status filter: a status, or `undelivered`: failed, or waiting after a refused
 * attempt, for over an hour, or while its channel fails or is paused (what the dashboard counts).
 */
export const outboxStatusFilters = [...outboxStatuses, 'undelivered'] as const;

// The e-mail screen (administration/email)

/**
 * Which customers an e-mail to a filtered set goes to. Only customers who agreed to e-mail notifications
 * (`notifyByEmail`) ever receive one.
 */
export const recipientFilterSchema = z.object({
  registrationSource: numeric(z.number().int().min(1, 'invalidValue').max(3, 'invalidValue')).optional(),
  registeredFrom: daySchema.optional(),
  registeredTo: daySchema.optional(),
  /** A top category of the catalogue with a phenotype told by the latest issued version of a published report. */
  categoryId: idSchema.optional(),
  /** The customer has a report in this status (1–5). */
  reportStatus: numeric(z.number().int().min(1, 'invalidValue').max(5, 'invalidValue')).optional(),
  /** The customer has (or has not) a published or preliminarily published report. */
  hasPublishedReport: booleanish.optional(),
  language: z.enum(locales, { error: 'invalidValue' }).optional(),
});
export type RecipientFilter = z.infer<typeof recipientFilterSchema>;

/** `GET admin/email/recipients ?<filter>`: how many customers it reaches, and the first of them. */
export const recipientPreviewSchema = z.object({
  count: z.number().int(),
  recipients: z.array(
    z.object({
      id: z.number().int(),
      fullName: z.string(),
      email: z.string(),
      language: z.enum(locales),
    }),
  ),
});
export type RecipientPreview = z.infer<typeof recipientPreviewSchema>;

/** The kinds of the outbox's messages: what each is about (the outbox names each in cs and en). */
export const messageKinds = [
  'mailing',
  'product-published',
  'product-preliminarily-published',
  'product-amended',
  'product-invitation',
  'product-invitation-guardian',
  'template-changed',
  'payment-instructions',
  'payment-received',
  'voucher',
  'consultation-booked',
  'consultation-changed',
  'consultation-cancelled',
  'consultation-reminder',
  'user-created',
  'password-reset',
] as const;
export type MessageKind = (typeof messageKinds)[number];

/** A subject is one line: a line break would start a header of its own in the message. */
const oneLine = (text: string | undefined) => !text || !/[\r\n]/.test(text);
const subjectSchema = requiredText(200).refine(oneLine, 'subjectOneLine');
const bodySchema = requiredRichText();

/**
 * `POST admin/email/send`: to one address (`To`) or to the customers of a filter (`Filter`). The Czech
 * version is required; customers whose language is English get the English one when it is given.
 * `Body` is rich text, sanitised on the server.
 */
export const sendEmailRequestSchema = z
  .object({
    To: emailSchema.optional(),
    Filter: recipientFilterSchema.optional(),
    Subject: subjectSchema,
    Body: bodySchema,
    SubjectEn: z.string().trim().max(200, 'invalidValue').refine(oneLine, 'subjectOneLine').optional(),
    BodyEn: z.string().trim().max(200_000, 'invalidValue').optional(),
  })
  .superRefine((value, context) => {
    if ((value.To === undefined) === (value.Filter === undefined))
      context.addIssue({ code: 'custom', message: 'emailToOrFilter', path: ['To'] });
    // An English version is both texts or neither (an empty editor is no text).
    if (Boolean(value.SubjectEn) !== !isEmptyRichText(value.BodyEn))
      context.addIssue({
        code: 'custom',
        message: 'required',
        path: [value.SubjectEn ? 'BodyEn' : 'SubjectEn'],
      });
  });
export type SendEmailRequest = z.infer<typeof sendEmailRequestSchema>;

/** `POST admin/email/preview`: the message as a recipient in `Language` will see it. */
export const emailPreviewRequestSchema = z.object({
  Subject: z.string().trim().max(200, 'invalidValue').default(''),
  Body: z.string().max(200_000, 'invalidValue').default(''),
  Language: z.enum(locales, { error: 'invalidValue' }).default('cs'),
});
export const emailPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type EmailPreview = z.infer<typeof emailPreviewSchema>;

/** Mailing status: queued → queueing (outbox messages written in batches) → queued all; or failed. */
export const MailingStatus = { Queued: 1, Queueing: 2, Done: 3, Failed: 4 } as const;
export type MailingStatus = (typeof MailingStatus)[keyof typeof MailingStatus];

/** An e-mail sent from the e-mail screen, with its progress. */
/**
 * A mailing's filter as the API answers it: the values as stored, plain (the request's schema reads
 * "true" from a query string, a transform an answer cannot be encoded through).
 */
export const recipientFilterAnswerSchema = z.object({
  registrationSource: z.number().int().optional(),
  registeredFrom: z.string().optional(),
  registeredTo: z.string().optional(),
  categoryId: z.number().int().optional(),
  reportStatus: z.number().int().optional(),
  hasPublishedReport: z.boolean().optional(),
  language: z.enum(locales).optional(),
}) satisfies z.ZodType<RecipientFilter>;

export const mailingSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  to: z.string().nullable(),
  filter: recipientFilterAnswerSchema.nullable(),
  status: z.number().int(),
  recipients: z.number().int(),
  /** Outbox messages written so far. */
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.number().int(), userName: z.string() }).nullable(),
  finishedAt: z.string().nullable(),
});
export type Mailing = z.infer<typeof mailingSchema>;
export const mailingPageSchema = pageOf(mailingSchema);

// The outbox (administration/outbox)

export const outboxSortFields = ['createdAt', 'sentAt', 'recipient', 'status', 'attempts'] as const;
export const outboxListQuerySchema = listQuerySchema.extend({
  channel: z.enum(outboxChannels, { error: 'invalidValue' }).optional(),
  status: z.enum(outboxStatusFilters, { error: 'invalidValue' }).optional(),
  kind: z.string().trim().max(64, 'invalidValue').optional(),
  createdFrom: daySchema.optional(),
  createdTo: daySchema.optional(),
  mailingId: idSchema.optional(),
});
export type OutboxListQuery = z.infer<typeof outboxListQuerySchema>;

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(outboxChannels),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string().nullable(),
  language: z.enum(locales).nullable(),
  status: z.enum(outboxStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  customerId: z.number().int().nullable(),
  mailingId: z.number().int().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxPageSchema = pageOf(outboxMessageSchema);

/** `GET admin/outbox/{id}`: the message as sent. */
export const outboxMessageDetailSchema = outboxMessageSchema.extend({
  bodyText: z.string(),
  bodyHtml: z.string().nullable(),
  messageId: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int() })),
});
export type OutboxMessageDetail = z.infer<typeof outboxMessageDetailSchema>;
export const outboxRetryRequestSchema = z.object({ Id: idSchema });

/**
 * `GET admin/outbox/delivery`: how a channel delivers now. `failingSince` is set while its server or
 * gateway fails (with the last error); `pausedUntil` while a gateway asked to wait; `configured` is
 * false when no SMTP server or SMS gateway is set up (messages wait until one is).
 */
export const deliveryChannelStatusSchema = z.object({
  channel: z.enum(outboxChannels),
  configured: z.boolean(),
  failingSince: z.string().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  pausedUntil: z.string().nullable(),
  lastSentAt: z.string().nullable(),
  /** Messages not sent yet, and since when the oldest of them waits. */
  waiting: z.number().int(),
  oldestWaitingSince: z.string().nullable(),
  failed: z.number().int(),
});
export type DeliveryChannelStatus = z.infer<typeof deliveryChannelStatusSchema>;
