import { z } from 'zod';
import {
  booleanish,
  daySchema,
  idSchema,
  listQuerySchema,
  numeric,
  pageOf,
  requiredNumber,
  searchTermSchema,
} from './common.js';
import { localeSchema } from './locale.js';

/** What an unprocessed order still lacks: a completed payment, then its finalization. */
export const orderMissingParts = ['payment', 'finalization'] as const;
export type OrderMissingPart = (typeof orderMissingParts)[number];

const money = {
  /** CZK, at most two decimals. */
  amount: z.number(),
  /** The same in haléře, as stored. */
  amountMinor: z.number().int(),
  currency: z.string(),
};

export const paymentSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.number().int(),
  customerId: z.number().int(),
  /** The customer's name; an erased customer's in the caller's language (`erasedCustomerLabel`). */
  customerFullName: z.string(),
  /** The customer was erased (GDPR): their detail is gone (404), the name is `erasedCustomerLabel`. */
  customerErased: z.boolean(),
  /** The customer's gender (1 male, 2 female; 0 once erased): the words that name them agree with it. */
  customerGender: z.number().int(),
  /** Payment method 1–6 (SPEC §4). */
  method: z.number().int(),
  ...money,
  /** Card payments only: 1 pending, 2 authorized, 3 paid, 4 cancelled. */
  cardStatus: z.number().int().nullable(),
  transactionId: z.string().nullable(),
  refId: z.string().nullable(),
  variableSymbol: z.string().nullable(),
  /** Bank transfers: the account to pay to (Czech form), its IBAN and the QR Platba (SPAYD) string. */
  account: z.string().nullable(),
  iban: z.string().nullable(),
  spayd: z.string().nullable(),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Whether staff may approve it, or convert it to cash, now (open, and its order unpaid). */
  canApprove: z.boolean(),
  canConvertToCash: z.boolean(),
  /**
   * An overpayment to refund: the gateway charged the card after the order was paid another way, so the
   * customer paid twice. Received (`completed`), yet not the order's payment. Null for any other payment.
   */
  refund: z
    .object({
      /** When the charge was recorded as due for refund. */
      dueAt: z.string(),
      /** When staff recorded the refund, and who (null while it is still owed). */
      refundedAt: z.string().nullable(),
      refundedBy: z.object({ id: z.number().int(), userName: z.string() }).nullable(),
      /** How it was refunded, in staff's words (a transfer's reference, the gateway's refund id); null if none. */
      note: z.string().nullable(),
    })
    .nullable(),
  /** A refund is owed and not yet recorded: `POST admin/payments/mark-refunded` applies. */
  canMarkRefunded: z.boolean(),
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentPageSchema = pageOf(paymentSchema);

