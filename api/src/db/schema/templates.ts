import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Categories and, one level below (parent set), their subcategories. */
export const templateCategories = pgTable(
  'template_categories',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => templateCategories.id),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    description: text('description').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    references: text('references').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One name per level and parent, whatever its case; also what makes "new name" creation race-safe.
    uniqueIndex('template_categories_name_key').on(sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`),
    index('template_categories_parent_id_idx').on(t.parentId),
    index('template_categories_name_en_idx').on(sql`lower(${t.nameEn})`),
    index('template_categories_created_at_idx').on(t.createdAt),
    index('template_categories_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.name} || ' ' || ${t.nameEn})) gin_trgm_ops`,
    ),
    check('template_categories_not_own_parent', sql`${t.parentId} is null or ${t.parentId} <> ${t.id}`),
  ],
);

/** A gene combination (phenotype): the genes a set of templates reads, with its default template. */
export const geneCombinations = pgTable(
  'gene_combinations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subcategoryId: bigint('subcategory_id', { mode: 'number' })
      .notNull()
      .references(() => templateCategories.id),
    /** The gene codes in the order given. */
    geneCodes: text('gene_codes').array().notNull(),
    /** The codes lower-cased, sorted, comma-joined: one gene combination per set of genes. */
    geneKey: text('gene_key').notNull(),
    phenotype: text('phenotype').notNull(),
    phenotypeEn: text('phenotype_en').notNull().default(''),
    description: text('description').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    gender: smallint('gender').notNull().default(3),
    defaultTemplate: text('default_template').notNull().default(''),
    defaultTemplateEn: text('default_template_en').notNull().default(''),
    defaultTemplateRisk: smallint('default_template_risk'),
    /** `ClinicalWeight` 1–4: how grave the phenotype is, before its risk (the summary's order). */
    clinicalWeight: smallint('clinical_weight').notNull().default(2),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gene_combinations_gene_key').on(t.geneKey),
    index('gene_combinations_subcategory_id_idx').on(t.subcategoryId),
    index('gene_combinations_phenotype_idx').on(sql`${t.phenotype} collate sort_cs nulls first`, t.id),
    index('gene_combinations_phenotype_en_idx').on(
      sql`coalesce(nullif(${t.phenotypeEn}, ''), ${t.phenotype}) collate sort_en nulls first`,
      t.id,
    ),
    index('gene_combinations_gender_idx').on(t.gender),
    index('gene_combinations_default_risk_idx').on(t.defaultTemplateRisk),
    index('gene_combinations_created_at_idx').on(t.createdAt),
    index('gene_combinations_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.phenotype} || ' ' || ${t.phenotypeEn} || ' ' || ${t.geneKey})) gin_trgm_ops`,
    ),
    check('gene_combinations_gender_range', sql`${t.gender} between 1 and 3`),
    check(
      'gene_combinations_default_risk_range',
      sql`${t.defaultTemplateRisk} is null or ${t.defaultTemplateRisk} between 1 and 4`,
    ),
    check('gene_combinations_has_genes', sql`cardinality(${t.geneCodes}) >= 1`),
    check('gene_combinations_clinical_weight_range', sql`${t.clinicalWeight} between 1 and 4`),
  ],
);

/** A template: the texts and risk of a gene combination for the genotype combinations it lists. */
export const templates = pgTable(
  'templates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    geneCombinationId: bigint('gene_combination_id', { mode: 'number' })
      .notNull()
      .references(() => geneCombinations.id, { onDelete: 'cascade' }),
    templateText: text('template_text').notNull(),
    templateEnText: text('template_en_text').notNull().default(''),
    note: text('note').notNull().default(''),
    risk: smallint('risk').notNull(),
    /**
     * A finding that must not reach the customer online before a consultation (issue 35, e.g. APOE
     * ε4/ε4): its report is published only once a consultation with the customer was held, or with
     * the phenotype withheld by the physician.
     */
    requiresConsultation: boolean('requires_consultation').notNull().default(false),
    /** Reports that use the template; kept by report generation. */
    customerCount: integer('customer_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The target of the genotype combinations' composite key, which pins them to this gene combination.
    unique('templates_id_gene_combination_key').on(t.id, t.geneCombinationId),
    index('templates_gene_combination_id_idx').on(t.geneCombinationId),
    index('templates_risk_idx').on(t.risk),
    index('templates_customer_count_idx').on(t.customerCount),
    index('templates_created_at_idx').on(t.createdAt),
    index('templates_updated_at_idx').on(t.updatedAt),
    check('templates_risk_range', sql`${t.risk} between 1 and 4`),
    check('templates_customer_count_positive', sql`${t.customerCount} >= 0`),
  ],
);

/**
 * One genotype combination of a template (gene code → genotype). The unique key over the gene
 * combination and the normalised genotypes keeps generation deterministic: no two templates of one
 * gene combination share an equal combination, even under concurrent writes.
 */
