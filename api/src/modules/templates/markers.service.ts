import {
  type EditMarkerInput,
  inNotation,
  type Locale,
  type Marker,
  type MarkerImportReply,
  type MarkerInput,
  type MarkerListQuery,
  markerCsvColumns,
  maxMarkerImportBytes,
  notationAlleles,
  type Page,
} from '@genodesk/contract';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { insertMany } from '../../db/bulk.js';
import { type Database, type Executor, transaction } from '../../db/client.js';
import { likePattern, listPage, orderBy, pageLimit, pageStart } from '../../db/listing.js';
import { markers, users } from '../../db/schema/index.js';
import { type ExportColumn, exportTable } from '../../db/table-export.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import { type AuditEntry, auditMany } from '../audit/audit.js';
import type { MapMarker } from '../results/lab-formats/index.js';
import { uniqueViolation } from './catalogue.js';
import { type MarkerCsvIssue, parseMarkerCsv, positionKey, refusalFields } from './markers-csv.js';

/**
 * The marker map (issue 23): gene code → rsID, chromosome, positions in GRCh37 and GRCh38, the plus
 * strand's reference and alternative alleles (the notation of every genotype) and the gene's strand. Listed, edited,
 * exported and imported in the Templates area; `loadMarkerMap` hands it to the lab-format readers.
 */

/** A marker as the map reads it: what the lab-format readers need and the CSV export writes. */
const mapMarkerColumns = {
  geneCode: markers.geneCode,
  rsid: markers.rsid,
  geneName: markers.geneName,
  hgvsC: markers.hgvsC,
  protein: markers.protein,
  transcript: markers.transcript,
  chromosome: markers.chromosome,
  positionGrch37: markers.positionGrch37,
  positionGrch38: markers.positionGrch38,
  reference: markers.reference,
  alternative: markers.alternative,
  geneStrand: markers.geneStrand,
  strandAmbiguous: markers.strandAmbiguous,
};

/** The whole map, in gene-code order, for a results upload's readers. */
export async function loadMarkerMap(db: Executor): Promise<MapMarker[]> {
  return db.select(mapMarkerColumns).from(markers).orderBy(sql`lower(${markers.geneCode})`, markers.id);
}

// Reading

const markerColumns = {
  id: markers.id,
  ...mapMarkerColumns,
  createdAt: markers.createdAt,
  updatedAt: markers.updatedAt,
  updatedById: markers.updatedBy,
  updatedByName: users.userName,
};

/** The rows of `markerColumns`: the marker and the name of who changed it last. */
const selectMarkers = (db: Executor) =>
  db.select(markerColumns).from(markers).leftJoin(users, eq(users.id, markers.updatedBy));
type MarkerRow = Awaited<ReturnType<typeof selectMarkers>>[number];

const toMarker = ({ updatedById, updatedByName, ...row }: MarkerRow): Marker => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  updatedBy: updatedById ? { id: updatedById, userName: updatedByName ?? '' } : null,
});

/** Genomic order: chromosomes 1…22, X, Y, MT, then the position (GRCh38, else GRCh37). */
const genomicOrder = sql`(case ${markers.chromosome} when 'X' then 23 when 'Y' then 24 when 'MT' then 25
  else ${markers.chromosome}::int end)::bigint * 1000000000
  + coalesce(${markers.positionGrch38}, ${markers.positionGrch37}, 0)`;

const sortColumns: Record<string, SQL> = {
  // The expressions of the unique and rsID indexes: a page in gene code order reads the index.
  geneCode: sql`lower(${markers.geneCode})`,
  rsid: sql`lower(${markers.rsid})`,
  geneName: sql`lower(${markers.geneName})`,
  chromosome: genomicOrder,
  positionGrch37: sql`${markers.positionGrch37}`,
  positionGrch38: sql`${markers.positionGrch38}`,
  updatedAt: sql`${markers.updatedAt}`,
};

