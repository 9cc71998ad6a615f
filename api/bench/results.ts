import { eq, sql } from 'drizzle-orm';
import { products, templateGenotypeCombinations, templates } from '../src/db/schema/index.js';
import { processResultsUpload } from '../src/modules/results/processing.js';
import { runReanalysis } from '../src/modules/results/reanalysis.js';
import { resultsFile, samplesAwaitingResults } from '../test/results-plate.js';
import { startBenchServer } from './bench-server.js';

/**
 * `npm run bench` (third part): a results file of 384 samples × 1,000 genes through the API and the
 * processing job (upload → complete; budget: under 10 s), then a reanalysis of all reports after a
 * template edit (time per 1,000 reports). Prints figures; asserts nothing.
 */
const sampleCount = Number(process.env.BENCH_SAMPLES ?? 384);
const geneCount = Number(process.env.BENCH_GENES ?? 1000);

async function main() {
  const { app, db, stop } = await startBenchServer('results');
  await app.ready();

  // 384 customers with a paid order and a sample in analysis [11] carrying a barcode.
  const codes = await samplesAwaitingResults(db.$client, sampleCount);
  const file = resultsFile(codes, geneCount);

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
