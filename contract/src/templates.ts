import { z } from 'zod';
import { idSchema, listQuerySchema, numeric, requiredText } from './common.js';
import type { Localized } from './locale.js';
import { localeSchema } from './locale.js';
import { requiredRichText } from './media.js';
import type { MessageKey, MessageParams } from './messages.js';

// Enumerations (SPEC §4, §9): stored as smallint with a CHECK.

/** Template risk: 1 low/none, 2 medium, 3 high, 4 protective effect. */
export const TemplateRisk = { Low: 1, Medium: 2, High: 3, Protective: 4 } as const;
export type TemplateRisk = (typeof TemplateRisk)[keyof typeof TemplateRisk];
export const riskLabels: Record<TemplateRisk, Localized> = {
  1: { cs: 'Nízké / žádné riziko', en: 'Low / no risk' },
  2: { cs: 'Střední riziko', en: 'Medium risk' },
  3: { cs: 'Vysoké riziko', en: 'High risk' },
  4: { cs: 'Ochranný efekt', en: 'Protective effect' },
};

/**
 * How grave a phenotype (or a combination rule) is, before its risk: the summary lists the graver
 * first (issue 34). 1 actionable medical finding, 2 health risk, 3 carrier status, 4 wellness or trait.
 */
export const ClinicalWeight = {
  ActionableMedical: 1,
  HealthRisk: 2,
  CarrierStatus: 3,
  WellnessTrait: 4,
} as const;
export type ClinicalWeight = (typeof ClinicalWeight)[keyof typeof ClinicalWeight];
export const clinicalWeightLabels: Record<ClinicalWeight, Localized> = {
  1: { cs: 'Klinicky významné (s doporučeným postupem)', en: 'Actionable medical' },
  2: { cs: 'Zdravotní riziko', en: 'Health risk' },
  3: { cs: 'Přenašečství', en: 'Carrier status' },
  4: { cs: 'Životní styl / vlastnost', en: 'Wellness / trait' },
};
export const clinicalWeightSchema = numeric(
  z.number({ error: 'invalidValue' }).int('invalidValue').min(1, 'invalidValue').max(4, 'invalidValue'),
);

/** Risks from the gravest: high, medium, protective, low (a protective effect is no "increased risk"). */
const riskGravity: Record<number, number> = { 3: 4, 2: 3, 4: 1, 1: 0 };

/**
 * The summary's order (issue 34): graver clinical weight first, then the graver risk; a finding
 * without a risk (not determined, not assessed) after those with one of its weight.
 */
export function compareFindings(
  a: { clinicalWeight: number; risk: number | null },
  b: { clinicalWeight: number; risk: number | null },
): number {
  return (
    a.clinicalWeight - b.clinicalWeight ||
    (b.risk === null ? -1 : (riskGravity[b.risk] ?? 0)) - (a.risk === null ? -1 : (riskGravity[a.risk] ?? 0))
  );
}

/** Gender of a gene combination: 1 male, 2 female, 3 both. */
export const Gender = { Male: 1, Female: 2, Both: 3 } as const;
export type Gender = (typeof Gender)[keyof typeof Gender];
export const genderLabels: Record<Gender, Localized> = {
  1: { cs: 'Muž', en: 'Male' },
  2: { cs: 'Žena', en: 'Female' },
  3: { cs: 'Obě pohlaví', en: 'Both' },
};

export const riskSchema = numeric(
  z.number({ error: 'invalidRisk' }).int('invalidRisk').min(1, 'invalidRisk').max(4, 'invalidRisk'),
);
export const genderSchema = numeric(
  z.number({ error: 'invalidGender' }).int('invalidGender').min(1, 'invalidGender').max(3, 'invalidGender'),
);

// Gene codes and genotypes: pure rules shared by the API and the web wizard.

const geneCodePattern = /^[A-Za-z0-9_.:-]{1,50}$/;

export type GeneCodes = { codes: string[]; key: string };

