import { displayGenotype, type Locale, noCallGenotype, reportNumberOf } from '@genodesk/contract';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { ReportCompany } from '../../../config.js';
import type { Executor } from '../../../db/client.js';
import {
  barcodes,
  customerGenotypes,
  customers,
  geneCombinations,
  products,
  productTypes,
  type ReportContent,
  samples,
  users,
} from '../../../db/schema/index.js';
import { notFound } from '../../../http/errors.js';
import { reportContent } from '../../results/generation.js';
import { category, subcategory } from '../../templates/catalogue.js';
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
  hgvsC: string | null;
  protein: string | null;
  genotype: string;
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
  /** A later version: which one it replaces and why ("Version 2 – replaces version 1: …"). */
  replaces: { version: number; reason: string } | null;
  intro: RichBlock[];
  reproductiveIntro: RichBlock[] | null;
  /** High risks first, then medium. */
  summary: (Risked & { phenotype: string; category: string })[];
  combinations: (Risked & { name: string; text: RichBlock[] })[];
  categories: {
    name: string;
    subcategories: {
      name: string;
      phenotypes: (Risked & { name: string; text: RichBlock[]; genes: ReportGeneRow[] })[];
    }[];
  }[];
  /** Phenotypes left out because a gene they need is missing from the customer's results (DOMAIN §2). */
  notDetermined: { phenotype: string; category: string }[];
  /** The catalogue's texts as paragraphs of lines (a blank line starts a paragraph). */
  limitations: string[][];
  disclaimer: string[][];
  approval: { doctor: string | null; date: string | null };
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
  publishedAt: Date | null;
  /** The customer's stored genotypes of the report's genes, by lower-cased code. */
  genes: Map<string, { name: string | null; hgvsC: string | null; protein: string | null }>;
  notDetermined: { phenotype: string; phenotypeEn: string; category: string; categoryEn: string }[];
};

export type ReportOptions = {
  locale: Locale;
  preview: boolean;
  /** The stored version's number (1 for a preview). */
  version?: number;
  /** The version this one replaces, and why. */
  replaces?: { version: number; reason: string } | null;
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

const gravity: Record<RiskKey, number> = { high: 3, medium: 2, low: 1, protective: 0, none: -1 };

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
  const content = reportContent(source.content);
  const categories = content.categories.map((c) => ({
    name: pick(c.name, c.nameEn),
    subcategories: c.subcategories.map((s) => ({
      name: pick(s.name, s.nameEn),
      phenotypes: s.phenotypes.map((p) => ({
        name: pick(p.phenotype, p.phenotypeEn),
        text: richTextAst(pick(p.text, p.textEn)),
        ...risked(p.risk, p.notAssessed),
        genes: p.genes.map((g) => {
          const stored = source.genes.get(g.code.toLowerCase());
          return {
            gene: stored?.name ?? null,
            code: g.code,
            hgvsC: stored?.hgvsC ?? null,
            protein: stored?.protein ?? null,
            genotype: displayGenotype(g.genotype) ?? g.genotype,
          };
        }),
      })),
    })),
  }));
  const summary = categories
    .flatMap((c) =>
      c.subcategories.flatMap((s) =>
        s.phenotypes
          .filter((p) => p.risk === 'high' || p.risk === 'medium')
          .map((p) => ({ phenotype: p.name, category: c.name, risk: p.risk, riskWord: p.riskWord })),
      ),
    )
    .sort((a, b) => gravity[b.risk] - gravity[a.risk]);
  const labels = reportLabels[locale];
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
    replaces: options.replaces ?? null,
    intro: richTextAst(source.doctorIntro),
    reproductiveIntro: source.doctorIntroReproductiveGeneticsEnabled
      ? richTextAst(source.doctorIntroReproductiveGenetics)
      : null,
    summary,
    combinations: content.combinations.map((c) => ({
      name: pick(c.name, c.nameEn),
      text: richTextAst(pick(c.text, c.textEn)),
      ...risked(c.risk),
    })),
    categories,
    notDetermined: source.notDetermined.map((n) => ({
      phenotype: pick(n.phenotype, n.phenotypeEn),
      category: pick(n.category, n.categoryEn),
    })),
    limitations: textParagraphs(options.texts.limitations),
    disclaimer: textParagraphs(options.texts.disclaimer),
    approval: {
      doctor: source.doctorName,
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
 * doctor; the customer's stored genotypes of the report's genes; the catalogue's phenotypes left out
 * for a missing gene. 404 when there is no such report.
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
  const [geneRows, notDetermined] = await Promise.all([
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
    // DOMAIN §2: a phenotype of the customer's gender with a gene missing from their results is left
    // out of the content; the PDF names it "not determined".
    db
      .select({
        phenotype: geneCombinations.phenotype,
        phenotypeEn: geneCombinations.phenotypeEn,
        category: category.name,
        categoryEn: category.nameEn,
      })
      .from(geneCombinations)
      .innerJoin(subcategory, eq(subcategory.id, geneCombinations.subcategoryId))
      .innerJoin(category, eq(category.id, subcategory.parentId))
      .where(
        and(
          inArray(geneCombinations.gender, [3, row.customerGender]),
          placed.length
            ? notInArray(
                geneCombinations.id,
                placed.map((p) => p.geneCombinationId),
              )
            : undefined,
          sql`exists (select 1 from unnest(${geneCombinations.geneCodes}) as needed(code)
                       where lower(needed.code) not in (
                         select lower(g.gene_code) from customer_genotypes g
                          where g.customer_id = ${row.customerId} and g.genotype <> ${noCallGenotype}))`,
        ),
      )
      .orderBy(
        sql`lower(${category.name})`,
        sql`lower(${geneCombinations.phenotype})`,
        asc(geneCombinations.id),
      ),
  ]);
  const genes: ReportSource['genes'] = new Map();
  for (const gene of geneRows) genes.set(gene.code.toLowerCase(), gene);

  const source: ReportSource = {
    ...row,
    customerName: `${row.customerFirstName} ${row.customerSurname}`,
    genes,
    notDetermined,
  };
  return { source, language: reportLanguageOf(row.language), customerId: row.customerId };
}
