import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  bankStatementDetailSchema,
  bankStatementPageSchema,
  cardNotificationReplySchema,
  cardNotificationSchema,
  idParamsSchema,
  listQuerySchema,
  markRefundedRequestSchema,
  matchStatementLineRequestSchema,
  maxStatementBytes,
  orderActionRequestSchema,
  orderDetailSchema,
  orderExportQuerySchema,
  orderIdQuerySchema,
  orderListQuerySchema,
  orderPageSchema,
  Permissions,
  paymentActionRequestSchema,
  paymentExportQuerySchema,
  paymentIdQuerySchema,
  paymentListQuerySchema,
  paymentPageSchema,
  paymentSchema,
  unpaidOrderListQuerySchema,
} from '@genodesk/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../../auth/access.js';
import type { App, Deps } from '../../http/app-types.js';
import { AppError, requestLocale } from '../../http/errors.js';
import { rateLimits } from '../../http/rate-limit.js';
import { recordExport } from '../audit/access-log.js';
import { exportOrders, exportPayments } from './export.js';
import {
  finalizeOrderAction,
  getOrder,
  getOrderByPayment,
  listOrders,
  listUnpaidOrders,
  setSamplingAtCentre,
} from './orders.service.js';
import {
  applyCardNotification,
  approvePayment,
  convertToCash,
  createBankTransfer,
  type FinancesDeps,
  listPayments,
  markRefunded,
  takeCash,
} from './payments.service.js';
import { getStatement, importStatement, listStatements, matchStatementLine } from './statements.service.js';

const P = Permissions;

const download = (
  reply: FastifyReply,
  file: { stream: NodeJS.ReadableStream; contentType: string; filename: string },
) =>
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.stream);

