// Typst, set up for the report (render-worker.mjs; the benchmark measures it in its own process too).
// Plain JavaScript for the same reason as the worker: it runs as plain `node`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { lighterFont } from './report-fonts.mjs';

const require = createRequire(import.meta.url);
const { NodeCompiler } = require('@myriaddreamin/typst-ts-node-compiler');

/**
 * Renders whose memoised layouts a compiler keeps (Typst's `evictCache(maxAge)`: what none of the last
 * this many renders used is dropped). A batch of one product's reports shares most of its texts, and
 * Typst lays out again only what differs (issue 38: ~3 times less CPU per report than starting from
 * nothing each time); what only one customer's report used ages out, so memory stays bounded.
 */
export const keptRenders = 10;

/**
 * One Typst compiler with the report's template and fonts (report-fonts.mjs prepares them once),
 * created once per process and reused for every report: `render` compiles a report's data, exports
 * it as PDF (tagged) and evicts what the last `keptRenders` renders did not use. Its phases are
 * exposed apart for the benchmark.
 *
 * @param {{ workspace: string, mainFile: string, fontFiles: string[] }} options
 */
export function reportCompiler({ workspace, mainFile, fontFiles }) {
  const compiler = NodeCompiler.create({
    workspace,
    fontArgs: [{ fontBlobs: fontFiles.map((file) => lighterFont(readFileSync(file))) }],
  });
  compiler.addSource(mainFile, readFileSync(mainFile, 'utf8'));
  const dataFile = join(workspace, 'report.json');

  /** @param {string} data the report's document as JSON */
  const compile = (data) => {
    // A file, not `sys.inputs`: inputs are part of what every memoised layout depends on, so a new
    // report's inputs would make Typst lay out everything anew.
    compiler.mapShadow(dataFile, Buffer.from(data));
    const result = compiler.compile({ mainFilePath: mainFile });
    const error = result.takeError();
    if (error) throw new Error(`typst: ${JSON.stringify(error.shortDiagnostics)}`);
    return result.result;
  };
  /** @param {string} pdfStandard */
  const exportPdf = (document, pdfStandard) =>
    Buffer.from(compiler.pdf(document, { pdfStandard, pdfTags: true }));
  const evictCache = () => compiler.evictCache(keptRenders);

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
