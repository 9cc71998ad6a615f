// A report-PDF rendering thread (render.ts starts a few). Plain JavaScript on purpose: a worker
// thread does not inherit tsx's loader, so this file runs the same under `npm start` (tsx), vitest
// and plain node. One Typst compiler per thread, created once; its caches are evicted after every
// render (without it memory grows by tens of MB per distinct report).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const { NodeCompiler } = require('@myriaddreamin/typst-ts-node-compiler');

/** @type {{ workspace: string, mainFile: string, fontFiles: string[], pdfStandard: string }} */
const { workspace, mainFile, fontFiles, pdfStandard } = workerData;
const compiler = NodeCompiler.create({
  workspace,
  fontArgs: [{ fontBlobs: fontFiles.map((file) => readFileSync(file)) }],
});
compiler.addSource(mainFile, readFileSync(mainFile, 'utf8'));

parentPort.on('message', ({ id, data }) => {
  try {
    const result = compiler.compile({ mainFilePath: mainFile, inputs: { data } });
    const error = result.takeError();
    if (error) throw new Error(`typst: ${JSON.stringify(error.shortDiagnostics)}`);
    const pdf = compiler.pdf(result.result, { pdfStandard, pdfTags: true });
    // A copy the thread can hand over without copying again.
    const bytes = new Uint8Array(pdf);
    parentPort.postMessage({ id, pdf: bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  } finally {
    compiler.evictCache(0);
  }
});
