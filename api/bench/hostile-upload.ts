import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import { maxLabFileBytes, ResultUploadStatus, resultUploadStatusLabels } from '@genodesk/contract';
import { freePort } from '../src/db/embedded.js';
import { maxLineBytes } from '../src/modules/results/lab-formats/lines.js';
import { demoPassword } from '../src/seed/demo.js';
import { killGroup, startProcess, waitForHealth } from '../test/processes.js';
import { resultsFile } from '../test/results-plate.js';
import { startBenchServer } from './bench-server.js';

/**
 * `npm run bench` (hostile uploads, issue 36): the API in a process of its own as `npm start` runs it
 * (its job workers in the same process, so an upload's processing shares the event loop with every
 * request; production logging; as the role that owns nothing), on the demo data. A second process
 * polls `GET /api/health` every 20 ms on a fixed schedule (BENCH_HEALTH_INTERVAL_MS) throughout. At
 * rest first (BENCH_REST_SECONDS), then for each hostile file in turn, for BENCH_HOSTILE_SECONDS: the
 * lab user uploads it, waits until its processing has ended, and uploads it again — a VCF of 100,000
 * sample columns, a gzip bomb (~5 MB that unpack to past `maxLabFileBytes`), a CSV of 100,000
 * barcodes, a VCF of lines near the longest read (the last one past it), a CSV of long quoted
 * fields, a CSV with a quote left open (BENCH_HOSTILE_QUOTE_LINES rows after it, read into one
 * record until it is longer than a line may be); then, for comparison, a valid plate CSV
 * (384 × 1,000) once, a JSON body (415), and rest again. Prints, per phase, the health requests'
 * count and p50/p95/p99/max latency (budget: p99 < 200 ms while a hostile upload runs), and each
 * upload's HTTP status and time, its processing's outcome and time. Asserts no timing: exits non-zero
 * only when an upload answered 5xx (or not at all) or the API died.
 */
const restSeconds = Number(process.env.BENCH_REST_SECONDS ?? 5);
const hostileSeconds = Number(process.env.BENCH_HOSTILE_SECONDS ?? 5);
const healthInterval = Number(process.env.BENCH_HEALTH_INTERVAL_MS ?? 20);
/** Rows after the open quote (~26 bytes each: 1,000,000 pass the longest record read). */
const quoteLines = Number(process.env.BENCH_HOSTILE_QUOTE_LINES ?? 1_000_000);
/** Longest wait for an upload's processing to end. */
const processingTimeoutMs = 180_000;
const budgetMs = 200;

const now = () => performance.timeOrigin + performance.now();
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

type Hostile = {
  name: string;
  fileName: string;
  contentType: string;
  body: Buffer | string;
  /** What the body is, for the printout. */
  about: string;
};

const barcode = (i: number) => `GD${String(i).padStart(8, '0')}`;

/** A VCF of 100,000 sample columns (its header line alone 1.1 MB) and a few rows, ~4 MB. */
function wideVcf(columns = 100_000, rows = 8): Buffer {
  const names = Array.from({ length: columns }, (_, i) => barcode(i));
  const calls = names.map(() => '0/1').join('\t');
  const lines = [
    '##fileformat=VCFv4.2',
    '##reference=GRCh38',
    ['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO', 'FORMAT', ...names].join('\t'),
  ];
  for (let row = 0; row < rows; row++)
    lines.push(`1\t${11796321 + row}\trs${1801133 + row}\tG\tA\t.\tPASS\t.\tGT\t${calls}`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** A gzip of a VCF header and comment lines that unpack to past `maxLabFileBytes` (~2 GB), at level 9. */
async function gzipBomb(): Promise<{ body: Buffer; unpacked: number }> {
  const gzip = createGzip({ level: 9, memLevel: 9 });
  const out: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve, reject) => {
    gzip.on('end', resolve);
    gzip.on('error', reject);
  });
  const header = Buffer.from('##fileformat=VCFv4.2\n');
  const filler = Buffer.alloc(1024 * 1024, '##comment=same text again\n');
  let unpacked = header.length;
  gzip.write(header);
  while (unpacked <= maxLabFileBytes + 64 * 1024 * 1024) {
    if (!gzip.write(filler)) await new Promise((resolve) => gzip.once('drain', resolve));
    unpacked += filler.length;
  }
  gzip.end();
  await ended;
  return { body: Buffer.concat(out), unpacked };
}

