import {
  type ClinicalWeight,
  clinicalWeightLabels,
  compareFindings,
  displayGenotype,
  type Locale,
  type NoCallReason,
  noCallGenotype,
  noCallReasonLabels,
  noCallReasons,
  reportNumberOf,
  zygosityLabels,
} from '@genodesk/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { ReportCompany } from '../../../config.js';
import type { Executor } from '../../../db/client.js';
import {
  barcodes,
  customerGenotypes,
  customers,
  products,
  productTypes,
  type ReportContent,
  samples,
  users,
} from '../../../db/schema/index.js';
import { notFound } from '../../../http/errors.js';
import type { MarkerNotations } from '../../templates/marker-notation.js';
import { contentNotations, readContent, summaryFindings } from '../report-view.js';
import {
  type ReportLabels,
  type RiskKey,
  reportLabels,
  reportLanguageOf,
  riskKeys,
  riskWords,
} from './labels.js';
import { type RichBlock, richTextAst } from './rich-text-ast.js';

type Risked = { risk: RiskKey; riskWord: string };

export type ReportGeneRow = {
  gene: string | null;
  code: string;
  /** HGVS c. on the transcript (the marker map's, else the lab file's). */
  hgvsC: string | null;
  protein: string | null;
  /**
   * The genotype as the clinician reads it (issue 34): the zygosity in words for a marker of the map,
   * "not determined (no call)" for a no-call, the alleles as given for a gene the map does not know.
   */
  genotype: string;
  /** Under it: the plus-strand alleles ("plus strand C/T"), or a no-call's cause. */
  detail: string | null;
};

/**
 * Everything the report PDF prints, already in the report's language and formatted (dates, risk
 * words): `report.typ` reads it as JSON and places it as text.
 */
export type ReportDocument = {
  lang: Locale;
  labels: ReportLabels;
  /** The laboratory's header (`COMPANY_*` settings); `idLabel` is "IČO" / "Company ID". */
  company: ReportCompany & { idLabel: string };
  customer: { name: string; dateOfBirth: string | null; barcode: string | null };
  sample: { receivedAt: string | null };
  report: { number: string; version: number; date: string; productType: string | null };
  /**
   * An amended report: the version it replaces, that version's issue date and verification code, and
   * why ("Amended report. Version 2 – replaces version 1 of 24 Nov 2026 (verification code …): …").
   */
  replaces: { version: number; date: string; code: string; reason: string } | null;
  intro: RichBlock[];
  reproductiveIntro: RichBlock[] | null;
  /**
   * The phenotypes with a high or medium risk and every fired combination, by `compareFindings`: the
   * graver clinical weight (`weight`, in words) first, then the graver risk.
   */
  summary: (Risked & { phenotype: string; category: string; weight: string; combination: boolean })[];
  combinations: (Risked & { name: string; text: RichBlock[] })[];
  categories: {
    name: string;
    subcategories: {
      name: string;
      phenotypes: (Risked & { name: string; text: RichBlock[]; genes: ReportGeneRow[] })[];
    }[];
  }[];
  /**
   * Phenotypes not determined (issue 34): a gene they need was not called (the content says so), each
   * gene with its cause, as the report screen lists them. The section advises a retest. A phenotype a
   * gene of which the lab's file does not name at all is left out, as on the screen (DOMAIN §2): lab
   * formats name every marker of the map (a missing one is an 'absent' no-call), the CSV what it tested.
   */
  notDetermined: { phenotype: string; category: string; genes: { code: string; cause: string }[] }[];
  /** The catalogue's texts as paragraphs of lines (a blank line starts a paragraph). */
  limitations: string[][];
  disclaimer: string[][];
  /** The physician who approved it, with their licence number (issue 35), and when. */
  approval: { doctor: string | null; licence: string | null; date: string | null };
  verification: { code: string; url: string; qrSvg: string };
  preliminary: boolean;
  preview: boolean;
};

/** What the document is made of, as read from the database (or made up by a benchmark). */
export type ReportSource = {
  productId: number;
  status: number;
  content: ReportContent;
  customerName: string;
  dateOfBirth: string | null;
  barcode: string | null;
  sampleReceivedAt: Date | null;
  productTypeName: string | null;
  productTypeNameEn: string | null;
  doctorIntro: string;
  doctorIntroReproductiveGenetics: string;
  doctorIntroReproductiveGeneticsEnabled: boolean;
  doctorName: string | null;
  /** The approving physician's licence number (none: not printed). */
  doctorLicence: string | null;
  publishedAt: Date | null;
  /** The customer's stored genotypes of the report's genes, by lower-cased code. */
  genes: Map<string, { name: string | null; hgvsC: string | null; protein: string | null }>;
  /** The marker map's notation of the report's genes (none: every genotype printed as given). */
  notations?: MarkerNotations;
};

