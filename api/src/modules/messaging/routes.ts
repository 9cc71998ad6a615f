import {
  categoryOptionSchema,
  deliveryChannelStatusSchema,
  emailPreviewRequestSchema,
  emailPreviewSchema,
  idParamsSchema,
  listQuerySchema,
  mailingPageSchema,
  mailingSchema,
  outboxListQuerySchema,
  outboxMessageDetailSchema,
  outboxPageSchema,
  outboxRetryRequestSchema,
  Permissions,
  recipientFilterSchema,
  recipientPreviewSchema,
  sendEmailRequestSchema,
} from '@genodesk/contract';
import { z } from 'zod';
import { principalOf } from '../../auth/access.js';
import type { App, Deps } from '../../http/app-types.js';
import { requestLocale } from '../../http/errors.js';
import { recordListRead } from '../audit/access-log.js';
import { listCategoryOptions } from '../templates/templates.service.js';
import { getMailing, listMailings, previewEmail, previewRecipients, sendEmail } from './mailings.service.js';
import {
  configuredChannels,
  deliveryStatus,
  getOutboxMessage,
  listOutbox,
  retryOutboxMessage,
} from './outbox.service.js';

// SPEC §2 guards the e-mail screen with Barcodes.View; the outbox screen shares it.
const access = { all: [Permissions.BarcodesView] } as const;

export function messagingRoutes(app: App, deps: Deps) {
  const tags = ['messaging'];

  app.get('/api/admin/email/recipients', {
    config: { access },
    schema: {
      tags,
      summary:
        'The customers a filter reaches (only those who agreed to e-mails): their count and the first ten',
      querystring: recipientFilterSchema,
      response: { 200: recipientPreviewSchema },
    },
    handler: (request) => previewRecipients(deps.db, principalOf(request), request.query),
  });

  // The recipient filter picks a catalogue category; the templates' own list needs Templates.View,
  // which the staff of this screen may not hold.
  app.get('/api/admin/email/categories', {
    config: { access },
    schema: {
      tags,
      summary: 'The top catalogue categories, for the recipient filter',
      response: { 200: z.array(categoryOptionSchema) },
    },
    handler: () => listCategoryOptions(deps.db),
  });

  app.post('/api/admin/email/preview', {
    config: { access },
    schema: {
      tags,
      summary: 'The e-mail as a recipient in Language sees it (the body sanitised, in the layout)',
      body: emailPreviewRequestSchema,
      response: { 200: emailPreviewSchema },
    },
    handler: (request) => previewEmail(request.body, deps.config.publicUrl),
  });

  app.post('/api/admin/email/send', {
    config: { access },
    schema: {
      tags,
      summary:
        'Send an e-mail to one address (To) or to the customers of a filter (Filter), in each one’s language; 202 with the mailing, whose messages a job writes to the outbox in batches; 422 when the filter reaches nobody',
      body: sendEmailRequestSchema,
      response: { 202: mailingSchema },
    },
    handler: async (request, reply) =>
      reply.status(202).send(await sendEmail(deps, principalOf(request), request.body)),
  });

  app.get('/api/admin/email/mailings', {
    config: { access },
    schema: {
      tags,
      summary: 'E-mails sent from the e-mail screen, newest first, with their progress',
      querystring: listQuerySchema.pick({ page: true, pageSize: true }),
      response: { 200: mailingPageSchema },
    },
    handler: (request) => listMailings(deps.db, request.query),
  });

  app.get('/api/admin/email/mailings/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'One e-mail sent from the screen: recipients, queued, sent and failed so far',
      params: idParamsSchema,
      response: { 200: mailingSchema },
    },
    handler: (request) => getMailing(deps.db, request.params.id),
  });

  app.get('/api/admin/outbox', {
    config: { access },
    schema: {
      tags,
      summary:
        'Every e-mail and SMS: filters channel, status (or undelivered: failed, or waiting after a refused attempt, for over an hour, or while its channel fails, is paused or is not set up), kind, mailing, created from/to; search the recipient; paged',
      querystring: outboxListQuerySchema,
      response: { 200: outboxPageSchema },
    },
    handler: async (request) => {
      const page = await listOutbox(deps.db, request.query, configuredChannels(deps.config));
      await recordListRead(
        deps.db,
        request,
        'outbox',
        page.items.map((item) => item.customerId),
      );
      return page;
    },
  });

  app.get('/api/admin/outbox/delivery', {
    config: { access },
    schema: {
      tags,
      summary:
        'How e-mail and SMS delivery goes: per channel whether it is configured, failing since when with the last error, paused by a gateway, and how many messages wait or failed',
      response: { 200: z.array(deliveryChannelStatusSchema) },
    },
    handler: () => deliveryStatus(deps.db, configuredChannels(deps.config)),
  });

  app.get('/api/admin/outbox/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'One message as sent: texts, Message-ID, attachments',
      params: idParamsSchema,
      response: { 200: outboxMessageDetailSchema },
    },
    handler: (request) => getOutboxMessage(deps.db, request.params.id),
  });

  app.post('/api/admin/outbox/retry', {
    config: { access },
    schema: {
      tags,
      summary: 'Send a failed message again (two more days of retries); 422 unless it failed',
      body: outboxRetryRequestSchema,
      response: { 200: outboxMessageDetailSchema },
    },
    handler: (request) => retryOutboxMessage(deps, request.body.Id, requestLocale(request)),
  });
}