/**
 * Parses comma-separated gene codes (trimmed). Refuses an empty or malformed code, and two codes that
 * are equal ignoring case ('Some of the genes have the same code'). `key` identifies the combination
 * whatever the order and case: the codes lower-cased, sorted, comma-joined.
 */
export function parseGeneCodes(
  value: string,
): { ok: true; value: GeneCodes } | { ok: false; error: MessageKey } {
  const codes = value.split(',').map((code) => code.trim());
  if (codes.length === 0 || codes.some((code) => !geneCodePattern.test(code)))
    return { ok: false, error: 'invalidGeneCodes' };
  const lower = codes.map((code) => code.toLowerCase());
  if (new Set(lower).size !== lower.length) return { ok: false, error: 'geneCodesDuplicate' };
  return { ok: true, value: { codes, key: [...lower].sort().join(',') } };
}

/** The gene codes as one comma-separated text (the spec's `combinationGeneCode`). */
export const joinGeneCodes = (codes: readonly string[]) => codes.join(', ');

/** An allele: bases (A, C, G, T, also several for an indel), I/D (insertion/deletion), DEL, INS or '-'. */
const allelePattern = /^([ACGT]{1,20}|[ID]|DEL|INS|-)$/;

/**
 * The alleles of a genotype, upper-cased: split on '/', or on a phased VCF's '|' or a space as some
 * lab exports write them (`C|T`, `C T`), or per character for a two-letter form (`C/T`, `ct`, `TC`);
 * a single letter is one allele (hemizygous). Undefined when not a genotype.
 */
export function genotypeAlleles(value: string): string[] | undefined {
  const text = value.trim().toUpperCase();
  const separated = text.split(/\s*[/|]\s*|\s+/);
  const alleles = separated.length > 1 ? separated : text.length <= 2 ? [...text] : [];
  if (alleles.length < 1 || alleles.length > 2) return undefined;
  return alleles.every((allele) => allelePattern.test(allele)) ? alleles : undefined;
}

/** The genotype as shown and stored: alleles upper-cased, in the order given, joined by '/'. */
export const displayGenotype = (value: string) => genotypeAlleles(value)?.join('/');

/** The genotype for comparison: `C/T`, `TC` and `ct` all give `C/T`. */
export const normaliseGenotype = (value: string) => genotypeAlleles(value)?.sort().join('/');

/** A genotype combination: gene code → genotype. */
export type GenotypeCombination = Record<string, string>;

/** The comparison key of a genotype combination (already checked): `gene=alleles;…`, genes lower-cased, sorted. */
export function genotypeCombinationKey(combination: GenotypeCombination): string {
  return Object.entries(combination)
    .map(([gene, genotype]) => `${gene.toLowerCase()}=${normaliseGenotype(genotype) ?? genotype}`)
    .sort()
    .join(';');
}

/** Genotype combinations as staff read them: `rs6025 C/T; rs6025 T/T` (genes of one combination by commas). */
export const describeGenotypeCombinations = (combinations: readonly GenotypeCombination[]) =>
  combinations
    .map((combination) =>
      Object.entries(combination)
        .map(([code, genotype]) => `${code} ${displayGenotype(genotype) ?? genotype}`)
        .join(', '),
    )
    .join('; ');

export type GenotypeIssue = { index: number; key: MessageKey; params: MessageParams };

/**
 * Checks a template's genotype combinations against its gene codes: every row gives a valid genotype
 * for every gene and no other gene (genes match ignoring case), and no two rows are equal once
 * normalised ('Combinations {1} and {2} are equal!', 1-based rows). Answers the rows with canonical
 * gene codes and display genotypes, their keys, and the problems found (first one first).
 */