/** The project's CSV naming 100,000 barcodes, one row each, ~2.5 MB. */
function manyBarcodesCsv(count = 100_000): string {
  const rows = Array.from({ length: count }, (_, i) => `${barcode(i)};MTHFR;;;;;C/T`);
  return `##strand=plus\nbarcode;gene_code;gene_name;hgvs_c;protein;transcript;genotype\n${rows.join('\n')}\n`;
}

/** A VCF whose rows are just under the longest line read (an INFO of ~15 MB), the last one past it. */
function longLinesVcf(lines = 5): Buffer {
  const info = (bytes: number) => `AC=1;X=${'A'.repeat(bytes)}`;
  const row = (position: number, bytes: number) =>
    `1\t${position}\t.\tG\tA\t.\tPASS\t${info(bytes)}\tGT\t0/1\n`;
  const pieces = [
    '##fileformat=VCFv4.2\n##reference=GRCh38\n',
    `#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\t${barcode(1)}\n`,
  ];
  for (let i = 0; i < lines; i++) pieces.push(row(11796321 + i, maxLineBytes - 1024 * 1024));
  pieces.push(row(11796321 + lines, maxLineBytes + 1024 * 1024));
  return Buffer.from(pieces.join(''), 'latin1');
}

/** The project's CSV with long quoted gene names (~15 MB each) and a genotype that does not read. */
function longQuotedCsv(lines = 6): string {
  const name = 'x'.repeat(maxLineBytes - 1024 * 1024);
  const rows = Array.from({ length: lines }, (_, i) => `${barcode(i)};MTHFR;"${name}";;;;ZZ`);
  return `barcode;gene_code;gene_name;hgvs_c;protein;transcript;genotype\n${rows.join('\n')}\n`;
}

/** The project's CSV with a quote opened on its first row and never closed, `lines` rows after it. */
function openQuoteCsv(lines: number): string {
  const rows = Array.from({ length: lines }, (_, i) => `${barcode(i + 1)};MTHFR;;;;;C/T`);
  return `barcode;gene_code;gene_name;hgvs_c;protein;transcript;genotype\n${barcode(0)};"MTHFR;;;;;C/T\n${rows.join('\n')}\n`;
}

type Sample = [startedAt: number, latencyMs: number, status: number];

function startHealthPoller(base: string) {
  const child = fork(
    path.join(path.dirname(fileURLToPath(import.meta.url)), 'hostile-upload-health.ts'),
    [],
    {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, HEALTH_BASE: base, HEALTH_INTERVAL_MS: String(healthInterval) },
    },
  );
  let ready: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    ready = resolve;
  });
  const samples = new Promise<Sample[]>((resolve, reject) => {
    // The parent ends the channel once it has the samples (the poller then ends): a poller that
    // ended the channel itself could be seen exiting before its message was read.
    child.on('message', (message) => {
      if (message === 'ready') return ready();
      resolve(message as Sample[]);
      child.disconnect();
    });
    child.on('exit', (code) => reject(new Error(`the health poller exited with ${code}`)));
  });
  void samples.catch(() => {});
  return {
    /** Resolves once the poller has had its first answer (it takes a while to start). */
    started: () => Promise.race([started, samples.then(() => {})]),
    stop: () => {
      child.send('stop');
      return samples;
    },
    /** Ends it if it still runs (the bench failed before stopping it). */
    end: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
    },
  };
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

type Phase = { name: string; from: number; to: number; uploads: UploadRecord[] };

type UploadRecord = {
  status: number;
  uploadMs: number;
  processingMs?: number;
  outcome?: string;
  /** The API stopped answering while the upload was processed. */
  lost?: boolean;
  /** The statuses of the upload's detail asked while it was processed, when not 200. */
  detailErrors?: number[];
};