export type ReportOptions = {
  locale: Locale;
  preview: boolean;
  /** The stored version's number (1 for a preview). */
  version?: number;
  /** The version this one replaces (its issue time and code), and why. */
  replaces?: { version: number; issuedAt: Date; code: string; reason: string } | null;
  /** When the report is dated (now for a preview). */
  date?: Date;
  verification: { code: string; url: string };
  /** The laboratory printed in the header (`config.reportCompany`). */
  company: ReportCompany;
  /** The catalogue's limitations and disclaimer in the report's language (report-texts.service.ts). */
  texts: { limitations: string; disclaimer: string };
};

/** Plain text as paragraphs (split at blank lines) of lines, blank ones dropped. */
export const textParagraphs = (text: string): string[][] =>
  text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0);

const dateFormats: Record<Locale, Intl.DateTimeFormat> = {
  cs: new Intl.DateTimeFormat('cs-CZ', {
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    timeZone: 'Europe/Prague',
  }),
  en: new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Prague',
  }),
};
/** A calendar day (`YYYY-MM-DD`, taken at noon UTC so no zone moves it) or an instant, in Prague. */
export const formatReportDate = (value: string | Date, locale: Locale) =>
  dateFormats[locale].format(typeof value === 'string' ? new Date(`${value}T12:00:00Z`) : value);

const asNoCallReason = (value: string | null | undefined): NoCallReason =>
  (noCallReasons as readonly string[]).includes(value ?? '') ? (value as NoCallReason) : 'noCall';

/** The document from its source: pure, so a benchmark can build one without a database. */
export async function reportDocumentFrom(
  source: ReportSource,
  options: ReportOptions,
): Promise<ReportDocument> {
  const { locale } = options;
  const en = locale === 'en';
  const pick = (cs: string, english: string | null | undefined) => (en && english ? english : cs);
  const risked = (risk: number | null, notAssessed = false): Risked => {
    const key: RiskKey =
      notAssessed || risk === null ? 'none' : (riskKeys[risk as keyof typeof riskKeys] ?? 'none');
    return { risk: key, riskWord: riskWords[locale][key] };
  };
  const labels = reportLabels[locale];
  const notations = source.notations ?? new Map();
  const content = readContent(source.content, notations);
  const weightWord = (weight: number) =>
    (clinicalWeightLabels[weight as ClinicalWeight] ?? clinicalWeightLabels[2])[locale];
  const cause = (reason: string | null | undefined) => noCallReasonLabels[asNoCallReason(reason)][locale];
  const categories = content.categories.map((c) => ({
    name: pick(c.name, c.nameEn),
    subcategories: c.subcategories.map((s) => ({
      name: pick(s.name, s.nameEn),
      phenotypes: s.phenotypes.map((p) => ({
        name: pick(p.phenotype, p.phenotypeEn),
        // A phenotype not determined has no text of its own: the report says why and what to do.
        text: p.notDetermined
          ? [{ t: 'p' as const, c: [{ text: labels.notDeterminedPhenotype, b: false, i: false, u: false }] }]
          : richTextAst(pick(p.text, p.textEn)),
        ...(p.notDetermined
          ? { risk: 'undetermined' as const, riskWord: riskWords[locale].undetermined }
          : risked(p.risk, p.notAssessed)),
        genes: p.genes.map((g): ReportGeneRow => {
          const stored = source.genes.get(g.code.toLowerCase());
          const noCall = g.genotype === noCallGenotype;
          const shown = displayGenotype(g.genotype) ?? g.genotype;
          return {
            gene: stored?.name ?? null,
            code: g.code,
            hgvsC: g.hgvsC || stored?.hgvsC || null,
            protein: stored?.protein ?? null,
            genotype: noCall
              ? zygosityLabels.noCall[locale]
              : g.zygosity
                ? zygosityLabels[g.zygosity][locale]
                : shown,
            detail: noCall ? cause(g.noCallReason) : g.zygosity ? `${labels.plusStrand} ${shown}` : null,
          };
        }),
      })),
    })),
  }));
  const summary = summaryFindings(content).map((finding) => ({
    phenotype: pick(finding.name, finding.nameEn),
    category:
      finding.kind === 'combination' ? labels.combinationFinding : pick(finding.category, finding.categoryEn),
    weight: weightWord(finding.clinicalWeight),
    combination: finding.kind === 'combination',
    ...risked(finding.risk),
  }));
  // Not determined: the content's phenotypes a gene of which was not called.
  const notDetermined = [
    ...content.categories.flatMap((c) =>
      c.subcategories.flatMap((s) =>
        s.phenotypes
          .filter((p) => p.notDetermined)
          .map((p) => ({
            phenotype: pick(p.phenotype, p.phenotypeEn),
            category: pick(c.name, c.nameEn),
            genes: p.genes
              .filter((g) => g.genotype === noCallGenotype)
              .map((g) => ({ code: g.code, cause: cause(g.noCallReason) })),
          })),
      ),
    ),
  ];
  const url = options.verification.url;
  return {
    lang: locale,
    labels,
    company: { ...options.company, idLabel: labels.companyId },
    customer: {
      name: source.customerName,
      dateOfBirth: source.dateOfBirth ? formatReportDate(source.dateOfBirth, locale) : null,
      barcode: source.barcode,
    },
    sample: {
      receivedAt: source.sampleReceivedAt ? formatReportDate(source.sampleReceivedAt, locale) : null,
    },
    report: {
      number: reportNumberOf(source.productId),
      version: options.version ?? 1,
      date: formatReportDate(options.date ?? new Date(), locale),
      productType: source.productTypeName ? pick(source.productTypeName, source.productTypeNameEn) : null,
    },
    replaces: options.replaces
      ? {
          version: options.replaces.version,
          date: formatReportDate(options.replaces.issuedAt, locale),
          code: options.replaces.code,
          reason: options.replaces.reason,
        }
      : null,
    intro: richTextAst(source.doctorIntro),
    reproductiveIntro: source.doctorIntroReproductiveGeneticsEnabled
      ? richTextAst(source.doctorIntroReproductiveGenetics)
      : null,
    summary,
    combinations: [...content.combinations].sort(compareFindings).map((c) => ({
      name: pick(c.name, c.nameEn),
      text: richTextAst(pick(c.text, c.textEn)),
      ...risked(c.risk),
    })),
    categories,
    notDetermined,
    limitations: textParagraphs(options.texts.limitations),
    disclaimer: textParagraphs(options.texts.disclaimer),
    approval: {
      doctor: source.doctorName,
      licence: source.doctorLicence,
      date: source.publishedAt ? formatReportDate(source.publishedAt, locale) : null,
    },
    verification: {
      code: options.verification.code,
      url,
      qrSvg: await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 0 }),
    },
    preliminary: source.status === 4,
    preview: options.preview,
  };
}

