export type ReportCompiler = {
  compile(data: string): unknown;
  exportPdf(document: unknown, pdfStandard: string): Buffer;
  evictCache(): void;
  render(data: string, pdfStandard: string): Buffer;
};
export function reportCompiler(options: {
  workspace: string;
  mainFile: string;
  fontFiles: string[];
}): ReportCompiler;
export const keptRenders: number;