/** The health figures of the requests started within the phase. */
function healthFigures(samples: Sample[], phase: Phase) {
  const inside = samples.filter(([at]) => at >= phase.from && at < phase.to);
  const latencies = inside.map(([, ms]) => ms).sort((a, b) => a - b);
  return {
    count: inside.length,
    failed: inside.filter(([, , status]) => status !== 200).length,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? 0,
  };
}

async function main() {
  // The database: the demo data on a throwaway embedded PostgreSQL; the API runs in its own process.
  const database = await startBenchServer('hostile', 2);
  await database.app.close();
  // As a real node: its keys, and a role that owns nothing (the owner migrates and grants).
  const appRolePassword = randomBytes(18).toString('base64url');
  await database.db.$client.query(`do $$ begin
      if not exists (select from pg_roles where rolname = 'genodesk_bench') then create role genodesk_bench login; end if;
    end $$`);
  await database.db.$client.query(`alter role genodesk_bench password '${appRolePassword}'`);
  const appUrl = new URL(database.url);
  appUrl.username = 'genodesk_bench';
  appUrl.password = appRolePassword;
  const port = await freePort();

  // The files, built before the API starts (the bomb takes a few seconds of this process).
  const start = performance.now();
  const bomb = await gzipBomb();
  const allHostiles: Hostile[] = [
    {
      name: 'VCF of 100,000 sample columns',
      fileName: 'wide.vcf',
      contentType: 'text/x-vcf',
      body: wideVcf(),
      about: 'header line of 1.1 MB, 8 rows',
    },
    {
      name: 'gzip bomb',
      fileName: 'bomb.vcf.gz',
      contentType: 'application/gzip',
      body: bomb.body,
      about: `unpacks to ${megabytes(bomb.unpacked)}`,
    },
    {
      name: 'CSV of 100,000 barcodes',
      fileName: 'many.csv',
      contentType: 'text/csv',
      body: manyBarcodesCsv(),
      about: 'one row each',
    },
    {
      name: 'VCF of very long lines',
      fileName: 'long.vcf',
      contentType: 'text/x-vcf',
      body: longLinesVcf(),
      about: `5 rows of ${megabytes(maxLineBytes - 1024 * 1024)}, then one of ${megabytes(maxLineBytes + 1024 * 1024)}`,
    },
    {
      name: 'CSV of very long lines',
      fileName: 'long.csv',
      contentType: 'text/csv',
      body: longQuotedCsv(),
      about: `6 rows with a quoted gene name of ${megabytes(maxLineBytes - 1024 * 1024)}`,
    },
    {
      name: 'CSV with a quote left open',
      fileName: 'open-quote.csv',
      contentType: 'text/csv',
      body: openQuoteCsv(quoteLines),
      about: `${quoteLines.toLocaleString('en')} rows after it`,
    },
  ];
  // BENCH_HOSTILE_ONLY=bomb.vcf.gz,many.csv uploads only those files (to look at one).
  const only = process.env.BENCH_HOSTILE_ONLY?.split(',');
  const hostiles = allHostiles.filter((hostile) => !only || only.includes(hostile.fileName));
  console.info(`(hostile files built in ${seconds(performance.now() - start)})`);

  const api = startProcess(
    'main',
    {
      JWT_SECRET: randomBytes(32).toString('base64url'),
      SEALING_KEY: randomBytes(32).toString('base64url'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_OWNER_URL: database.url,
      DATABASE_URL: appUrl.toString(),
      SEED_DEMO: '0',
      PORT: String(port),
      LOG_LEVEL: 'info',
    },
    // BENCH_PROFILE_DIR=… writes a CPU profile of the API (open it in Chrome's DevTools).
    process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [],
  );
  let apiExited: number | NodeJS.Signals | undefined;
  void api.exited.then((code) => {
    apiExited = code;
  });
  let failures = 0;
  /** How the API ended before the bench stopped it, if it did. */
  let died: number | NodeJS.Signals | undefined;
  const phases: Phase[] = [];
  let poller: ReturnType<typeof startHealthPoller> | undefined;
  try {
    await waitForHealth(api, port, 60_000);
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/auth/adminLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'lab@genodesk.test', password: demoPassword }),
    });
    if (!login.ok) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const authorization = `Bearer ${token}`;

    /** Uploads the file and waits for its processing to end: the HTTP status, times and outcome. */
    const upload = async (hostile: Hostile): Promise<UploadRecord> => {
      const sent = now();
      const response = await fetch(
        `${base}/api/admin/results/upload?FileName=${hostile.fileName}&GenomeBuild=38`,
        {
          method: 'POST',
          headers: { authorization, 'content-type': hostile.contentType, 'accept-language': 'en' },
          body: hostile.body,
        },
      ).catch((error: Error) => ({ status: 0, error }));
      const answered = now();
      const record: UploadRecord = { status: response.status, uploadMs: answered - sent };
      if (!('json' in response)) {
        record.outcome = `no answer: ${response.error.message}`;
        return record;
      }
      const body = (await response.json().catch(() => ({}))) as {
        id?: number;
        error?: { message: string };
      };
      if (response.status !== 202 || body.id === undefined) {
        record.outcome = body.error?.message ?? '';
        return record;
      }
      for (;;) {
        if (now() - answered > processingTimeoutMs) {
          record.outcome = `still processing after ${seconds(processingTimeoutMs)}`;
          return record;
        }
        const detail = await fetch(`${base}/api/admin/results/getresult?Id=${body.id}`, {
          headers: { authorization, 'accept-language': 'en' },
        }).catch((error: Error) => error);
        if (detail instanceof Error) {
          record.outcome = `no answer while processing: ${detail.message}`;
          record.lost = true;
          return record;
        }
        // Not the upload's answer: asked again (a stalled API answers 503 when its pool waited too long).
        if (!detail.ok) {
          record.detailErrors = [...(record.detailErrors ?? []), detail.status];
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        const { status, exception } = (await detail.json()) as { status: number; exception: string | null };
        if (status !== ResultUploadStatus.Processing && status !== ResultUploadStatus.GeneratingResults) {
          record.processingMs = now() - answered;
          // One line: a refusal names each bad line on a line of its own.
          const reason = exception?.split('\n') ?? [];
          record.outcome =
            `${resultUploadStatusLabels[status as ResultUploadStatus]?.en ?? `status ${status}`}` +
            `${reason.length ? `: ${reason[0]}${reason.length > 1 ? ` (and ${reason.length - 1} more lines)` : ''}` : ''}`;
          return record;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    // A warm-up (the CSV of 100,000 barcodes): the first requests of a fresh process compile their code.
    await upload(allHostiles[2]!);

    /** Whether the API has died or stopped answering. */
    const gone = () =>
      apiExited !== undefined ||
      phases.some((phase) => phase.uploads.some((record) => record.status === 0 || record.lost));
    poller = startHealthPoller(base);
    await poller.started();
    const rest = async (name: string) => {
      const from = now();
      await new Promise((resolve) => setTimeout(resolve, restSeconds * 1000));
      phases.push({ name, from, to: now(), uploads: [] });
    };
    await rest('at rest');
    for (const hostile of hostiles) {
      const phase: Phase = { name: hostile.name, from: now(), to: 0, uploads: [] };
      do {
        const record = await upload(hostile);
        phase.uploads.push(record);
        if (apiExited !== undefined || record.status === 0 || record.lost) break;
      } while (now() - phase.from < hostileSeconds * 1000);
      phase.to = now();
      phases.push(phase);
      if (gone()) break;
    }
    if (!gone() && (!only || only.includes('plate.csv'))) {
      // For comparison, not hostile: a plate of 384 samples × 1,000 genes in the CSV, once (its barcodes
      // are issued nowhere, so nothing is paired: the reading is what it costs).
      const plate: Hostile = {
        name: 'for comparison: a valid plate CSV',
        fileName: 'plate.csv',
        contentType: 'text/csv',
        body: resultsFile(
          Array.from({ length: 384 }, (_, i) => `GX${String(i).padStart(8, '0')}`),
          1000,
        ),
        about: '384 samples × 1,000 genes, not hostile',
      };
      hostiles.push(plate);
      const from = now();
      const uploads = [await upload(plate)];
      phases.push({ name: plate.name, from, to: now(), uploads });
    }
    if (!gone()) {
      const from = now();
      const response = await fetch(`${base}/api/admin/results/upload?FileName=results.csv`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify({ file: 'barcode;gene_code' }),
      });
      const body = (await response.json().catch(() => ({}))) as { error?: { message: string } };
      phases.push({
        name: 'JSON body',
        from,
        to: now(),
        uploads: [{ status: response.status, uploadMs: now() - from, outcome: body.error?.message }],
      });
      await rest('at rest, after');
    }
    const samples = await poller.stop();

    console.info(
      `hostile uploads: the API in its own process with its job workers (processing shares its event loop), ` +
        `GET /api/health every ${healthInterval} ms from another process; each file uploaded again as soon as ` +
        `its processing ended, for ${hostileSeconds} s:`,
    );
    for (const hostile of hostiles)
      console.info(`  ${hostile.name}: ${megabytes(Buffer.byteLength(hostile.body))} (${hostile.about})`);
    for (const phase of phases) {
      const health = healthFigures(samples, phase);
      const within = health.p99 < budgetMs;
      if (!health.count) console.info(`${phase.name} (${seconds(phase.to - phase.from)}):`);
      else
        console.info(
          `${phase.name} (${seconds(phase.to - phase.from)}): health ${health.count} requests` +
            `${health.failed ? `, ${health.failed} not 200` : ''}, p50 ${health.p50.toFixed(1)} ms, ` +
            `p95 ${health.p95.toFixed(1)} ms, p99 ${health.p99.toFixed(1)} ms, max ${health.max.toFixed(1)} ms ` +
            `(p99 < ${budgetMs} ms: ${within ? 'yes' : 'NO'})`,
        );
      // Uploads with the same status and outcome on one line.
      const groups = new Map<string, UploadRecord[]>();
      for (const record of phase.uploads) {
        const key = `${record.status} ${record.outcome ?? ''}`;
        groups.set(key, [...(groups.get(key) ?? []), record]);
      }
      for (const records of groups.values()) {
        const [first] = records as [UploadRecord];
        const range = (values: number[]) => {
          const low = Math.min(...values);
          const high = Math.max(...values);
          return high - low < 5 ? seconds(low) : `${seconds(low)}–${seconds(high)}`;
        };
        const processing = records.flatMap((record) =>
          record.processingMs === undefined ? [] : [record.processingMs],
        );
        console.info(
          `  ${records.length} × ${first.status || 'no answer'} in ${range(records.map((record) => record.uploadMs))}` +
            `${processing.length ? `, processed in ${range(processing)}` : ''}${first.outcome ? ` → ${first.outcome}` : ''}`,
        );
        const detailErrors = records.flatMap((record) => record.detailErrors ?? []);
        if (detailErrors.length)
          console.info(
            `    (asked for the upload's state meanwhile, the API answered ${[...new Set(detailErrors)].join(', ')} ${detailErrors.length} times)`,
          );
        failures += records.filter(
          (record) => record.status >= 500 || record.status === 0 || record.lost,
        ).length;
      }
    }
  } finally {
    poller?.end();
    // A process that just died may not have reported its exit yet.
    died =
      apiExited ??
      (await Promise.race([
        api.exited,
        new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 1000)),
      ]));
    if (died !== undefined) console.error(`the API died (${died}):\n${api.output().slice(-4000)}`);
    api.child.kill('SIGTERM');
    await Promise.race([api.exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    killGroup(api);
    await database.stop();
  }
  if (failures > 0 || died !== undefined) {
    console.error(
      `${failures} uploads answered 5xx or not at all${died !== undefined ? '; the API died' : ''}`,
    );
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
