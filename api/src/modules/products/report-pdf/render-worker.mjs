// A report-PDF rendering process (render.ts forks a few and talks to them over IPC). Plain JavaScript
// on purpose: it runs as plain `node` under `npm start` (tsx), vitest and the benchmarks alike. A
// process, not a thread: a render past its time limit is ended with SIGKILL, which a thread inside
// the native compiler cannot be (and a stuck Typst thread holds locks the process's other compilers
// wait for). One Typst compiler per process, created once; its caches are evicted after every render
// (without it memory grows by tens of MB per distinct report).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { signReportPdf } from './sign-pdf.mjs';

const require = createRequire(import.meta.url);
const { NodeCompiler } = require('@myriaddreamin/typst-ts-node-compiler');

/** @type {{ workspace: string, mainFile: string, fontFiles: string[], pdfStandard: string }} */
const { workspace, mainFile, fontFiles, pdfStandard } = JSON.parse(process.argv[2] ?? '{}');
const compiler = NodeCompiler.create({
  workspace,
  fontArgs: [{ fontBlobs: fontFiles.map((file) => readFileSync(file)) }],
});
compiler.addSource(mainFile, readFileSync(mainFile, 'utf8'));

// The API process went away (stopped, or killed): nothing is left to render for.
process.on('disconnect', () => process.exit(0));

// An issued report comes with `sign` (sign-pdf.mjs): it is signed here, right after rendering.
process.on('message', async ({ id, data, sign }) => {
  try {
    let pdf;
    try {
      const result = compiler.compile({ mainFilePath: mainFile, inputs: { data } });
      const error = result.takeError();
      if (error) throw new Error(`typst: ${JSON.stringify(error.shortDiagnostics)}`);
      pdf = Buffer.from(compiler.pdf(result.result, { pdfStandard, pdfTags: true }));
    } finally {
      compiler.evictCache(0);
    }
    if (sign) pdf = await signReportPdf(pdf, sign);
    process.send?.({ id, pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength) });
  } catch (error) {
    process.send?.({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