export const templateGenotypeCombinations = pgTable(
  'template_genotype_combinations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    templateId: bigint('template_id', { mode: 'number' }).notNull(),
    geneCombinationId: bigint('gene_combination_id', { mode: 'number' }).notNull(),
    position: smallint('position').notNull(),
    genotypes: jsonb('genotypes').$type<Record<string, string>>().notNull(),
    /** `gene=alleles;…`, genes lower-cased and sorted, alleles upper-cased and sorted. */
    genotypeKey: text('genotype_key').notNull(),
  },
  (t) => [
    foreignKey({
      name: 'template_genotype_combinations_template_fk',
      columns: [t.templateId, t.geneCombinationId],
      foreignColumns: [templates.id, templates.geneCombinationId],
    }).onDelete('cascade'),
    uniqueIndex('template_genotype_combinations_key').on(t.geneCombinationId, t.genotypeKey),
    index('template_genotype_combinations_template_idx').on(t.templateId, t.position),
  ],
);

/** One condition of a combination rule: the gene combination's phenotype resolved to one of these templates. */
export type CombinationCondition = { geneCombinationId: number; templateIds: number[] };

/**
 * A combination rule of the catalogue: when a report's phenotypes fulfil every condition (e.g. a factor V
 * Leiden variant and a prothrombin variant together), the report carries the rule's own risk and text.
 * Evaluated at generation and reanalysis.
 */
export const combinationRules = pgTable(
  'combination_rules',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    risk: smallint('risk').notNull(),
    /** `ClinicalWeight` 1–4, as a phenotype's. */
    clinicalWeight: smallint('clinical_weight').notNull().default(2),
    text: text('text').notNull(),
    textEn: text('text_en').notNull().default(''),
    conditions: jsonb('conditions').$type<CombinationCondition[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('combination_rules_name_key').on(sql`lower(${t.name})`),
    index('combination_rules_created_at_idx').on(t.createdAt),
    check('combination_rules_risk_range', sql`${t.risk} between 1 and 4`),
    check('combination_rules_clinical_weight_range', sql`${t.clinicalWeight} between 1 and 4`),
    check('combination_rules_two_conditions', sql`jsonb_array_length(${t.conditions}) >= 2`),
  ],
);

/**
 * The marker map (issue 23): where a gene code of the catalogue sits in the genome, so lab formats that
 * name positions (VCF, Illumina Final Report, consumer raw files) can be read into the catalogue's
 * genotypes. `reference` / `alternative` are VCF alleles on the plus strand, the notation every stored
 * genotype and every template uses (an indel as `I`/`D`); `geneStrand` says how HGVS c. reads them. Gene name, HGVS c., protein and transcript fill the stored gene information as the CSV would.
 */
export const markers = pgTable(
  'markers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    geneCode: text('gene_code').notNull(),
    rsid: text('rsid').notNull(),
    geneName: text('gene_name').notNull().default(''),
    hgvsC: text('hgvs_c').notNull().default(''),
    protein: text('protein').notNull().default(''),
    transcript: text('transcript').notNull().default(''),
    chromosome: text('chromosome').notNull(),
    positionGrch37: integer('position_grch37'),
    positionGrch38: integer('position_grch38'),
    reference: text('reference').notNull(),
    alternative: text('alternative').notNull(),
    /** The strand of the gene's transcript: '-' when HGVS c. reads the complement of the plus strand. */
    geneStrand: text('gene_strand').$type<'+' | '-'>().notNull().default('+'),
    /** A/T or C/G: the strand cannot be told from the alleles themselves. */
    strandAmbiguous: boolean('strand_ambiguous')
      .notNull()
      .generatedAlwaysAs(sql`upper(reference || alternative) in ('AT', 'TA', 'CG', 'GC')`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('markers_gene_code_key').on(sql`lower(${t.geneCode})`),
    index('markers_rsid_idx').on(sql`lower(${t.rsid})`),
    uniqueIndex('markers_grch37_key').on(t.chromosome, t.positionGrch37, t.reference, t.alternative),
    uniqueIndex('markers_grch38_key').on(t.chromosome, t.positionGrch38, t.reference, t.alternative),
    check('markers_position', sql`${t.positionGrch37} is not null or ${t.positionGrch38} is not null`),
    check(
      'markers_chromosome',
      sql`${t.chromosome} in ('1','2','3','4','5','6','7','8','9','10','11','12','13','14','15','16','17','18','19','20','21','22','X','Y','MT')`,
    ),
    check('markers_gene_strand', sql`${t.geneStrand} in ('+', '-')`),
    check(
      'markers_alleles',
      sql`${t.reference} ~ '^[ACGT]+$' and ${t.alternative} ~ '^[ACGT]+$' and ${t.reference} <> ${t.alternative}`,
    ),
  ],
);

/**
 * The texts every report PDF prints after the results (issue 22), one row, edited in the catalogue in
 * Czech and English; until saved the PDF uses the defaults in `report-pdf/labels.ts`.
 */
export const reportTexts = pgTable(
  'report_texts',
  {
    id: smallint('id').primaryKey().default(1),
    limitations: text('limitations').notNull(),
    limitationsEn: text('limitations_en').notNull(),
    disclaimer: text('disclaimer').notNull(),
    disclaimerEn: text('disclaimer_en').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('report_texts_one_row', sql`${t.id} = 1`)],
);
