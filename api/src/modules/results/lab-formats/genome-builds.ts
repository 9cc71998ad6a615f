/** Chromosome lengths that tell GRCh37 (hg19, b37) from GRCh38 in a VCF's `##contig` lines. */
const lengths: Record<37 | 38, Record<string, number>> = {
  37: {
    '1': 249250621,
    '2': 243199373,
    '3': 198022430,
    '4': 191154276,
    '5': 180915260,
    '6': 171115067,
    '7': 159138663,
    '8': 146364022,
    '9': 141213431,
    '10': 135534747,
    '11': 135006516,
    '12': 133851895,
    '13': 115169878,
    '14': 107349540,
    '15': 102531392,
    '16': 90354753,
    '17': 81195210,
    '18': 78077248,
    '19': 59128983,
    '20': 63025520,
    '21': 48129895,
    '22': 51304566,
    X: 155270560,
    Y: 59373566,
  },
  38: {
    '1': 248956422,
    '2': 242193529,
    '3': 198295559,
    '4': 190214555,
    '5': 181538259,
    '6': 170805979,
    '7': 159345973,
    '8': 145138636,
    '9': 138394717,
    '10': 133797422,
    '11': 135086622,
    '12': 133275309,
    '13': 114364328,
    '14': 107043718,
    '15': 101991189,
    '16': 90338345,
    '17': 83257441,
    '18': 80373285,
    '19': 58617616,
    '20': 64444167,
    '21': 46709983,
    '22': 50818468,
    X: 156040895,
    Y: 57227415,
  },
};

/** The build a chromosome's length belongs to (the chromosome already normalised), or undefined. */
export function buildOfLength(chromosome: string, length: number): 37 | 38 | 36 | undefined {
  if (lengths[37][chromosome] === length) return 37;
  if (lengths[38][chromosome] === length) return 38;
  // NCBI36 (hg18) chromosome 1, so that such a file is not taken for either.
  if (chromosome === '1' && length === 247249719) return 36;
  return undefined;
}

/**
 * The build an assembly name or reference file name says: GRCh37, hg19, b37, hs37d5, human_g1k_v37 →
 * 37; GRCh38, hg38, hs38 → 38; NCBI36, hg18, b36 → 36. Undefined when it says none.
 */
export function buildOfName(text: string): 37 | 38 | 36 | undefined {
  const lower = text.toLowerCase();
  if (/grch38|hg38|hs38|\bb38\b|_b38|\bgrc38/.test(lower)) return 38;
  if (/grch37|hg19|hs37|\bb37\b|_b37|g1k_v37|\bgrc37/.test(lower)) return 37;
  if (/ncbi36|hg18|\bb36\b|ncbi_build_36/.test(lower)) return 36;
  return undefined;
}

/** A consumer file's comment naming its build: "build 37", "Build 37.1", "GRCh38". */
export function buildOfComment(text: string): 37 | 38 | 36 | undefined {
  const match = /\bbuild\s*(3[678])\b/i.exec(text);
  if (match) return Number(match[1]) as 36 | 37 | 38;
  return buildOfName(text);
}