/** The list's filter: the search over gene code, rsID and gene name (ignoring case), and the chromosome. */
function markerFilter(query: { search?: string; chromosome?: string }): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      sql`(lower(${markers.geneCode}) like ${pattern} or lower(${markers.rsid}) like ${pattern}
        or lower(${markers.geneName}) like ${pattern})`,
    );
  }
  if (query.chromosome) conditions.push(eq(markers.chromosome, query.chromosome));
  return conditions.length ? and(...conditions) : undefined;
}

const markerOrder = (sort: string | undefined) => orderBy(sort, sortColumns, 'geneCode', sql`${markers.id}`);

/** `GET admin/templates/markers`: paged, sorted and searched in SQL. */
export async function listMarkers(db: Executor, query: MarkerListQuery): Promise<Page<Marker>> {
  const where = markerFilter(query);
  const rows = await selectMarkers(db)
    .where(where)
    .orderBy(markerOrder(query.sort))
    .limit(pageLimit(query))
    .offset(pageStart(query));
  const matches = db.select({ one: sql`1` }).from(markers).where(where);
  return listPage(db, query, rows.map(toMarker), matches);
}

/** `GET admin/templates/marker ?Id`. */
export async function getMarker(db: Executor, id: number): Promise<Marker> {
  const [row] = await selectMarkers(db).where(eq(markers.id, id));
  if (!row) throw notFound();
  return toMarker(row);
}

// Writing

/** The columns a request sets. */
const valuesOf = (input: MarkerInput) => ({
  geneCode: input.GeneCode,
  rsid: input.Rsid,
  geneName: input.GeneName,
  hgvsC: input.HgvsC,
  protein: input.Protein,
  transcript: input.Transcript,
  chromosome: input.Chromosome,
  positionGrch37: input.PositionGrch37,
  positionGrch38: input.PositionGrch38,
  reference: input.Reference,
  alternative: input.Alternative,
  geneStrand: input.GeneStrand,
});
type MarkerValues = ReturnType<typeof valuesOf>;
const auditedFields = Object.keys(valuesOf({} as MarkerInput)) as (keyof MarkerValues)[];

/** The changed fields of a marker, for the audit log. */
const changesOf = (before: Record<keyof MarkerValues, unknown>, after: MarkerValues) =>
  auditedFields
    .filter((field) => before[field] !== after[field])
    .map((field) => ({ field, oldValue: before[field], newValue: after[field] }));

/**
 * Marker writes take turns (the map changes rarely): the checks below then see every other write, and
 * an import's check of the whole file holds until it commits. Readers are not held up.
 */
const lockMap = (tx: Executor) => tx.execute(sql`lock table markers in share row exclusive mode`);

const positionTaken = (values: MarkerValues, build: 37 | 38, holder: { geneCode: string }): AppError =>
  conflict(`markerPositionTaken`, build === 37 ? 'PositionGrch37' : 'PositionGrch38', {
    chromosome: values.chromosome,
    position: (build === 37 ? values.positionGrch37 : values.positionGrch38) ?? '',
    build: `${build}`,
    reference: values.reference,
    alternative: values.alternative,
    geneCode: holder.geneCode,
  });

/** 409 when another marker has the gene code (any case) or a position with the same alleles. */
async function ensureFree(tx: Executor, values: MarkerValues, exceptId?: number) {
  const others = exceptId ? ne(markers.id, exceptId) : undefined;
  const [sameCode] = await tx
    .select({ geneCode: markers.geneCode })
    .from(markers)
    .where(and(sql`lower(${markers.geneCode}) = ${values.geneCode.toLowerCase()}`, others));
  if (sameCode) throw conflict('markerGeneCodeTaken', 'GeneCode', { geneCode: sameCode.geneCode });
  for (const build of [37, 38] as const) {
    const column = build === 37 ? markers.positionGrch37 : markers.positionGrch38;
    const position = build === 37 ? values.positionGrch37 : values.positionGrch38;
    if (position === null) continue;
    const [holder] = await tx
      .select({ geneCode: markers.geneCode })
      .from(markers)
      .where(
        and(
          eq(markers.chromosome, values.chromosome),
          eq(column, position),
          eq(markers.reference, values.reference),
          eq(markers.alternative, values.alternative),
          others,
        ),
      );
    if (holder) throw positionTaken(values, build, holder);
  }
}