/**
 * The report's source in three queries: the report with its customer, sample, barcode, type and
 * doctor; the customer's stored genotypes of the report's genes; the marker map's notation of them.
 * 404 when there is no such report.
 */
export async function readReportSource(db: Executor, productId: number) {
  const [row] = await db
    .select({
      productId: products.id,
      status: products.status,
      content: products.content,
      customerId: customers.id,
      customerFirstName: customers.name,
      customerSurname: customers.surname,
      customerGender: customers.gender,
      language: customers.language,
      dateOfBirth: customers.dateOfBirth,
      barcode: barcodes.code,
      sampleReceivedAt: samples.receivedAt,
      productTypeName: productTypes.name,
      productTypeNameEn: productTypes.nameEn,
      doctorIntro: products.doctorIntro,
      doctorIntroReproductiveGenetics: products.doctorIntroReproductiveGenetics,
      doctorIntroReproductiveGeneticsEnabled: products.doctorIntroReproductiveGeneticsEnabled,
      doctorName: users.userName,
      doctorLicence: users.licenceNumber,
      publishedAt: products.publishedAt,
    })
    .from(products)
    .innerJoin(customers, eq(customers.id, products.customerId))
    .leftJoin(samples, eq(samples.id, products.sampleId))
    .leftJoin(barcodes, eq(barcodes.id, samples.barcodeId))
    .leftJoin(productTypes, eq(productTypes.id, products.productTypeId))
    .leftJoin(users, eq(users.id, products.doctorId))
    .where(eq(products.id, productId));
  if (!row) throw notFound();

  const placed = row.content.categories.flatMap((c) => c.subcategories.flatMap((s) => s.phenotypes));
  const codes = [...new Set(placed.flatMap((p) => p.genes.map((g) => g.code.toLowerCase())))];
  const [geneRows, notations] = await Promise.all([
    codes.length === 0
      ? []
      : db
          .select({
            code: customerGenotypes.geneCode,
            name: customerGenotypes.geneName,
            hgvsC: customerGenotypes.hgvsC,
            protein: customerGenotypes.protein,
          })
          .from(customerGenotypes)
          .where(
            and(
              eq(customerGenotypes.customerId, row.customerId),
              inArray(sql`lower(${customerGenotypes.geneCode})`, codes),
            ),
          )
          .orderBy(asc(customerGenotypes.id)),
    contentNotations(db, row.content),
  ]);
  const genes: ReportSource['genes'] = new Map();
  for (const gene of geneRows) genes.set(gene.code.toLowerCase(), gene);

  const source: ReportSource = {
    ...row,
    customerName: `${row.customerFirstName} ${row.customerSurname}`,
    genes,
    notations,
  };
  return { source, language: reportLanguageOf(row.language), customerId: row.customerId };
}