export function checkGenotypeCombinations(
  geneCodes: readonly string[],
  rows: readonly GenotypeCombination[],
): { rows: GenotypeCombination[]; keys: string[]; issues: GenotypeIssue[] } {
  const canonical = new Map(geneCodes.map((code) => [code.toLowerCase(), code]));
  const issues: GenotypeIssue[] = [];
  const result: GenotypeCombination[] = [];
  rows.forEach((row, index) => {
    const clean: GenotypeCombination = {};
    let valid = true;
    for (const [gene, genotype] of Object.entries(row)) {
      const code = canonical.get(gene.trim().toLowerCase());
      if (!code) {
        issues.push({ index, key: 'genotypeUnknownGene', params: { 1: index + 1, gene: gene.trim() } });
        valid = false;
        continue;
      }
      // An empty cell is a genotype missing, not one written wrong.
      if (String(genotype ?? '').trim() === '') {
        issues.push({ index, key: 'genotypeMissingGene', params: { 1: index + 1, gene: code } });
        valid = false;
        continue;
      }
      const shown = displayGenotype(String(genotype ?? ''));
      if (!shown) {
        issues.push({
          index,
          key: 'invalidGenotype',
          params: { 1: index + 1, gene: code, genotype: String(genotype ?? '') },
        });
        valid = false;
        continue;
      }
      clean[code] = shown;
    }
    for (const code of geneCodes) {
      if (valid && !(code in clean)) {
        issues.push({ index, key: 'genotypeMissingGene', params: { 1: index + 1, gene: code } });
        valid = false;
      }
    }
    result.push(clean);
  });
  const keys = result.map(genotypeCombinationKey);
  if (issues.length === 0) {
    const firstRow = new Map<string, number>();
    keys.forEach((key, index) => {
      const earlier = firstRow.get(key);
      if (earlier === undefined) firstRow.set(key, index);
      else issues.push({ index, key: 'genotypeCombinationsEqual', params: { 1: earlier + 1, 2: index + 1 } });
    });
  }
  return { rows: result, keys, issues };
}

// Request schemas

/** An optional reference: a positive id; 0, null and '' mean none (the wizard's "new" choice). */
const optionalRef = z.preprocess(
  (v) => (v === 0 || v === '0' || v === '' || v === null ? undefined : v),
  idSchema.optional(),
);
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === null ? undefined : v),
    z.string({ error: 'invalidValue' }).trim().max(max, 'invalidValue').optional(),
  );
/** Rich-text HTML; the server sanitises it before storing. */
const richText = (max = 200_000) => z.string({ error: 'invalidValue' }).max(max, 'invalidValue');
const nullToUndefined = (v: unknown) => (v === null ? undefined : v);

export const genotypeCombinationsSchema = z
  .array(
    z.record(z.string().max(50, 'invalidValue'), z.string({ error: 'invalidValue' }).max(50, 'invalidValue')),
    {
      error: 'genotypeCombinationsRequired',
    },
  )
  .min(1, 'genotypeCombinationsRequired')
  .max(500, 'invalidValue');

/**
 * PUT admin/templates/create. Category, subcategory and gene combination each by an existing id or a
 * new name (a new gene combination: comma-separated codes in `geneCombination`, `phenotype`, `gender`,
 * and its `clinicalWeight`, health risk (2) when left out; ignored with an existing one).
 * `UserId` is accepted for compatibility; the author recorded is the signed-in caller.
 * Genotypes of a gene the marker map knows are written on the map's plus strand (issue 34).
 */
export const createTemplateRequestSchema = z
  .object({
    categoryId: optionalRef,
    category: optionalText(200),
    /** A new category's English name; the Czech one when left out. */
    categoryEn: optionalText(200),
    subCategoryId: optionalRef,
    subCategory: optionalText(200),
    subCategoryEn: optionalText(200),
    geneCombinationId: optionalRef,
    geneCombination: optionalText(1000),
    phenotype: optionalText(200),
    phenotypeEn: optionalText(200),
    gender: z.preprocess(nullToUndefined, genderSchema.optional()),
    clinicalWeight: z.preprocess(nullToUndefined, clinicalWeightSchema.optional()),
    genotypeCombinations: genotypeCombinationsSchema,
    templateText: requiredRichText(),
    templateEnText: z.preprocess(nullToUndefined, richText().optional()),
    note: z.preprocess(
      nullToUndefined,
      z.string({ error: 'invalidValue' }).max(5000, 'invalidValue').optional(),
    ),
    UserId: optionalRef,
    risk: riskSchema,
    /** Its finding is released only after a consultation with the customer (issue 35); false when left out. */
    requiresConsultation: z.boolean({ error: 'invalidValue' }).optional(),
  })
  .superRefine((value, ctx) => {
    const required = (path: string) => ctx.addIssue({ code: 'custom', path: [path], message: 'required' });
    if (value.geneCombinationId) return;
    if (!value.geneCombination) required('geneCombination');
    if (!value.phenotype) required('phenotype');
    if (value.gender === undefined) required('gender');
    if (!value.subCategoryId && !value.subCategory) required('subCategory');
    if (!value.subCategoryId && !value.categoryId && !value.category) required('category');
  });