/**
 * The catalogue's template genotypes of these gene codes (any case) that a marker's new alleles would not
 * write (issue 34: templates are on the plus strand of the map): one query over the templates' genotype
 * combinations, small beside the customers' genotypes.
 */
async function contradictedTemplates(tx: Executor, values: MarkerValues[]) {
  if (values.length === 0) return [];
  const byCode = new Map(values.map((value) => [value.geneCode.toLowerCase(), value]));
  const rows = await tx.execute<{ code: string; genotype: string; template_id: number }>(sql`
    select distinct lower(g.key) as code, g.value as genotype, t.template_id
      from template_genotype_combinations t, jsonb_each_text(t.genotypes) g
     where ${inArray(sql`lower(g.key)`, [...byCode.keys()])}`);
  return rows.rows
    .filter((row) => !inNotation(byCode.get(row.code) as MarkerValues, row.genotype))
    .map((row) => ({ ...row, marker: byCode.get(row.code) as MarkerValues }));
}

const contradictionParams = (found: { genotype: string; template_id: number; marker: MarkerValues }) => ({
  geneCode: found.marker.geneCode,
  genotype: found.genotype,
  template: found.template_id,
  ...notationAlleles(found.marker),
});

/** 409 when a template of the catalogue writes the gene in alleles the marker would not have. */
async function ensureCatalogueAgrees(tx: Executor, values: MarkerValues) {
  const [found] = await contradictedTemplates(tx, [values]);
  if (found) throw conflict('markerContradictsTemplates', 'Reference', contradictionParams(found));
}

/** A unique violation the checks did not foresee answers as they would have. */
const asConflict =
  (values: MarkerValues) =>
  (error: unknown): never => {
    const constraint = uniqueViolation(error)?.constraint;
    if (constraint === 'markers_gene_code_key')
      throw conflict('markerGeneCodeTaken', 'GeneCode', { geneCode: values.geneCode });
    if (constraint === 'markers_grch37_key') throw positionTaken(values, 37, { geneCode: '?' });
    if (constraint === 'markers_grch38_key') throw positionTaken(values, 38, { geneCode: '?' });
    throw error;
  };

/** `POST admin/templates/markers`: a new marker; audited. */
export async function createMarker(db: Database, by: Principal, input: MarkerInput): Promise<Marker> {
  const values = valuesOf(input);
  const id = await transaction(db, async (tx) => {
    await lockMap(tx);
    await ensureFree(tx, values);
    await ensureCatalogueAgrees(tx, values);
    const [row] = await tx
      .insert(markers)
      .values({ ...values, createdBy: by.id, updatedBy: by.id })
      .returning({ id: markers.id })
      .catch(asConflict(values));
    if (!row) throw new Error('marker insert returned nothing');
    await auditMany(tx, [
      {
        entity: 'marker',
        entityId: row.id,
        changedBy: by.id,
        changes: [{ field: 'created', oldValue: null, newValue: values.geneCode }],
      },
    ]);
    return row.id;
  });
  return getMarker(db, id);
}

/** `PUT admin/templates/markers`: every field of the marker; each changed one audited. */
export async function editMarker(db: Database, by: Principal, input: EditMarkerInput): Promise<Marker> {
  const values = valuesOf(input);
  await transaction(db, async (tx) => {
    await lockMap(tx);
    const [before] = await tx.select().from(markers).where(eq(markers.id, input.Id)).for('update');
    if (!before) throw notFound();
    const changes = changesOf(before, values);
    if (changes.length === 0) return;
    await ensureFree(tx, values, input.Id);
    await ensureCatalogueAgrees(tx, values);
    await tx
      .update(markers)
      .set({ ...values, updatedBy: by.id, updatedAt: new Date() })
      .where(eq(markers.id, input.Id))
      .catch(asConflict(values));
    await auditMany(tx, [{ entity: 'marker', entityId: input.Id, changedBy: by.id, changes }]);
  });
  return getMarker(db, input.Id);
}

