import {
  applyVoucherRequestSchema,
  createMoneyVoucherRequestSchema,
  createProductVoucherRequestSchema,
  createVouchersReplySchema,
  editVoucherRequestSchema,
  orderDetailSchema,
  Permissions,
  removeVoucherRequestSchema,
  sendVoucherReplySchema,
  sendVoucherRequestSchema,
  VoucherKind,
  voucherDetailSchema,
  voucherExportQuerySchema,
  voucherIdQuerySchema,
  voucherListQuerySchema,
  voucherPageSchema,
} from '@genodesk/contract';
import { principalOf } from '../../auth/access.js';
import type { App, Deps } from '../../http/app-types.js';
import { requestLocale } from '../../http/errors.js';
import { exportVouchers } from './export.js';
import { applyVoucher, removeVoucher } from './redeem.service.js';
import {
  createMoneyVouchers,
  createProductVouchers,
  editVoucher,
  getVoucher,
  listVouchers,
  sendVoucher,
  type VouchersDeps,
} from './vouchers.service.js';

const P = Permissions;

/** Money and product vouchers, and redeeming them on unprocessed orders. */
export function vouchersRoutes(app: App, deps: Deps) {
  const vouchersDeps: VouchersDeps = { db: deps.db, jobs: deps.jobs };
  const tags = ['vouchers'];
  const view = { all: [P.VouchersView] } as const;
  const create = { all: [P.VouchersView, P.VouchersCreate] } as const;
  const edit = { all: [P.VouchersView, P.VouchersEdit] } as const;
  // Like every action on an unprocessed order: open to whoever may open that screen.
  const unprocessed = { all: [P.UnpaidCustomersView] } as const;

  app.get('/api/admin/vouchers', {
    config: { access: view },
    schema: {
      tags,
      summary:
        'Vouchers, paged: filters kind, type, redeemed, validity (valid/expired), productTypeId, createdFrom/To; search code, for whom, from whom',
      querystring: voucherListQuerySchema,
      response: { 200: voucherPageSchema },
    },
    handler: (request) => listVouchers(deps.db, request.query),
  });

  app.get('/api/admin/vouchers/export', {
    config: { access: view },
    schema: {
      tags,
      summary: 'The filtered vouchers list as CSV or XLSX',
      querystring: voucherExportQuerySchema,
    },
    handler: (request, reply) => {
      const file = exportVouchers(deps.db, request.query, request.query.locale ?? requestLocale(request));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  });

  app.put('/api/admin/vouchers/create-money-voucher', {
    config: { access: create },
    schema: {
      tags,
      summary:
        'Create money vouchers: HowMany 1 → Code is the code; more → Code is a prefix plus a random suffix; Amount CZK ≥ 0; all or nothing; 409 for a taken code',
      body: createMoneyVoucherRequestSchema,
      response: { 200: createVouchersReplySchema },
    },
    handler: (request) => createMoneyVouchers(deps.db, principalOf(request), request.body),
  });

  app.put('/api/admin/vouchers/create-product-voucher', {
    config: { access: create },
    schema: {
      tags,
      summary:
        'Create product vouchers (ProductType instead of Amount): HowMany, Code or prefix as for money vouchers; 409 for a taken code',
      body: createProductVoucherRequestSchema,
      response: { 200: createVouchersReplySchema },
    },
    handler: (request) => createProductVouchers(deps.db, principalOf(request), request.body),
  });

  app.get('/api/admin/vouchers/getmoneyvoucher', {
    config: { access: view },
    schema: {
      tags,
      summary: 'A money voucher with its remaining uses and the orders that used it',
      querystring: voucherIdQuerySchema,
      response: { 200: voucherDetailSchema },
    },
    handler: (request) => getVoucher(deps.db, request.query.Id, VoucherKind.Money, requestLocale(request)),
  });

  app.get('/api/admin/vouchers/getproductvoucher', {
    config: { access: view },
    schema: {
      tags,
      summary: 'A product voucher with its remaining uses and the orders that used it',
      querystring: voucherIdQuerySchema,
      response: { 200: voucherDetailSchema },
    },
    handler: (request) => getVoucher(deps.db, request.query.Id, VoucherKind.Product, requestLocale(request)),
  });

  app.post('/api/admin/vouchers/editmoneyvoucher', {
    config: { access: edit },
    schema: {
      tags,
      summary: 'Edit a money voucher: ForWho and FromWho (kept for a gift only), ValidTo; audited',
      body: editVoucherRequestSchema,
      response: { 200: voucherDetailSchema },
    },
    handler: (request) =>
      editVoucher(deps.db, principalOf(request), VoucherKind.Money, request.body, requestLocale(request)),
  });

  app.post('/api/admin/vouchers/editproductvoucher', {
    config: { access: edit },
    schema: {
      tags,
      summary: 'Edit a product voucher: ForWho and FromWho (kept for a gift only), ValidTo; audited',
      body: editVoucherRequestSchema,
      response: { 200: voucherDetailSchema },
    },
    handler: (request) =>
      editVoucher(deps.db, principalOf(request), VoucherKind.Product, request.body, requestLocale(request)),
  });

  // Sending mails the code from the company's address to anyone: an act on the voucher, as editing it is.
  app.post('/api/admin/vouchers/send', {
    config: { access: edit },
    schema: {
      tags,
      summary:
        'E-mail a voucher (code, value or product, validity; for/from whom on a gift) through the outbox, in Language, else the customer’s with that e-mail, else cs',
      body: sendVoucherRequestSchema,
      response: { 200: sendVoucherReplySchema },
    },
    handler: (request) =>
      sendVoucher(vouchersDeps, principalOf(request), request.body, requestLocale(request)),
  });

  app.post('/api/admin/orders/apply-voucher', {
    config: { access: unprocessed },
    schema: {
      tags,
      summary:
        'Use a voucher (by code) on an unpaid order: a money voucher takes its amount off, a product voucher pays its product type; covered in full → paid [5] or [4]; 422 expired, used up, unknown, another product type, already on the order, or the order paid',
      body: applyVoucherRequestSchema,
      response: { 200: orderDetailSchema },
    },
    handler: (request) =>
      applyVoucher(vouchersDeps, principalOf(request), request.body, requestLocale(request)),
  });

  app.post('/api/admin/orders/remove-voucher', {
    config: { access: unprocessed },
    schema: {
      tags,
      summary:
        'Take a voucher off an unpaid order; the voucher gets its use back; 422 when paid or not on it',
      body: removeVoucherRequestSchema,
      response: { 200: orderDetailSchema },
    },
    handler: (request) =>
      removeVoucher(vouchersDeps, principalOf(request), request.body, requestLocale(request)),
  });
}
