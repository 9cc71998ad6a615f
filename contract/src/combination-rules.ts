import { z } from 'zod';
import { idSchema, listQuerySchema, pageOf, requiredText } from './common.js';
import { requiredRichText } from './media.js';
import { ClinicalWeight, clinicalWeightSchema, riskSchema } from './templates.js';

/**
 * A combination rule of the catalogue (DOMAIN §2): when a report's phenotypes fulfil every condition,
 * e.g. a factor V Leiden variant and a prothrombin variant together, the report carries the rule's own
 * risk and text. A condition is a phenotype (gene combination) resolved to one of the listed templates.
 */
export const combinationRuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  risk: z.number().int(),
  /** `ClinicalWeight` 1–4: where the finding stands in the report's summary. */
  clinicalWeight: z.number().int(),
  text: z.string(),
  textEn: z.string(),
  conditions: z.array(
    z.object({
      geneCombinationId: z.number().int(),
      phenotype: z.string(),
      phenotypeEn: z.string(),
      templates: z.array(z.object({ id: z.number().int(), risk: z.number().int(), genotypes: z.string() })),
    }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CombinationRule = z.infer<typeof combinationRuleSchema>;
export const combinationRulePageSchema = pageOf(combinationRuleSchema);

/** `GET admin/combinationrules ?page&pageSize&sort&search`: sort name (default), risk, createdAt. */
export const combinationRuleListQuerySchema = listQuerySchema;
export const combinationRuleIdQuerySchema = z.object({ Id: idSchema });

const conditionSchema = z.object({
  GeneCombinationId: idSchema,
  TemplateIds: z.array(idSchema).min(1, 'combinationConditionTemplates').max(50, 'invalidValue'),
});

/**
 * `PUT admin/combinationrules` (create) and, with `Id`, `PATCH admin/combinationrules` (edit).
 * `ClinicalWeight` is health risk (2) when left out. Every template a condition names must write its
 * genotypes on the plus strand of the marker map (issue 34).
 */
export const combinationRuleRequestSchema = z.object({
  Name: requiredText(200),
  NameEn: z.string().trim().max(200, 'invalidValue').default(''),
  Risk: riskSchema,
  ClinicalWeight: clinicalWeightSchema.default(ClinicalWeight.HealthRisk),
  Text: requiredRichText(),
  TextEn: z.string().max(200_000, 'invalidValue').default(''),
  Conditions: z
    .array(conditionSchema)
    .min(2, 'combinationRuleTwoConditions')
    .max(10, 'invalidValue')
    .refine(
      (conditions) => new Set(conditions.map((c) => c.GeneCombinationId)).size === conditions.length,
      'combinationRuleDistinct',
    ),
});
export type CombinationRuleRequest = z.infer<typeof combinationRuleRequestSchema>;
/** An edit left without `ClinicalWeight` keeps the rule's. */
export const editCombinationRuleRequestSchema = combinationRuleRequestSchema.extend({
  Id: idSchema,
  ClinicalWeight: clinicalWeightSchema.optional(),
});
export type EditCombinationRuleRequest = z.infer<typeof editCombinationRuleRequestSchema>;