/** Orders, payments, unprocessed orders, bank statements and the payment gateway's notifications. */
export function ordersRoutes(app: App, deps: Deps) {
  const finances: FinancesDeps = { db: deps.db, jobs: deps.jobs, bankAccount: deps.config.bankAccount };
  const tags = ['finances'];
  // Each action on an unprocessed order is open to whoever may open that screen.
  const unprocessed = { all: [P.UnpaidCustomersView] } as const;

  app.get('/api/admin/orders', {
    config: { access: { all: [P.OrdersView] } },
    schema: {
      tags,
      summary:
        'Orders, paged: search order number, variable symbol, customer name or e-mail; filters complete, paidBy, productTypeId, createdFrom/To',
      querystring: orderListQuerySchema,
      response: { 200: orderPageSchema },
    },
    handler: (request) => listOrders(deps.db, request.query, requestLocale(request)),
  });

  app.get('/api/admin/orders/export', {
    config: { access: { all: [P.OrdersView] } },
    schema: { tags, summary: 'The filtered orders list as CSV or XLSX', querystring: orderExportQuerySchema },
    handler: (request, reply) =>
      download(
        reply,
        exportOrders(
          deps.db,
          request.query,
          request.query.locale ?? requestLocale(request),
          recordExport(deps.db, request, 'orders', request.query),
        ),
      ),
  });

  app.get('/api/admin/orders/getorder', {
    config: { access: { any: [P.OrdersView, P.UnpaidCustomersView] } },
    schema: {
      tags,
      summary: 'An order with every field of SPEC §3: payments, vouchers, amounts in CZK, its sample',
      querystring: orderIdQuerySchema,
      response: { 200: orderDetailSchema },
    },
    handler: (request) => getOrder(deps.db, request.query.Id, requestLocale(request)),
  });

  app.get('/api/admin/orders/getorderbypayment', {
    config: { access: { any: [P.OrdersView, P.PaymentsView] } },
    schema: {
      tags,
      summary: 'The order a payment belongs to',
      querystring: paymentIdQuerySchema,
      response: { 200: orderDetailSchema },
    },
    handler: (request) => getOrderByPayment(deps.db, request.query.Id, requestLocale(request)),
  });

  app.get('/api/admin/unpaidcustomers', {
    config: { access: unprocessed },
    schema: {
      tags,
      summary: 'Unprocessed orders (not complete) with what each lacks: payment, finalization',
      querystring: unpaidOrderListQuerySchema,
      response: { 200: orderPageSchema },
    },
    handler: (request) => listUnpaidOrders(deps.db, request.query, requestLocale(request)),
  });

  app.get('/api/admin/unpaidcustomers/:id', {
    config: { access: unprocessed },
    schema: {
      tags,
      summary: 'An unprocessed order with the actions that apply to it',
      params: idParamsSchema,
      response: { 200: orderDetailSchema },
    },
    handler: (request) => getOrder(deps.db, request.params.id, requestLocale(request)),
  });

  app.post('/api/admin/orders/sampling-at-centre', {
    config: { access: unprocessed },
    schema: {
      tags,
      summary:
        'The sample is taken at the centre without consultation ([10] at finalization); 422 when finalized',
      body: orderActionRequestSchema,
      response: { 200: orderDetailSchema },
    },
    handler: (request) =>
      setSamplingAtCentre(deps.db, principalOf(request), request.body.OrderId, requestLocale(request)),
  });

  app.post('/api/admin/orders/finalize', {
    config: { access: unprocessed },
    schema: {
      tags,
      summary:
        'Finalize a paid order (its sample [2] or [10], or an additional purchase’s report [5]); 422 unpaid or finalized',
      body: orderActionRequestSchema,
      response: { 200: orderDetailSchema },
    },
    handler: (request) =>
      finalizeOrderAction(deps.db, principalOf(request), request.body.OrderId, requestLocale(request)),
  });

  app.get('/api/admin/payments', {
    config: { access: { all: [P.PaymentsView] } },
    schema: {
      tags,
      summary:
        'Payments, paged: filters method, cardStatus, completed, createdFrom/To; search transaction id, ref id, variable symbol',
      querystring: paymentListQuerySchema,
      response: { 200: paymentPageSchema },
    },
    handler: (request) => listPayments(deps.db, request.query, requestLocale(request)),
  });

  app.get('/api/admin/payments/export', {
    config: { access: { all: [P.PaymentsView] } },
    schema: {
      tags,
      summary: 'The filtered payments list as CSV or XLSX',
      querystring: paymentExportQuerySchema,
    },
    handler: (request, reply) =>
      download(
        reply,
        exportPayments(
          deps.db,
          request.query,
          request.query.locale ?? requestLocale(request),
          recordExport(deps.db, request, 'payments', request.query),
        ),
      ),
  });

  app.post('/api/admin/payments/approve', {
    config: { access: unprocessed },
    schema: {
      tags,
      summary:
        'Complete an open payment; its order is paid by its method; 422 when completed or the order paid',
      body: paymentActionRequestSchema,
      response: { 200: paymentSchema },
    },
    handler: (request) =>
      approvePayment(finances, principalOf(request), request.body.PaymentId, requestLocale(request)),
  });

  app.post('/api/admin/payments/convert-to-cash', {
    config: { access: unprocessed },
    schema: {
      tags,
      summary: 'Turn an open payment into a completed cash payment; 422 when completed or the order paid',
      body: paymentActionRequestSchema,
      response: { 200: paymentSchema },
    },
    handler: (request) =>
      convertToCash(finances, principalOf(request), request.body.PaymentId, requestLocale(request)),
  });

  app.post('/api/admin/payments/mark-refunded', {
    config: { access: unprocessed },
    schema: {
      tags,
      summary:
        'Record that an overpayment (a card charged after its order was paid another way) was refunded to the customer, with an optional note of how (at most 2000 characters); audited; 422 when the payment is no overpayment, 409 when its refund is recorded',
      body: markRefundedRequestSchema,
      response: { 200: paymentSchema },
    },
    handler: (request) =>
      markRefunded(
        finances,
        principalOf(request),
        request.body.PaymentId,
        request.body.Note,
        requestLocale(request),
      ),
  });

  app.put('/api/admin/payments/cash', {
    config: { access: unprocessed },
    schema: {
      tags,
      summary:
        'Take what the order owes in cash: its open payment (if any) becomes a completed cash payment, else one is made; the order is paid; 422 when paid',
      body: orderActionRequestSchema,
      response: { 200: paymentSchema },
    },
    handler: (request) =>
      takeCash(finances, principalOf(request), request.body.OrderId, requestLocale(request)),
  });

  app.put('/api/admin/payments/bank-transfer', {
    config: { access: unprocessed },
    schema: {
      tags,
      summary:
        'A bank-transfer payment of the order (BANK_ACCOUNT, variable symbol = order number, SPAYD for QR Platba); the customer is e-mailed the instructions with the QR code; an open one is reused; 422 when paid',
      body: orderActionRequestSchema,
      response: { 200: paymentSchema },
    },
    handler: (request) =>
      createBankTransfer(finances, principalOf(request), request.body.OrderId, requestLocale(request)),
  });

  app.get('/api/admin/payments/bank-statements', {
    config: { access: { all: [P.PaymentsView] } },
    schema: {
      tags,
      summary: 'Imported bank statements, newest first',
      querystring: listQuerySchema.pick({ page: true, pageSize: true }),
      response: { 200: bankStatementPageSchema },
    },
    handler: (request) => listStatements(deps.db, request.query),
  });

  app.get('/api/admin/payments/bank-statements/:id', {
    config: { access: { all: [P.PaymentsView] } },
    schema: {
      tags,
      summary: 'An imported statement with every line and what it did (matched, or why not)',
      params: idParamsSchema,
      response: { 200: bankStatementDetailSchema },
    },
    handler: (request) => getStatement(deps.db, request.params.id),
  });

  app.post('/api/admin/payments/bank-statements/lines/:id/match', {
    config: { access: { all: [P.PaymentsView, P.UnpaidCustomersView] } },
    schema: {
      tags,
      summary:
        'Pair an unmatched credit of a statement with an order by hand: it pays the order (audited); 409 when matched, 422 when the order is paid or owes another amount',
      params: idParamsSchema,
      body: matchStatementLineRequestSchema,
      response: { 200: bankStatementDetailSchema },
    },
    handler: (request) =>
      matchStatementLine(finances, principalOf(request), request.params.id, request.body.OrderNumber),
  });

  // Raw bodies: the statement file's bytes, and the gateway's signed JSON.
  app.register(async (scope: App) => {
    scope.addContentTypeParser(
      ['text/plain', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: maxStatementBytes },
      (_request, body, done) => done(null, body),
    );
    scope.post('/api/admin/payments/bank-statement', {
      bodyLimit: maxStatementBytes,
      config: { access: { all: [P.PaymentsView, P.UnpaidCustomersView] } },
      schema: {
        tags,
        summary:
          'Import a GPC (ABO) bank statement (its bytes as the body): credits matching an open bank transfer by variable symbol and amount pay it; the rest are kept with the reason; 409 when imported before',
        querystring: z.object({
          FileName: z.string().trim().min(1, 'invalidValue').max(255, 'invalidValue').default('vypis.gpc'),
        }),
        response: { 200: bankStatementDetailSchema },
      },
      handler: (request) =>
        importStatement(finances, principalOf(request), {
          name: request.query.FileName,
          bytes: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        }),
    });

    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      (request as { rawBody?: Buffer }).rawBody = body as Buffer;
      try {
        done(null, JSON.parse((body as Buffer).toString('utf8')));
      } catch {
        done(Object.assign(new Error('invalid JSON'), { statusCode: 400 }), undefined);
      }
    });
    scope.post('/api/payments/card-notification', {
      // The gateway signs instead of signing in: checked below, before anything is read.
      config: { access: 'public', rateLimit: rateLimits.cardWebhook },
      preValidation: async (request) => {
        const secret = deps.config.paymentWebhookSecret;
        if (!secret) throw new AppError(503, 'NOT_CONFIGURED', 'notificationsOff');
        const raw = (request as { rawBody?: Buffer }).rawBody ?? Buffer.alloc(0);
        const expected = createHmac('sha256', secret).update(raw).digest();
        const given = Buffer.from(String(request.headers['x-signature'] ?? ''), 'hex');
        if (given.length !== expected.length || !timingSafeEqual(given, expected))
          throw new AppError(401, 'BAD_SIGNATURE', 'badSignature');
      },
      schema: {
        tags,
        summary:
          'The payment gateway reports a card payment’s status (X-Signature: hex HMAC-SHA256 of the raw body with PAYMENT_WEBHOOK_SECRET); forward moves only; paid completes the payment, or, when the order was paid another way meanwhile, records it as an overpayment to refund',
        body: cardNotificationSchema,
        response: { 200: cardNotificationReplySchema },
      },
      handler: (request) => applyCardNotification(finances, request.body),
    });
  });
}
