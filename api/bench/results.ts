import { eq, sql } from 'drizzle-orm';
import { products, templateGenotypeCombinations, templates } from '../src/db/schema/index.js';
import { processResultsUpload } from '../src/modules/results/processing.js';
import { runReanalysis } from '../src/modules/results/reanalysis.js';
import { prng } from '../src/seed/customers.js';
import { startBenchServer } from './bench-server.js';

/**
 * `npm run bench` (third part): a results file of 384 samples × 1,000 genes through the API and the
 * processing job (upload → complete; budget: under 10 s), then a reanalysis of all reports after a
 * template edit (time per 1,000 reports). Prints figures; asserts nothing.
 */
const sampleCount = Number(process.env.BENCH_SAMPLES ?? 384);
const geneCount = Number(process.env.BENCH_GENES ?? 1000);

/** The demo catalogue's genes (so reports have content) and made-up ones up to `geneCount`. */
const catalogueGenes: [string, string[]][] = [
  ['rs4988235', ['C/C', 'C/T', 'T/T']],
  ['rs762551', ['A/A', 'A/C', 'C/C']],
  ['rs1801133', ['C/C', 'C/T', 'T/T']],
  ['rs1801131', ['A/A', 'A/C', 'C/C']],
  ['rs6025', ['C/C', 'C/T', 'A/A']],
  ['rs1799963', ['G/G', 'G/A', 'A/A']],
  ['rs429358', ['T/T', 'C/T', 'C/C']],
  ['rs7412', ['C/C', 'C/T', 'T/T']],
  ['rs1800562', ['G/G', 'G/A', 'A/A']],
  ['rs1799945', ['C/C', 'C/G', 'G/G']],
  ['rs1815739', ['C/C', 'C/T', 'T/T']],
  ['rs113993960', ['I/I', 'I/D', 'D/D']],
];

async function main() {
  const { app, db, stop } = await startBenchServer('results');
  await app.ready();

  // 384 customers with a paid order and a sample in analysis [11] carrying a barcode.
  const { rows: codes } = await db.$client.query<{ code: string }>(
    `with batch as (insert into barcode_batches (count) values ($1) returning id),
     codes as (
       insert into barcodes (code, batch_id, assigned_at)
       select 'GD' || lpad(nextval('barcode_number_seq')::text, 8, '0'), batch.id, now()
         from batch, generate_series(1, $1) returning id, code),
     numbered as (select id, code, row_number() over (order by id) as n from codes),
     people as (
       insert into customers (name, surname, email, gender, registration_source)
       select 'Bench', 'Zákazník ' || n, 'bench-' || n || '@example.test', 1 + (n % 2)::int, 1
         from generate_series(1, $1) as n returning id, email),
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
    [sampleCount],
  );

  const random = prng(42);
  const genes: [string, string[]][] = [...catalogueGenes];
  for (let g = genes.length; g < geneCount; g++)
    genes.push([`rsB${String(g).padStart(6, '0')}`, ['A/A', 'A/G', 'G/G', 'C/T']]);
  const lines = ['barcode;gene_code;gene_name;hgvs_c;protein;transcript;genotype'];
  for (const { code } of codes)
    for (const [gene, genotypes] of genes)
      lines.push(
        `${code};${gene};GENE${gene.length};NM_000000.1:c.100A>G;p.Lys34Glu;NM_000000.1;${genotypes[Math.floor(random() * genotypes.length)]}`,
      );
  const file = Buffer.from(`${lines.join('\n')}\n`);

  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/adminLogin',
    payload: { email: 'lab@genodesk.test', password: 'genodesk' },
  });
  const { token } = login.json() as { token: string };

  const start = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/results/upload?FileName=bench.csv',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    payload: file,
  });
  if (response.statusCode !== 202) throw new Error(`upload answered ${response.statusCode} ${response.body}`);
  const uploaded = performance.now();
  const { id } = response.json() as { id: number };
  await processResultsUpload(db, id);
  const finished = performance.now();
  const { rows } = await db.$client.query(
    'select status, paired, generated, exception_en from result_uploads where id = $1',
    [id],
  );
  console.info(
    `results file of ${codes.length} samples × ${geneCount} genes (${(file.length / 1024 / 1024).toFixed(1)} MB): upload → complete in ${((finished - start) / 1000).toFixed(2)} s (upload ${((uploaded - start) / 1000).toFixed(2)} s; status ${rows[0]?.status}, paired ${rows[0]?.paired}, generated ${rows[0]?.generated}${rows[0]?.exception_en ? `, ${rows[0].exception_en}` : ''}) (budget: < 10 s)`,
  );

  // Reanalysis of all after a template's text and risk change.
  const [template] = await db
    .select({ id: templates.id })
    .from(templates)
    .innerJoin(templateGenotypeCombinations, eq(templateGenotypeCombinations.templateId, templates.id))
    .where(eq(templateGenotypeCombinations.genotypeKey, 'rs762551=A/C'));
  await db
    .update(templates)
    .set({ templateText: '<p>Upraveno pro měření.</p>', risk: 3 })
    .where(eq(templates.id, template!.id));
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  const { rows: run } = await db.$client.query<{ id: number }>(
    'insert into reanalysis_runs (product_id) values (null) returning id',
  );
  const reanalysisStart = performance.now();
  await runReanalysis(db, Number(run[0]!.id));
  const reanalysisTime = performance.now() - reanalysisStart;
  const { rows: done } = await db.$client.query('select done, changed from reanalysis_runs where id = $1', [
    run[0]!.id,
  ]);
  console.info(
    `reanalysis of all ${count} reports (${done[0]?.changed} changed): ${((reanalysisTime / count) * 1000).toFixed(0)} ms per 1,000 reports (${(reanalysisTime / 1000).toFixed(2)} s in all)`,
  );

  await stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
