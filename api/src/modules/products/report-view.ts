import {
  ClinicalWeight,
  compareFindings,
  type NotDeterminedPhenotype,
  noCallGenotype,
  type Product,
  type ReportCategory,
  type ReportFinding,
  type ReportPhenotype,
} from '@genodesk/contract';
import { type AnyColumn, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { ReportContent } from '../../db/schema/index.js';
import { reportContent } from '../results/generation.js';
import { genotypeReading, loadMarkerNotations, type MarkerNotations } from '../templates/marker-notation.js';

/**
 * The report's content as the screens (and the PDF) read it (issue 34): every phenotype's genes with
 * how the clinician reads them (HGVS c., zygosity, gene-strand alleles, a no-call's reason) and the
 * marker map's notation, the clinical weight (2 where an older content has none), `notDetermined`
 * (false where absent; such a phenotype is never "not assessed" and carries no risk).
 */
export type ReadContent = {
  categories: ReportCategory[];
  combinations: Product['combinations'];
};

/** Every gene code the content's phenotypes read, lower-cased, once. */
export const contentCodes = (content: Pick<ReportContent, 'categories'>) => [
  ...new Set(
    content.categories.flatMap((category) =>
      category.subcategories.flatMap((subcategory) =>
        subcategory.phenotypes.flatMap((phenotype) => phenotype.genes.map((gene) => gene.code.toLowerCase())),
      ),
    ),
  ),
];

/**
 * The gene codes a report's content reads (lower-cased), in SQL: the report's own query reads their
 * genotypes and notations with it (issue 38) — the same codes as `contentCodes`.
 */
export const contentCodesSql = (content: AnyColumn) =>
  sql`(select lower(code #>> '{}') from jsonb_path_query(${content},
    '$.categories[*].subcategories[*].phenotypes[*].genes[*].code') code)`;

/** The marker map's notations of every gene the content reads: one query. */
export const contentNotations = (db: Executor, content: Pick<ReportContent, 'categories'>) =>
  loadMarkerNotations(db, contentCodes(content));

const weightOf = (value: number | undefined) =>
  value !== undefined && value >= ClinicalWeight.ActionableMedical && value <= ClinicalWeight.WellnessTrait
    ? value
    : ClinicalWeight.HealthRisk;

/** One phenotype as read (see `ReadContent`). */
function readPhenotype(
  phenotype: ReturnType<
    typeof reportContent
  >['categories'][number]['subcategories'][number]['phenotypes'][number],
  notations: MarkerNotations,
): ReportPhenotype {
  const notDetermined = phenotype.notDetermined === true;
  return {
    geneCombinationId: phenotype.geneCombinationId,
    phenotype: phenotype.phenotype,
    phenotypeEn: phenotype.phenotypeEn,
    templateId: notDetermined ? null : phenotype.templateId,
    risk: notDetermined ? null : phenotype.risk,
    text: phenotype.text,
    textEn: phenotype.textEn,
    genes: phenotype.genes.map((gene) => {
      const notation = notations.get(gene.code.toLowerCase());
      return {
        code: gene.code,
        genotype: gene.genotype,
        ...genotypeReading(notations, gene),
        notation: notation
          ? {
              reference: notation.reference,
              alternative: notation.alternative,
              geneStrand: notation.geneStrand,
              hgvsC: notation.hgvsC,
            }
          : null,
      };
    }),
    clinicalWeight: weightOf(phenotype.clinicalWeight),
    notDetermined,
    notAssessed: !notDetermined && phenotype.notAssessed,
    assessedBy: notDetermined ? null : phenotype.assessedBy,
    requiresConsultation: phenotype.requiresConsultation,
    withheld: phenotype.withheld,
  };
}

/** The content as read, with the notations loaded for it (`contentNotations`). */
export function readContent(content: ReportContent, notations: MarkerNotations): ReadContent {
  const read = reportContent(content);
  return {
    categories: read.categories.map((category) => ({
      id: category.id,
      name: category.name,
      nameEn: category.nameEn,
      subcategories: category.subcategories.map((subcategory) => ({
        id: subcategory.id,
        name: subcategory.name,
        nameEn: subcategory.nameEn,
        phenotypes: subcategory.phenotypes.map((phenotype) => readPhenotype(phenotype, notations)),
      })),
    })),
    combinations: read.combinations.map((combination) => ({
      ruleId: combination.ruleId,
      name: combination.name,
      nameEn: combination.nameEn,
      risk: combination.risk,
      clinicalWeight: weightOf(combination.clinicalWeight),
      text: combination.text,
      textEn: combination.textEn,
      phenotypes: combination.phenotypes,
    })),
  };
}

const phenotypesOf = (category: ReportCategory) => category.subcategories.flatMap((s) => s.phenotypes);

/** Risks from the gravest: high, medium, low, protective (a protective effect is never the "highest risk"). */
const gravity: Record<number, number> = { 3: 4, 2: 3, 1: 2, 4: 1 };

/**
 * Per top category: how many phenotypes, the gravest risk of those assessed, how many are not
 * assessed and how many not determined (neither counts as the other, neither has a risk).
 */
export function categorySummary(content: ReadContent): Product['categories'] {
  return content.categories.map((category) => {
    const phenotypes = phenotypesOf(category);
    const risks = phenotypes
      .filter((p) => !p.notAssessed && !p.notDetermined)
      .map((p) => p.risk)
      .filter((risk): risk is number => risk !== null);
    return {
      id: category.id,
      name: category.name,
      nameEn: category.nameEn,
      phenotypeCount: phenotypes.length,
      highestRisk: risks.length
        ? risks.reduce((gravest, risk) => ((gravity[risk] ?? 0) > (gravity[gravest] ?? 0) ? risk : gravest))
        : null,
      notAssessedCount: phenotypes.filter((p) => p.notAssessed).length,
      notDeterminedCount: phenotypes.filter((p) => p.notDetermined).length,
    };
  });
}

/** The phenotypes no template matched and no doctor assessed. */
export const notAssessedPhenotypes = (content: ReadContent) =>
  content.categories.flatMap((category) =>
    phenotypesOf(category)
      .filter((p) => p.notAssessed)
      .map((p) => ({
        geneCombinationId: p.geneCombinationId,
        phenotype: p.phenotype,
        phenotypeEn: p.phenotypeEn,
      })),
  );

/** The phenotypes not determined, each with its genes not called and why. */
export const notDeterminedPhenotypes = (content: ReadContent): NotDeterminedPhenotype[] =>
  content.categories.flatMap((category) =>
    phenotypesOf(category)
      .filter((p) => p.notDetermined)
      .map((p) => ({
        geneCombinationId: p.geneCombinationId,
        phenotype: p.phenotype,
        phenotypeEn: p.phenotypeEn,
        genes: p.genes
          .filter((gene) => gene.genotype === noCallGenotype)
          .map((gene) => ({ code: gene.code, noCallReason: gene.noCallReason ?? 'noCall' })),
      })),
  );

/** How many phenotypes of stored content are not assessed and not determined (the publication gate). */
export function openCounts(content: ReportContent) {
  const phenotypes = reportContent(content).categories.flatMap((c) =>
    c.subcategories.flatMap((s) => s.phenotypes),
  );
  // A phenotype the physician withheld (issue 35) is no open point: the report says "not reported".
  const open = phenotypes.filter((p) => !p.withheld);
  return {
    notAssessedCount: open.filter((p) => p.notAssessed && p.notDetermined !== true).length,
    notDeterminedCount: open.filter((p) => p.notDetermined === true).length,
  };
}

/** Risks a summary lists a phenotype for: high and medium (a combination is listed whatever its risk). */
const increasedRisks: readonly number[] = [3, 2];

/**
 * The summary (the report screen's and the PDF's): the phenotypes with an increased risk and every
 * fired combination rule, ordered by `compareFindings` — the graver clinical weight first, then the
 * graver risk; a combination before a phenotype of the same weight and risk, else in content order.
 */
export function summaryFindings(content: ReadContent): ReportFinding[] {
  const findings: ReportFinding[] = [
    ...content.combinations.map((c) => ({
      kind: 'combination' as const,
      id: c.ruleId,
      name: c.name,
      nameEn: c.nameEn,
      category: '',
      categoryEn: '',
      risk: c.risk,
      clinicalWeight: c.clinicalWeight,
    })),
    ...content.categories.flatMap((category) =>
      phenotypesOf(category)
        .filter(
          (p) => !p.notAssessed && !p.notDetermined && p.risk !== null && increasedRisks.includes(p.risk),
        )
        .map((p) => ({
          kind: 'phenotype' as const,
          id: p.geneCombinationId,
          name: p.phenotype,
          nameEn: p.phenotypeEn,
          category: category.name,
          categoryEn: category.nameEn,
          risk: p.risk as number,
          clinicalWeight: p.clinicalWeight,
        })),
    ),
  ];
  return findings.sort(compareFindings);
}

/** The content read for a screen: notations loaded once for every gene it reads. */
export async function loadReadContent(db: Executor, content: ReportContent) {
  const notations = await contentNotations(db, content);
  return { read: readContent(content, notations), notations };
}
