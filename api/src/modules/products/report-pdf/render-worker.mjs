// A report-PDF rendering process (render.ts forks a few and talks to them over IPC). Plain JavaScript
// on purpose: it runs as plain `node` under `npm start` (tsx), vitest and the benchmarks alike. A
// process, not a thread: a render past its time limit is ended with SIGKILL, which a thread inside
// the native compiler cannot be (and a stuck Typst thread holds locks the process's other compilers
// wait for). One Typst compiler per process, created once (report-compiler.mjs).
import { packObjectStreams } from './pdf-objects.mjs';
import { reportCompiler } from './report-compiler.mjs';
import { signReportPdf } from './sign-pdf.mjs';

/** @type {{ workspace: string, mainFile: string, fontFiles: string[], pdfStandard: string }} */
const { workspace, mainFile, fontFiles, pdfStandard } = JSON.parse(process.argv[2] ?? '{}');
const compiler = reportCompiler({ workspace, mainFile, fontFiles });

// The API process went away (stopped, or killed): nothing is left to render for.
process.on('disconnect', () => process.exit(0));

// Typst's file made small (object streams, pdf-objects.mjs), then, for an issued report that comes
// with `sign` (sign-pdf.mjs), signed here right after rendering. The compiler's cache is evicted once
// the answer is on its way: a caller waiting for one report does not wait for it too (~10–25 ms).
process.on('message', async ({ id, data, sign }) => {
  let answer;
  try {
    let pdf = packObjectStreams(compiler.exportPdf(compiler.compile(data), pdfStandard));
    if (sign) pdf = await signReportPdf(pdf, sign);
    answer = { id, pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  process.send?.(answer, () => compiler.evictCache());
});
