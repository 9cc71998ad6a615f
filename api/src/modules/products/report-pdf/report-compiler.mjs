// Typst, set up for the report (render-worker.mjs; the benchmark measures it in its own process too).
// Plain JavaScript for the same reason as the worker: it runs as plain `node`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { lighterFont } from './report-fonts.mjs';

const require = createRequire(import.meta.url);
const { NodeCompiler } = require('@myriaddreamin/typst-ts-node-compiler');

/**
 * One Typst compiler with the report's template and fonts (report-fonts.mjs prepares them once),
 * created once per process and reused for every report: `render` compiles a report's data, exports
 * it as PDF (tagged) and evicts the compiler's caches (without it memory grows by tens of MB per
 * distinct report). Its phases are exposed apart for the benchmark.
 *
 * @param {{ workspace: string, mainFile: string, fontFiles: string[] }} options
 */
export function reportCompiler({ workspace, mainFile, fontFiles }) {
  const compiler = NodeCompiler.create({
    workspace,
    fontArgs: [{ fontBlobs: fontFiles.map((file) => lighterFont(readFileSync(file))) }],
  });
  compiler.addSource(mainFile, readFileSync(mainFile, 'utf8'));

  /** @param {string} data the report's document as JSON */
  const compile = (data) => {
    const result = compiler.compile({ mainFilePath: mainFile, inputs: { data } });
    const error = result.takeError();
    if (error) throw new Error(`typst: ${JSON.stringify(error.shortDiagnostics)}`);
    return result.result;
  };
  /** @param {string} pdfStandard */
  const exportPdf = (document, pdfStandard) =>
    Buffer.from(compiler.pdf(document, { pdfStandard, pdfTags: true }));
  const evictCache = () => compiler.evictCache(0);

  return {
    compile,
    exportPdf,
    evictCache,
    /** The report's PDF as Typst writes it. @param {string} data @param {string} pdfStandard */
    render(data, pdfStandard) {
      try {
        return exportPdf(compile(data), pdfStandard);
      } finally {
        evictCache();
      }
    },
  };
}