export const orderSummarySchema = z.object({
  id: z.number().int(),
  orderNumber: z.number().int(),
  customerId: z.number().int(),
  /** The customer's name; an erased customer's in the caller's language (`erasedCustomerLabel`). */
  customerFullName: z.string(),
  /** The customer was erased (GDPR): their detail is gone (404), the name is `erasedCustomerLabel`. */
  customerErased: z.boolean(),
  /** The customer's gender (1 male, 2 female; 0 once erased): the words that name them agree with it. */
  customerGender: z.number().int(),
  /** Empty for an erased customer: the anonymised row's placeholder address is nobody's. */
  customerEmail: z.string(),
  productTypeId: z.number().int(),
  productTypeName: z.string(),
  productTypeNameEn: z.string().nullable(),
  ...money,
  complete: z.boolean(),
  /** The method that paid it (6 not chosen while unpaid). */
  paidBy: z.number().int(),
  dateOrderPaid: z.string().nullable(),
  created: z.string(),
  /** The sample is to be taken at the centre without consultation (created in [10] at finalization). */
  samplingAtCentre: z.boolean(),
  missing: z.array(z.enum(orderMissingParts)),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export const orderPageSchema = pageOf(orderSummarySchema);

/** The order actions staff may take now (each also a button on the unprocessed-order view). */
export const orderActions = ['takeCash', 'bankTransfer', 'samplingAtCentre', 'finalize'] as const;
export type OrderAction = (typeof orderActions)[number];

/** `GET admin/orders/getorder ?Id`: every field of SPEC §3 Order. */
export const orderDetailSchema = orderSummarySchema.extend({
  customer: z.object({
    id: z.number().int(),
    fullName: z.string(),
    /** Erased (GDPR): no detail to open; `fullName` is `erasedCustomerLabel`, the contact fields empty. */
    erased: z.boolean(),
    /** 1 male, 2 female; 0 once erased. */
    gender: z.number().int(),
    email: z.string(),
    /** Prefix and number (`+420 777100001`), as stored; empty when there is none. */
    phone: z.string(),
    language: z.string(),
  }),
  payments: z.array(paymentSchema),
  cardPayment: paymentSchema.nullable(),
  cashPayment: paymentSchema.nullable(),
  bankTransferPayment: paymentSchema.nullable(),
  /** The vouchers applied to the order (money vouchers take their amount off; a product voucher pays it). */
  moneyVouchers: z.array(z.object({ id: z.number().int(), code: z.string(), amount: z.number() })),
  productVoucher: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  /** What remains to be paid, CZK. */
  amountDue: z.number(),
  /** What the customer paid twice and is still owed back (card charges after the order was paid), CZK. */
  refundDue: z.number(),
  refundDueMinor: z.number().int(),
  sample: z
    .object({ id: z.number().int(), status: z.number().int(), barcode: z.string().nullable() })
    .nullable(),
  actions: z.array(z.enum(orderActions)),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderSortFields = ['orderNumber', 'created', 'amount', 'customerName', 'dateOrderPaid'] as const;
const orderFilters = {
  complete: booleanish.optional(),
  paidBy: numeric(z.number().int().min(1, 'invalidValue').max(6, 'invalidValue')).optional(),
  productTypeId: idSchema.optional(),
  createdFrom: daySchema.optional(),
  createdTo: daySchema.optional(),
};
/** `GET admin/orders`: search by order number, variable symbol, customer name or e-mail. */
export const orderListQuerySchema = listQuerySchema.extend(orderFilters);
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** `GET admin/unpaidcustomers`: the orders not complete, with what each lacks. */
export const unpaidOrderListQuerySchema = listQuerySchema.extend({
  missing: z.enum(orderMissingParts, { error: 'invalidValue' }).optional(),
  productTypeId: idSchema.optional(),
  createdFrom: daySchema.optional(),
  createdTo: daySchema.optional(),
});
export type UnpaidOrderListQuery = z.infer<typeof unpaidOrderListQuerySchema>;

export const paymentSortFields = ['createdAt', 'completedAt', 'amount', 'method'] as const;
const paymentFilters = {
  method: numeric(z.number().int().min(1, 'invalidValue').max(6, 'invalidValue')).optional(),
  cardStatus: numeric(z.number().int().min(1, 'invalidValue').max(4, 'invalidValue')).optional(),
  completed: booleanish.optional(),
  /** True: the overpayments still to refund; false: the others. */
  refundDue: booleanish.optional(),
  createdFrom: daySchema.optional(),
  createdTo: daySchema.optional(),
};
/** `GET admin/payments`: search by transaction id, ref id or variable symbol (exact). */
export const paymentListQuerySchema = listQuerySchema.extend(paymentFilters);
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;

const exportQuery = {
  format: z.enum(['csv', 'xlsx'], { error: 'invalidValue' }),
  sort: z.string().max(64).optional(),
  search: searchTermSchema,
  locale: localeSchema.optional(),
};
export const orderExportQuerySchema = z.object({ ...exportQuery, ...orderFilters });
export type OrderExportQuery = z.infer<typeof orderExportQuerySchema>;
export const paymentExportQuerySchema = z.object({ ...exportQuery, ...paymentFilters });
export type PaymentExportQuery = z.infer<typeof paymentExportQuerySchema>;

export const orderIdQuerySchema = z.object({ Id: idSchema });
export const paymentIdQuerySchema = z.object({ Id: idSchema });
export const paymentActionRequestSchema = z.object({ PaymentId: idSchema });
export const orderActionRequestSchema = z.object({ OrderId: idSchema });
/**
 * `POST admin/payments/mark-refunded`: staff refunded an overpayment (a card charged after the order
 * was paid another way), saying how if they like (`Note`); 422 when the payment is no overpayment, 409
 * when its refund is recorded.
 */
export const markRefundedRequestSchema = z.object({
  PaymentId: idSchema,
  /** How it was refunded; as long as the other notes staff write (a consent's withdrawal, a validation). */
  Note: z.string().trim().max(2000, 'invalidValue').optional(),
});
export type MarkRefundedRequest = z.infer<typeof markRefundedRequestSchema>;

/** `POST admin/payments/bank-statements/lines/{id}/match`: the order an unpaired credit pays. */
export const matchStatementLineRequestSchema = z.object({
  OrderNumber: numeric(requiredNumber().int('invalidValue').positive('invalidValue')),
});

/**
 * `POST /api/payments/card-notification`: the payment gateway reports a card payment's status,
 * signed with `X-Signature` (hex HMAC-SHA256 of the raw body with `PAYMENT_WEBHOOK_SECRET`).
 */
export const cardNotificationSchema = z.object({
  TransactionId: z.string({ error: 'required' }).trim().min(1, 'required').max(100, 'invalidValue'),
  RefId: z.string().trim().max(100, 'invalidValue').optional(),
  Status: numeric(
    z.number({ error: 'invalidValue' }).int('invalidValue').min(1, 'invalidValue').max(4, 'invalidValue'),
  ),
});
export type CardNotification = z.infer<typeof cardNotificationSchema>;
export const cardNotificationReplySchema = z.object({
  paymentId: z.number().int(),
  cardStatus: z.number().int(),
  /** False when the notification changed nothing (a repeat, or a status the payment has passed). */
  changed: z.boolean(),
});

/** Why a credit of a bank statement did not pay anything (`matched` when it did). */
export const statementLineOutcomes = [
  'matched',
  'unknownVariableSymbol',
  'amountDiffers',
  'alreadyPaid',
  'notCredit',
] as const;
export type StatementLineOutcome = (typeof statementLineOutcomes)[number];

export const bankStatementLineSchema = z.object({
  id: z.number().int(),
  line: z.number().int(),
  counterAccount: z.string(),
  counterName: z.string(),
  ...money,
  credit: z.boolean(),
  variableSymbol: z.string(),
  valueDate: z.string().nullable(),
  outcome: z.enum(statementLineOutcomes),
  paymentId: z.number().int().nullable(),
  orderId: z.number().int().nullable(),
  orderNumber: z.number().int().nullable(),
});
export type BankStatementLine = z.infer<typeof bankStatementLineSchema>;

export const bankStatementSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  account: z.string(),
  statementDate: z.string().nullable(),
  lines: z.number().int(),
  matched: z.number().int(),
  unmatched: z.number().int(),
  importedAt: z.string(),
  importedBy: z.object({ id: z.number().int(), userName: z.string() }).nullable(),
});
export type BankStatement = z.infer<typeof bankStatementSchema>;
export const bankStatementPageSchema = pageOf(bankStatementSchema);
export const bankStatementDetailSchema = bankStatementSchema.extend({
  /** Every line that paid nothing, and the matched ones, in file order. */
  items: z.array(bankStatementLineSchema),
});
export type BankStatementDetail = z.infer<typeof bankStatementDetailSchema>;
/** The largest statement accepted (a year of a busy account is far less). */
export const maxStatementBytes = 10 * 1024 * 1024;