export type CreateTemplateRequest = z.input<typeof createTemplateRequestSchema>;
export type CreateTemplateInput = z.output<typeof createTemplateRequestSchema>;

/** PATCH admin/templates/edit: fields left out stay as they are; `emailBody` is e-mailed to affected customers. */
export const editTemplateRequestSchema = z.object({
  templateId: idSchema,
  genotypeCombinations: genotypeCombinationsSchema.optional(),
  templateText: requiredRichText().optional(),
  templateEnText: z.preprocess(nullToUndefined, richText().optional()),
  note: z.string({ error: 'invalidValue' }).max(5000, 'invalidValue').nullish(),
  risk: riskSchema.optional(),
  /** Its finding is released only after a consultation with the customer (issue 35). */
  requiresConsultation: z.boolean({ error: 'invalidValue' }).optional(),
  emailBody: z.string({ error: 'invalidValue' }).max(100_000, 'invalidValue').nullish(),
});
export type EditTemplateRequest = z.input<typeof editTemplateRequestSchema>;
export type EditTemplateInput = z.output<typeof editTemplateRequestSchema>;

/**
 * POST admin/templates/validate-genotype-combinations: the rows against an existing gene combination
 * (`geneCombinationId`, or the template's when `templateId` is given: that template's own rows don't
 * conflict), or against new comma-separated codes (`geneCombination`).
 */
export const validateGenotypeCombinationsRequestSchema = z
  .object({
    geneCombinationId: optionalRef,
    geneCombination: optionalText(1000),
    templateId: optionalRef,
    genotypeCombinations: genotypeCombinationsSchema,
  })
  .superRefine((value, ctx) => {
    if (!value.geneCombinationId && !value.templateId && !value.geneCombination)
      ctx.addIssue({ code: 'custom', path: ['geneCombination'], message: 'required' });
  });
export type ValidateGenotypeCombinationsRequest = z.input<typeof validateGenotypeCombinationsRequestSchema>;

/** POST admin/genecombinations/validate-gene-combination: `GeneCombinationId` is the one being edited, if any. */
export const validateGeneCombinationRequestSchema = z.object({
  GeneCombination: requiredText(1000),
  GeneCombinationId: optionalRef,
});
export type ValidateGeneCombinationRequest = z.input<typeof validateGeneCombinationRequestSchema>;

/**
 * PATCH admin/genecombinations/edit: fields left out stay; `Risk` is the default template's risk,
 * `ClinicalWeight` how grave the phenotype is (`ClinicalWeight`, 1–4).
 */
export const editGeneCombinationRequestSchema = z.object({
  GeneCombinationId: idSchema,
  Description: z.string({ error: 'invalidValue' }).max(200_000, 'invalidValue').nullish(),
  DescriptionEn: z.string({ error: 'invalidValue' }).max(200_000, 'invalidValue').nullish(),
  Phenotype: requiredText(200).optional(),
  PhenotypeEn: z.string({ error: 'invalidValue' }).trim().max(200, 'invalidValue').nullish(),
  DefaultTemplate: z.string({ error: 'invalidValue' }).max(200_000, 'invalidValue').nullish(),
  DefaultTemplateEn: z.string({ error: 'invalidValue' }).max(200_000, 'invalidValue').nullish(),
  Risk: riskSchema.nullish(),
  GeneCombination: requiredText(1000).optional(),
  Gender: genderSchema.optional(),
  ClinicalWeight: clinicalWeightSchema.optional(),
});
export type EditGeneCombinationRequest = z.input<typeof editGeneCombinationRequestSchema>;
export type EditGeneCombinationInput = z.output<typeof editGeneCombinationRequestSchema>;