/** `DELETE admin/templates/markers ?Id`: lab files no longer give that gene code; audited. */
export async function deleteMarker(db: Database, by: Principal, id: number) {
  return transaction(db, async (tx) => {
    const [row] = await tx
      .delete(markers)
      .where(eq(markers.id, id))
      .returning({ id: markers.id, geneCode: markers.geneCode });
    if (!row) throw notFound();
    await auditMany(tx, [
      {
        entity: 'marker',
        entityId: id,
        changedBy: by.id,
        changes: [{ field: 'deleted', oldValue: row.geneCode, newValue: null }],
      },
    ]);
    return { id };
  });
}

// CSV

type Raw = Record<string, unknown>;
const cellText = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const rawColumn: Record<(typeof markerCsvColumns)[number], string> = {
  GeneCode: 'gene_code',
  Rsid: 'rsid',
  GeneName: 'gene_name',
  HgvsC: 'hgvs_c',
  Protein: 'protein',
  Transcript: 'transcript',
  Chromosome: 'chromosome',
  PositionGrch37: 'position_grch37',
  PositionGrch38: 'position_grch38',
  Reference: 'reference',
  Alternative: 'alternative',
  GeneStrand: 'gene_strand',
  StrandAmbiguous: 'strand_ambiguous',
};
/** The map's columns under the same names in both languages: the import reads them back whatever the language. */
const csvColumns: ExportColumn<Raw>[] = markerCsvColumns.map((column) => ({
  header: { cs: column, en: column },
  cell: (row: Raw) => cellText(row[rawColumn[column]]),
}));

/**
 * `GET admin/templates/markers/export`: the map (with the list's search, chromosome and sort, the whole
 * map without them) as CSV, streamed through a cursor; cells that a spreadsheet would run are defused.
 */
export function exportMarkers(
  db: Database,
  query: { search?: string; chromosome?: string; sort?: string },
  locale: Locale,
) {
  return exportTable(db, {
    query: db
      .select(mapMarkerColumns)
      .from(markers)
      .where(markerFilter(query))
      .orderBy(markerOrder(query.sort)),
    toRow: (raw) => raw,
    columns: csvColumns,
    sheet: { cs: 'Mapa markerů', en: 'Marker map' },
    fileStem: 'marker-map',
    format: 'csv',
    locale,
  });
}

/** 422 naming every bad line of the file (in the caller's language); nothing was written. */
function refused(issues: readonly MarkerCsvIssue[], locale: Locale): AppError {
  const { fields, badLines } = refusalFields(issues, locale);
  return new AppError(422, 'IMPORT_REFUSED', 'markerImportRefused', fields, { count: badLines });
}

/**
 * `POST admin/templates/markers/import`: the CSV of the map (the export's columns, a header first,
 * comma or semicolon). Every row is checked, against the others and against the markers the file does
 * not name; one bad row refuses the whole file with each bad line and its reason. Otherwise the rows
 * are upserted by gene code (ignoring case) in one transaction, every change audited.
 */
