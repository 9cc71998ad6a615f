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
  searchTermSchema,
} from './common.js';
import { localeSchema } from './locale.js';
import { pragueDay } from './prague-time.js';

/** Voucher kind (SPEC §4): 1 money, 2 product. */
export const VoucherKind = { Money: 1, Product: 2 } as const;
export type VoucherKind = (typeof VoucherKind)[keyof typeof VoucherKind];
/** Voucher type (SPEC §4): 1 standard, 2 gift (only a gift has for whom / from whom). */
export const VoucherType = { Standard: 1, Gift: 2 } as const;
export type VoucherType = (typeof VoucherType)[keyof typeof VoucherType];

export const voucherKindLabels = {
  1: { cs: 'Peněžní', en: 'Money' },
  2: { cs: 'Produktový', en: 'Product' },
} as const;
export const voucherTypeLabels = {
  1: { cs: 'Standardní', en: 'Standard' },
  2: { cs: 'Dárkový', en: 'Gift' },
} as const;

/** The most vouchers one create request makes (a batch is printed from the list). */
export const maxVouchersPerRequest = 10_000;
/** A batch's random suffix: no look-alikes (0/O, 1/I/L), so a printed code reads back unambiguously. */
export const voucherCodeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const voucherSuffixLength = 8;

const optionalName = z
  .string()
  .trim()
  .max(200, 'invalidValue')
  .nullish()
  .transform((v) => (v ? v : null));

/** `ValidTo`: a day (YYYY-MM-DD); the voucher is valid to the end of it in Europe/Prague. */
const validToSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().slice(0, 10) : v),
  z.string({ error: 'required' }).min(1, 'required').pipe(daySchema),
);

/**
 * What a new code (or a batch's prefix) is made of: what a customer types unambiguously on any keyboard,
 * letters A–Z without diacritics (either case: codes are compared case-insensitively), digits and
 * hyphens. Codes made before this rule are still found by their text (`applyVoucherRequestSchema`).
 */
export const voucherCodePattern = /^[A-Za-z0-9-]+$/;

const createVoucherFields = {
  /** The code (HowMany 1), or the prefix of each code of a batch (HowMany > 1). */
  Code: z
    .string({ error: 'required' })
    .trim()
    .min(1, 'required')
    .max(40, 'invalidValue')
    .regex(voucherCodePattern, 'voucherCodeCharacters'),
  HowMany: numeric(
    z
      .number({ error: 'voucherCountTooLow' })
      .int('invalidValue')
      .min(1, 'voucherCountTooLow')
      .max(maxVouchersPerRequest, 'voucherCountTooHigh'),
  ).default(1),
  VoucherType: numeric(
    z
      .number({ error: 'mustPickOne' })
      .int('mustPickOne')
      .refine((v) => v === VoucherType.Standard || v === VoucherType.Gift, 'mustPickOne'),
  ).default(VoucherType.Standard),
  /**
   * A new voucher that ended before today could never be used: a mistyped year. An edit may still end
   * a voucher early.
   */
  ValidTo: validToSchema.refine((day) => day >= pragueDay(new Date()), 'voucherValidToPast'),
  /** Kept only for a gift voucher (SPEC §5). */
  ForWho: optionalName,
  FromWho: optionalName,
  /** maxUsageCount: how many orders the voucher may be used on. */
  UsageCount: numeric(
    z
      .number({ error: 'usageCountTooLow' })
      .int('invalidValue')
      .min(1, 'usageCountTooLow')
      .max(1_000_000, 'invalidValue'),
  ).default(1),
};

/** A voucher's value in CZK as staff type it: at least 0 ('Cena musí být víc než -1!'), two decimals. */
export const voucherAmountSchema = numeric(
  z
    .number({ error: 'required' })
    .min(0, 'valueNotNegative')
    .max(10_000_000, 'invalidValue')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'invalidPrice'),
);

/** `PUT admin/vouchers/create-money-voucher`. */
export const createMoneyVoucherRequestSchema = z.object({
  ...createVoucherFields,
  Amount: voucherAmountSchema,
});
export type CreateMoneyVoucherRequest = z.infer<typeof createMoneyVoucherRequestSchema>;

/** `PUT admin/vouchers/create-product-voucher`: ProductType instead of Amount (0 or none: pick one). */
export const createProductVoucherRequestSchema = z.object({
  ...createVoucherFields,
  ProductType: numeric(z.number({ error: 'mustPickOne' }).int('mustPickOne').positive('mustPickOne')),
});
export type CreateProductVoucherRequest = z.infer<typeof createProductVoucherRequestSchema>;

