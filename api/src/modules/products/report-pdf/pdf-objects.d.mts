/** A dictionary's or trailer's entries as written: [key without its slash, raw value]. */
export type PdfEntries = [string, string][];

export function packObjectStreams(pdf: Buffer): Buffer;
export function pdfObjects(pdf: Buffer): {
  startxref: number;
  classic: boolean;
  trailer: PdfEntries;
  object(number: number): Buffer;
};
export function dictionaryEntries(bytes: Buffer): PdfEntries;
export function dictionaryText(entries: PdfEntries): string;
export function arrayValues(bytes: Buffer): string[];
export function referenceNumber(value: string): number;
export function crossReferenceStream(
  number: number,
  entries: Map<number, [number, number, number]>,
  size: number,
  trailer: PdfEntries,
  prev: number | undefined,
  at?: number,
): Buffer;