export async function importMarkers(
  db: Database,
  by: Principal,
  bytes: Uint8Array,
  locale: Locale,
): Promise<MarkerImportReply> {
  if (bytes.length > maxMarkerImportBytes)
    throw new AppError(400, 'TOO_LARGE', 'markerImportTooLarge', undefined, {
      max: maxMarkerImportBytes / 1024 / 1024,
    });
  const parsed = parseMarkerCsv(bytes);
  if (!parsed.ok) throw refused(parsed.issues, locale);
  const rows = parsed.rows.map(({ line, marker }) => ({ line, values: valuesOf(marker) }));

  return transaction(db, async (tx) => {
    await lockMap(tx);
    const existing = await tx.select().from(markers);
    const byCode = new Map(existing.map((row) => [row.geneCode.toLowerCase(), row]));
    const named = new Set(rows.map((row) => row.values.geneCode.toLowerCase()));

    // The markers the file leaves as they are keep their positions: a row may not take one.
    const issues: MarkerCsvIssue[] = [];
    const kept = { 37: new Map<string, string>(), 38: new Map<string, string>() };
    for (const row of existing) {
      if (named.has(row.geneCode.toLowerCase())) continue;
      const asInput = { Chromosome: row.chromosome, Reference: row.reference, Alternative: row.alternative };
      const key37 = positionKey(asInput, row.positionGrch37);
      const key38 = positionKey(asInput, row.positionGrch38);
      if (key37) kept[37].set(key37, row.geneCode);
      if (key38) kept[38].set(key38, row.geneCode);
    }
    for (const { line, values } of rows) {
      const asInput = {
        Chromosome: values.chromosome,
        Reference: values.reference,
        Alternative: values.alternative,
      };
      for (const build of [37, 38] as const) {
        const key = positionKey(asInput, build === 37 ? values.positionGrch37 : values.positionGrch38);
        const holder = key && kept[build].get(key);
        if (holder)
          issues.push({ line, key: 'markerImportPositionTaken', params: { line, build, geneCode: holder } });
      }
    }
    const lineOf = new Map(rows.map(({ line, values }) => [values.geneCode.toLowerCase(), line]));
    for (const found of await contradictedTemplates(
      tx,
      rows.map((row) => row.values),
    )) {
      const line = lineOf.get(found.code) ?? 0;
      issues.push({
        line,
        key: 'markerImportContradictsTemplates',
        params: { line, ...contradictionParams(found) },
      });
    }
    if (issues.length) throw refused(issues, locale);

    const created: MarkerValues[] = [];
    const updated: { id: number; values: MarkerValues }[] = [];
    const audits: AuditEntry[] = [];
    for (const { values } of rows) {
      const before = byCode.get(values.geneCode.toLowerCase());
      if (!before) {
        created.push(values);
        continue;
      }
      const changes = changesOf(before, values);
      if (changes.length === 0) continue;
      updated.push({ id: before.id, values });
      audits.push({ entity: 'marker', entityId: before.id, changedBy: by.id, changes });
    }

    if (updated.length) {
      const ids = updated.map((row) => row.id);
      // Unique indexes are checked row by row: markers that trade places are first parked where no
      // position can be (each at minus its id), then all set at once.
      await tx
        .update(markers)
        .set({ positionGrch37: null, positionGrch38: sql`-${markers.id}` })
        .where(inArray(markers.id, ids));
      const data = JSON.stringify(updated.map(({ id, values }) => ({ id, ...values })));
      await tx.execute(sql`
        update markers set
          gene_code = x."geneCode", rsid = x.rsid, gene_name = x."geneName", hgvs_c = x."hgvsC",
          protein = x.protein, transcript = x.transcript, chromosome = x.chromosome,
          position_grch37 = x."positionGrch37", position_grch38 = x."positionGrch38",
          reference = x.reference, alternative = x.alternative,
          gene_strand = x."geneStrand",
          updated_by = ${by.id}, updated_at = now()
        from jsonb_to_recordset(${data}::jsonb) as x(
          id bigint, "geneCode" text, rsid text, "geneName" text, "hgvsC" text, protein text,
          transcript text, chromosome text, "positionGrch37" integer, "positionGrch38" integer,
          reference text, alternative text, "geneStrand" text)
        where markers.id = x.id`);
    }
    if (created.length) {
      const ids = await insertMany(
        tx,
        markers,
        created.map((values) => ({ ...values, createdBy: by.id, updatedBy: by.id })),
        'id',
      );
      for (const [index, id] of ids.entries())
        audits.push({
          entity: 'marker',
          entityId: id,
          changedBy: by.id,
          changes: [{ field: 'created', oldValue: null, newValue: created[index]?.geneCode ?? '' }],
        });
    }
    await auditMany(tx, audits);
    return {
      created: created.length,
      updated: updated.length,
      unchanged: rows.length - created.length - updated.length,
    };
  });
}