export const createVouchersReplySchema = z.object({
  count: z.number().int(),
  vouchers: z.array(z.object({ id: z.number().int(), code: z.string() })),
});
export type CreateVouchersReply = z.infer<typeof createVouchersReplySchema>;

/** `POST admin/vouchers/editmoneyvoucher` and `editproductvoucher`. */
export const editVoucherRequestSchema = z.object({
  VoucherId: idSchema,
  ForWho: optionalName,
  FromWho: optionalName,
  ValidTo: validToSchema,
});
export type EditVoucherRequest = z.infer<typeof editVoucherRequestSchema>;

export const voucherIdQuerySchema = z.object({ Id: idSchema });

export const voucherSchema = z.object({
  id: z.number().int(),
  kind: z.number().int(),
  code: z.string(),
  /** Money vouchers: CZK off an order at each use; null for a product voucher. */
  amount: z.number().nullable(),
  amountMinor: z.number().int().nullable(),
  currency: z.string(),
  /** Product vouchers: the product type it pays. */
  productTypeId: z.number().int().nullable(),
  productTypeName: z.string().nullable(),
  productTypeNameEn: z.string().nullable(),
  voucherType: z.number().int(),
  /** The last day it is valid (Europe/Prague). */
  validTo: z.string(),
  expired: z.boolean(),
  forWho: z.string().nullable(),
  fromWho: z.string().nullable(),
  maxUsageCount: z.number().int(),
  remainingUsageCount: z.number().int(),
  redeemed: z.boolean(),
  createdAt: z.string(),
});
export type Voucher = z.infer<typeof voucherSchema>;
export const voucherPageSchema = pageOf(voucherSchema);

/** An order a voucher was used on, and what it took off (CZK). */
export const voucherUseSchema = z.object({
  orderId: z.number().int(),
  orderNumber: z.number().int(),
  /** The customer's name; an erased customer's in the caller's language (`erasedCustomerLabel`). */
  customerFullName: z.string(),
  /** The customer was erased (GDPR): their orders stay, their detail is gone. */
  customerErased: z.boolean(),
  amount: z.number(),
  appliedAt: z.string(),
  orderPaid: z.boolean(),
});
export const voucherDetailSchema = voucherSchema.extend({ uses: z.array(voucherUseSchema) });
export type VoucherDetail = z.infer<typeof voucherDetailSchema>;

export const voucherSortFields = ['created', 'code', 'validTo', 'amount', 'remainingUsageCount'] as const;
const voucherFilters = {
  kind: numeric(z.number().int().min(1, 'invalidValue').max(2, 'invalidValue')).optional(),
  type: numeric(z.number().int().min(1, 'invalidValue').max(2, 'invalidValue')).optional(),
  redeemed: booleanish.optional(),
  /** valid: not past validTo; expired: past it. */
  validity: z.enum(['valid', 'expired'], { error: 'invalidValue' }).optional(),
  productTypeId: idSchema.optional(),
  createdFrom: daySchema.optional(),
  createdTo: daySchema.optional(),
};
/** `GET admin/vouchers`: search by code, for whom or from whom. */
export const voucherListQuerySchema = listQuerySchema.extend(voucherFilters);
export type VoucherListQuery = z.infer<typeof voucherListQuerySchema>;
export const voucherExportQuerySchema = z.object({
  format: z.enum(['csv', 'xlsx'], { error: 'invalidValue' }),
  sort: z.string().max(64).optional(),
  search: searchTermSchema,
  locale: localeSchema.optional(),
  ...voucherFilters,
});
export type VoucherExportQuery = z.infer<typeof voucherExportQuerySchema>;

/** `POST admin/vouchers/send`: in `Language`, else the language of the customer with that e-mail, else cs. */
export const sendVoucherRequestSchema = z.object({
  VoucherId: idSchema,
  Email: emailSchema,
  Language: localeSchema.optional(),
});
export type SendVoucherRequest = z.infer<typeof sendVoucherRequestSchema>;
export const sendVoucherReplySchema = z.object({ outboxId: z.number().int(), language: localeSchema });

/** `POST admin/orders/apply-voucher`: the code, case-insensitively. */
export const applyVoucherRequestSchema = z.object({
  OrderId: idSchema,
  Code: requiredText(60),
  /**
   * The staff confirmed a money voucher worth more than is due: it is used up all the same, its value
   * beyond the amount due lost. Without it such a voucher is a 409 naming the amounts, nothing changed.
   */
  AcceptUnusedValue: z.boolean().optional(),
});
export type ApplyVoucherRequest = z.infer<typeof applyVoucherRequestSchema>;
export const removeVoucherRequestSchema = z.object({ OrderId: idSchema, VoucherId: idSchema });
export type RemoveVoucherRequest = z.infer<typeof removeVoucherRequestSchema>;
