import { LabFileFormat } from '@genodesk/contract';

export type Detected =
  | { format: LabFileFormat }
  /** `line`: the first line that is not blank. */
  | { unknown: true; line: number }
  | { empty: true };

/**
 * The format of a file from its first lines (never its name): `##fileformat=VCF` (or a `#CHROM` header)
 * → VCF; `[Header]` / `[Data]` → Illumina Final Report; `#` comments naming 23andMe or AncestryDNA, or
 * their column header (`rsid chromosome position genotype` / `… allele1 allele2`) → those; a header
 * with `barcode` or `gene_code` → this project's CSV. `lines` are whole lines; `complete` when they are
 * the whole file. Undefined when more lines are needed.
 */
export function detectFormat(lines: readonly string[], complete: boolean): Detected | undefined {
  let i = 0;
  while (i < lines.length && !(lines[i] as string).trim()) i++;
  if (i === lines.length) return complete ? { empty: true } : undefined;
  const firstLine = i + 1;
  const first = (lines[i] as string).trim();
  if (/^##fileformat=vcf/i.test(first) || /^#CHROM\tPOS\t/i.test(first)) return { format: LabFileFormat.Vcf };
  if (/^"?\[(header|data)\]/i.test(first)) return { format: LabFileFormat.FinalReport };
  if (first.startsWith('#')) {
    let lastComment = '';
    for (; i < lines.length; i++) {
      const line = (lines[i] as string).trim();
      if (!line) continue;
      if (!line.startsWith('#')) return byColumns(line, lastComment, firstLine);
      if (/23andme/i.test(line)) return { format: LabFileFormat.TwentyThreeAndMe };
      if (/ancestrydna/i.test(line)) return { format: LabFileFormat.AncestryDna };
      lastComment = line.slice(1);
    }
    return complete ? byColumns('', lastComment, firstLine) : undefined;
  }
  return byColumns(first, '', firstLine);
}

function byColumns(line: string, lastComment: string, firstLine: number): Detected {
  const names = (text: string) =>
    text.split(/[\t,;]/).map((name) => name.trim().replace(/^"|"$/g, '').toLowerCase());
  const columns = names(line);
  if (columns.includes('barcode') || columns.includes('gene_code')) return { format: LabFileFormat.Csv };
  for (const header of [columns, names(lastComment)]) {
    if (header[0] !== 'rsid' || header[1] !== 'chromosome' || header[2] !== 'position') continue;
    if (header[3] === 'genotype') return { format: LabFileFormat.TwentyThreeAndMe };
    if (header[3] === 'allele1') return { format: LabFileFormat.AncestryDna };
  }
  return { unknown: true, line: firstLine };
}
