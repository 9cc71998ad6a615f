import type { ReportSignature } from './signing.js';

export function signReportPdf(pdf: Buffer, options: ReportSignature): Promise<Buffer>;
