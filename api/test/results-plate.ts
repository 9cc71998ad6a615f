import type pg from 'pg';
import { prng } from '../src/seed/customers.js';

/**
 * The demo catalogue's genes (so reports have content), each with genotypes the catalogue knows, on the
 * plus strand of the marker map (the file declares it: HFE's C/G could not tell its strand otherwise).
 */
const catalogueGenes: [string, string[]][] = [
  ['rs4988235', ['G/G', 'G/A', 'A/A']],
  ['rs762551', ['C/C', 'C/A', 'A/A']],
  ['rs1801133', ['G/G', 'G/A', 'A/A']],
  ['rs1801131', ['T/T', 'T/G', 'G/G']],
  ['rs6025', ['C/C', 'C/T', 'T/T']],
  ['rs1799963', ['G/G', 'G/A', 'A/A']],
  ['rs429358', ['T/T', 'T/C', 'C/C']],
  ['rs7412', ['C/C', 'C/T', 'T/T']],
  ['rs1800562', ['G/G', 'G/A', 'A/A']],
  ['rs1799945', ['C/C', 'C/G', 'G/G']],
  ['rs1815739', ['C/C', 'C/T', 'T/T']],
  ['rs113993960', ['I/I', 'I/D', 'D/D']],
];

/**
 * A lab plate for benches and crash tests: `count` customers with a paid order and a sample in
 * analysis [11] carrying a barcode, and a valid consent to DNA analysis. Answers the barcodes in order.
 */
export async function samplesAwaitingResults(client: pg.Pool | pg.Client, count: number): Promise<string[]> {
  const { rows } = await client.query<{ code: string }>(
    `with batch as (insert into barcode_batches (count) values ($1) returning id),
     codes as (
       insert into barcodes (code, batch_id, assigned_at)
       select 'GD' || lpad(nextval('barcode_number_seq')::text, 8, '0'), batch.id, now()
         from batch, generate_series(1, $1) returning id, code),
     numbered as (select id, code, row_number() over (order by id) as n from codes),
     people as (
       insert into customers (name, surname, email, gender, registration_source, agreed_to_dna_analysis, dna_consent_at)
       select 'Deska', 'Zákazník ' || n, 'plate-' || n || '-' || md5(random()::text) || '@example.test',
         1 + (n % 2)::int, 1, true, now()
         from generate_series(1, $1) as n returning id, email),
     -- A lab analyses only with a valid consent (issue 35): each customer of the plate has one.
     consents as (
       insert into dna_consents (customer_id, form_version, signed_on)
       select id, 'TEST-1', current_date from people),
     numbered_people as (select id, row_number() over (order by id) as n from people),
     type as (select id from product_types order by id limit 1),
     placed as (
       insert into orders (customer_id, product_type_id, amount, complete)
       select p.id, type.id, 100, true from numbered_people p, type returning id, customer_id),
     numbered_orders as (select id, customer_id, row_number() over (order by id) as n from placed),
     inserted as (
       insert into samples (customer_id, order_id, status, barcode_id)
       select o.customer_id, o.id, 11, b.id from numbered_orders o join numbered b on b.n = o.n
       returning barcode_id)
     select b.code from inserted i join numbered b on b.id = i.barcode_id order by b.n`,
    [count],
  );
  return rows.map((row) => row.code);
}

/** A results file (DOMAIN §2) for `codes` × `geneCount` genes: the catalogue's, then made-up ones. */
export function resultsFile(codes: string[], geneCount: number, seed = 42): Buffer {
  const random = prng(seed);
  const genes: [string, string[]][] = [...catalogueGenes];
  for (let g = genes.length; g < geneCount; g++)
    genes.push([`rsB${String(g).padStart(6, '0')}`, ['A/A', 'A/G', 'G/G', 'C/T']]);
  const lines = ['##strand=plus', 'barcode;gene_code;gene_name;hgvs_c;protein;transcript;genotype'];
  for (const code of codes)
    for (const [gene, genotypes] of genes)
      lines.push(
        `${code};${gene};GENE${gene.length};NM_000000.1:c.100A>G;p.Lys34Glu;NM_000000.1;${genotypes[Math.floor(random() * genotypes.length)]}`,
      );
  return Buffer.from(`${lines.join('\n')}\n`);
}

/**
 * What processing an upload of the plate left: samples finished [6], stored genotypes, reports (and
 * distinct customer × product type among them), audited status changes to [6], and the upload's count
 * of generated reports. Processed exactly once, these are `codes.length` each and genes × that.
 */
export async function plateState(client: pg.Pool | pg.Client, codes: string[], uploadId: number) {
  const { rows } = await client.query<{
    finished: number;
    genotypes: number;
    reports: number;
    reportKinds: number;
    statusChanges: number;
    generated: number;
  }>(
    `with plate as (
       select s.id as sample_id, s.customer_id, s.status
       from samples s join barcodes b on b.id = s.barcode_id where b.code = any($1))
     select
       (select count(*)::int from plate where status = 6) as finished,
       (select count(*)::int from customer_genotypes g join plate p on p.customer_id = g.customer_id) as genotypes,
       (select count(*)::int from products r join plate p on p.customer_id = r.customer_id) as reports,
       (select count(distinct (r.customer_id, r.product_type_id))::int
          from products r join plate p on p.customer_id = r.customer_id) as "reportKinds",
       (select count(*)::int from audit_log a join plate p on p.sample_id = a.entity_id
          where a.entity = 'sample' and a.field = 'status' and a.new_value = '6') as "statusChanges",
       (select generated from result_uploads where id = $2) as generated`,
    [codes, uploadId],
  );
  return rows[0];
}

/** `plateState` of a plate processed exactly once. */
export const processedOnce = (codes: string[], genes: number) => ({
  finished: codes.length,
  genotypes: codes.length * genes,
  reports: codes.length,
  reportKinds: codes.length,
  statusChanges: codes.length,
  generated: codes.length,
});
