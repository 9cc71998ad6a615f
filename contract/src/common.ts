import { z } from 'zod';

export const idSchema = z.coerce.number({ error: 'required' }).int('invalidValue').positive('invalidValue');

export const requiredText = (max = 200) =>
  z.string({ error: 'required' }).trim().min(1, 'required').max(max, 'invalidValue');

export const emailSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, 'required')
  .max(254, 'invalidEmail')
  .pipe(z.email('invalidEmail'));

/** Accepts "true"/"false" in query strings as well as JSON booleans. */
export const booleanish = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean({ error: 'invalidValue' }),
);

/** The palette a staff colour (1-based index) refers to; used in the calendar and avatars. */
export const staffColors = [
  '#228be6',
  '#40c057',
  '#fa5252',
  '#fd7e14',
  '#be4bdb',
  '#15aabf',
  '#fab005',
  '#7950f2',
  '#e64980',
  '#12b886',
  '#868e96',
  '#4c6ef5',
] as const;
export const colorSchema = z.coerce
  .number({ error: 'invalidColor' })
  .int('invalidColor')
  .min(1, 'invalidColor')
  .max(staffColors.length, 'invalidColor');

export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  sort: z.string().max(64).optional(),
  search: z.string().trim().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
