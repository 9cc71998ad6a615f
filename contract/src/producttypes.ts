import { z } from 'zod';
import { idSchema, listQuerySchema, numeric, requiredText } from './common.js';

/**
 * A price in CZK as staff type it (at most two decimals), > 0: 'Cena musí být víc než 0!'.
 * Stored as integer haléře; `toMinorUnits` converts.
 */
export const priceSchema = numeric(
  z
    .number({ error: 'priceMustBePositive' })
    .positive('priceMustBePositive')
    .max(10_000_000, 'invalidValue')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'invalidPrice'),
);

/** CZK → haléře. */
export const toMinorUnits = (czk: number) => Math.round(czk * 100);
/** haléře → CZK. */
export const fromMinorUnits = (minor: number) => minor / 100;
/** haléře → CZK as text with two decimals, exactly (no floating point): 199050 → "1990.50". */
export function czkText(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const productTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The English name; null when it has none (the Czech one is shown). */
  nameEn: z.string().nullable(),
  /** CZK. */
  price: z.number(),
  /** The same in haléře, as stored. */
  priceMinor: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductType = z.infer<typeof productTypeSchema>;

export const productTypeSortFields = ['name', 'price', 'createdAt'] as const;
export const productTypeListQuerySchema = listQuerySchema;
export type ProductTypeListQuery = z.infer<typeof productTypeListQuerySchema>;

/** An English name: empty means none; left out of an edit, it stays. */
const englishNameSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.string({ error: 'invalidValue' }).trim().max(200, 'invalidValue').nullish(),
);

export const createProductTypeRequestSchema = z.object({
  Name: requiredText(200),
  NameEn: englishNameSchema,
  Price: priceSchema,
});
export type CreateProductTypeRequest = z.infer<typeof createProductTypeRequestSchema>;

export const editProductTypeRequestSchema = z.object({
  ProductTypeId: idSchema,
  Name: requiredText(200),
  NameEn: englishNameSchema,
  Price: priceSchema,
});
export type EditProductTypeRequest = z.infer<typeof editProductTypeRequestSchema>;

export const productTypeIdQuerySchema = z.object({ ProductTypeId: idSchema });