/** PATCH admin/templatecategories/edit: fields left out stay. */
export const editTemplateCategoryRequestSchema = z.object({
  CategoryId: idSchema,
  Name: requiredText(200).optional(),
  NameEn: z.string({ error: 'invalidValue' }).trim().max(200, 'invalidValue').nullish(),
  Description: z.string({ error: 'invalidValue' }).max(200_000, 'invalidValue').nullish(),
  DescriptionEn: z.string({ error: 'invalidValue' }).max(200_000, 'invalidValue').nullish(),
  References: z.string({ error: 'invalidValue' }).max(200_000, 'invalidValue').nullish(),
});
export type EditTemplateCategoryRequest = z.input<typeof editTemplateCategoryRequestSchema>;
export type EditTemplateCategoryInput = z.output<typeof editTemplateCategoryRequestSchema>;

export const categoryIdQuerySchema = z.object({ CategoryId: idSchema });
export const templateIdQuerySchema = z.object({ Id: idSchema });
export const geneCombinationIdQuerySchema = z.object({ GeneCombinationId: idSchema });
export const templateCategoryIdQuerySchema = z.object({ TemplateCategoryId: idSchema });

export const templateSortFields = [
  'id',
  'category',
  'subCategory',
  'phenotype',
  'risk',
  'gender',
  'customerCount',
  'createdAt',
  'updatedAt',
] as const;
export const templateListQuerySchema = listQuerySchema.extend({
  categoryId: numeric(z.number().int().positive()).optional(),
  subCategoryId: numeric(z.number().int().positive()).optional(),
  geneCombinationId: numeric(z.number().int().positive()).optional(),
  risk: riskSchema.optional(),
  gender: genderSchema.optional(),
  locale: localeSchema.optional(),
});
export type TemplateListQuery = z.infer<typeof templateListQuerySchema>;

export const geneCombinationSortFields = [
  'phenotype',
  'combinationGeneCode',
  'gender',
  'category',
  'subCategory',
  'defaultTemplateRisk',
  'templateCount',
  'createdAt',
] as const;
export const geneCombinationListQuerySchema = listQuerySchema.extend({
  categoryId: numeric(z.number().int().positive()).optional(),
  subCategoryId: numeric(z.number().int().positive()).optional(),
  gender: genderSchema.optional(),
  locale: localeSchema.optional(),
});
export type GeneCombinationListQuery = z.infer<typeof geneCombinationListQuerySchema>;

export const templateCategorySortFields = ['name', 'nameEn', 'geneCombinationCount', 'createdAt'] as const;
export const templateCategoryListQuerySchema = listQuerySchema.extend({ locale: localeSchema.optional() });
export type TemplateCategoryListQuery = z.infer<typeof templateCategoryListQuerySchema>;

// Response schemas

export const categoryRefSchema = z.object({ id: z.number().int(), name: z.string(), nameEn: z.string() });
export type CategoryRef = z.infer<typeof categoryRefSchema>;

/** getcategories / getsubcategories: `parentId` is null for a category. */
export const categoryOptionSchema = categoryRefSchema.extend({ parentId: z.number().int().nullable() });
export type CategoryOption = z.infer<typeof categoryOptionSchema>;

const userRefSchema = z.object({ id: z.number().int(), userName: z.string() }).nullable();

export const genotypeCombinationSchema = z.record(z.string(), z.string());

/** getgenecombinations: `combinationGeneCode` is the codes comma-separated, `geneCodes` the same as a list. */
export const geneCombinationOptionSchema = z.object({
  id: z.number().int(),
  combinationGeneCode: z.string(),
  geneCodes: z.array(z.string()),
  phenotype: z.string(),
  phenotypeEn: z.string(),
  gender: z.number().int(),
  /** `ClinicalWeight` 1–4. */
  clinicalWeight: z.number().int(),
  subCategoryId: z.number().int(),
});
export type GeneCombinationOption = z.infer<typeof geneCombinationOptionSchema>;

export const geneCombinationSummarySchema = geneCombinationOptionSchema.extend({
  category: categoryRefSchema,
  subCategory: categoryRefSchema,
  defaultTemplateRisk: z.number().int().nullable(),
  templateCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GeneCombinationSummary = z.infer<typeof geneCombinationSummarySchema>;

export const geneCombinationTemplateSchema = z.object({
  id: z.number().int(),
  risk: z.number().int(),
  genotypeCombinations: z.array(genotypeCombinationSchema),
  customerCount: z.number().int(),
});

export const geneCombinationDetailSchema = geneCombinationSummarySchema.extend({
  description: z.string(),
  descriptionEn: z.string(),
  defaultTemplate: z.string(),
  defaultTemplateEn: z.string(),
  templates: z.array(geneCombinationTemplateSchema),
});
export type GeneCombinationDetail = z.infer<typeof geneCombinationDetailSchema>;

export const templateSummarySchema = z.object({
  id: z.number().int(),
  category: categoryRefSchema,
  subCategory: categoryRefSchema,
  geneCombinationId: z.number().int(),
  phenotype: z.string(),
  phenotypeEn: z.string(),
  combinationGeneCode: z.string(),
  geneCodes: z.array(z.string()),
  gender: z.number().int(),
  risk: z.number().int(),
  /** A report with its finding is published only after a consultation, or with it withheld (issue 35). */
  requiresConsultation: z.boolean(),
  genotypeCombinations: z.array(genotypeCombinationSchema),
  customerCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

export const templateDetailSchema = templateSummarySchema.extend({
  templateText: z.string(),
  templateEnText: z.string(),
  note: z.string(),
  defaultTemplateRisk: z.number().int().nullable(),
  geneCombination: geneCombinationOptionSchema.extend({ defaultTemplateRisk: z.number().int().nullable() }),
  createdBy: userRefSchema,
  updatedBy: userRefSchema,
});
export type TemplateDetail = z.infer<typeof templateDetailSchema>;

export const editTemplateResponseSchema = z.object({
  template: templateDetailSchema,
  /** E-mails queued to customers whose published report uses the template. */
  emailsQueued: z.number().int(),
});
export type EditTemplateResponse = z.infer<typeof editTemplateResponseSchema>;

export const validateGenotypeCombinationsResponseSchema = z.object({
  valid: z.literal(true),
  genotypeCombinations: z.array(genotypeCombinationSchema),
});
export const validateGeneCombinationResponseSchema = z.object({
  valid: z.literal(true),
  combinationGeneCode: z.string(),
  geneCodes: z.array(z.string()),
});

export const templateCategoryTreeItemSchema = categoryRefSchema.extend({
  geneCombinationCount: z.number().int(),
  subcategories: z.array(categoryRefSchema.extend({ geneCombinationCount: z.number().int() })),
});
export type TemplateCategoryTreeItem = z.infer<typeof templateCategoryTreeItemSchema>;

export const templateCategoryDetailSchema = categoryRefSchema.extend({
  description: z.string(),
  descriptionEn: z.string(),
  references: z.string(),
  isSubcategory: z.boolean(),
  parentCategory: categoryRefSchema.nullable(),
  subcategories: z.array(categoryRefSchema),
  geneCombinationCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TemplateCategoryDetail = z.infer<typeof templateCategoryDetailSchema>;

export const deletedTemplateSchema = z.object({ id: z.number().int() });
export const deletedGeneCombinationSchema = z.object({
  id: z.number().int(),
  deletedTemplates: z.number().int(),
});
