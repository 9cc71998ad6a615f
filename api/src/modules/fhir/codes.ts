// The code systems, profiles and codes of HL7 FHIR R4 and the Genomics Reporting IG (STU3, 3.0.0) that
// the report's bundle uses, as the IG's own profiles and examples spell them (docs/api.md, "FHIR").

export const ig = 'http://hl7.org/fhir/uv/genomics-reporting';

/** The IG's profiles the bundle claims in `meta.profile`. */
export const profiles = {
  genomicReport: `${ig}/StructureDefinition/genomic-report`,
  variant: `${ig}/StructureDefinition/variant`,
  diagnosticImplication: `${ig}/StructureDefinition/diagnostic-implication`,
} as const;

export const systems = {
  loinc: 'http://loinc.org',
  /** HL7 v2 table 0074: the diagnostic service section, `GE` genetics. */
  diagnosticService: 'http://terminology.hl7.org/CodeSystem/v2-0074',
  observationCategory: 'http://terminology.hl7.org/CodeSystem/observation-category',
  dataAbsentReason: 'http://terminology.hl7.org/CodeSystem/data-absent-reason',
  /** The IG's codes for concepts LOINC has none for yet (diagnostic-implication, conclusion-string). */
  tbd: `${ig}/CodeSystem/tbd-codes-cs`,
  hgnc: 'http://www.genenames.org',
  dbSnp: 'http://www.ncbi.nlm.nih.gov/projects/SNP',
  refSeq: 'http://www.ncbi.nlm.nih.gov/refseq',
  hgvs: 'http://varnomen.hgvs.org',
  bcp47: 'urn:ietf:bcp:47',
} as const;

export const translationExtension = 'http://hl7.org/fhir/StructureDefinition/translation';

/** LOINC: the report, the variant assessment and its components, and their answers. */
export const loinc = {
  geneticAnalysisReport: '51969-4',
  variantAssessment: '69548-6',
  geneStudied: '48018-6',
  variationCode: '81252-9',
  codingHgvs: '48004-6',
  proteinHgvs: '48005-3',
  transcriptRefSeq: '51958-7',
  genomicRefSeq: '48013-7',
  assembly: '62374-4',
  coordinateSystem: '92822-6',
  exactStartEnd: '81254-5',
  refAllele: '69547-8',
  altAllele: '69551-0',
  allelicState: '53034-5',
  predictedPhenotype: '81259-4',
} as const;

export const loincAnswers = {
  present: { code: 'LA9633-4', display: 'Present' },
  absent: { code: 'LA9634-2', display: 'Absent' },
  indeterminate: { code: 'LA11884-6', display: 'Indeterminate' },
  heterozygous: { code: 'LA6706-1', display: 'Heterozygous' },
  homozygous: { code: 'LA6705-3', display: 'Homozygous' },
  hemizygous: { code: 'LA6707-9', display: 'Hemizygous' },
  grch37: { code: 'LA14029-5', display: 'GRCh37' },
  grch38: { code: 'LA26806-2', display: 'GRCh38' },
  oneBased: { code: 'LA30102-0', display: '1-based character counting' },
} as const;

/**
 * RefSeq's accession of each chromosome in GRCh37 and GRCh38 (the genomic reference sequence of a
 * marker's position; mitochondrial DNA is the same rCRS in both).
 */
export const chromosomeAccessions: Record<37 | 38, Record<string, string>> = {
  37: {
    1: 'NC_000001.10',
    2: 'NC_000002.11',
    3: 'NC_000003.11',
    4: 'NC_000004.11',
    5: 'NC_000005.9',
    6: 'NC_000006.11',
    7: 'NC_000007.13',
    8: 'NC_000008.10',
    9: 'NC_000009.11',
    10: 'NC_000010.10',
    11: 'NC_000011.9',
    12: 'NC_000012.11',
    13: 'NC_000013.10',
    14: 'NC_000014.8',
    15: 'NC_000015.9',
    16: 'NC_000016.9',
    17: 'NC_000017.10',
    18: 'NC_000018.9',
    19: 'NC_000019.9',
    20: 'NC_000020.10',
    21: 'NC_000021.8',
    22: 'NC_000022.10',
    X: 'NC_000023.10',
    Y: 'NC_000024.9',
    MT: 'NC_012920.1',
  },
  38: {
    1: 'NC_000001.11',
    2: 'NC_000002.12',
    3: 'NC_000003.12',
    4: 'NC_000004.12',
    5: 'NC_000005.10',
    6: 'NC_000006.12',
    7: 'NC_000007.14',
    8: 'NC_000008.11',
    9: 'NC_000009.12',
    10: 'NC_000010.11',
    11: 'NC_000011.10',
    12: 'NC_000012.12',
    13: 'NC_000013.11',
    14: 'NC_000014.9',
    15: 'NC_000015.10',
    16: 'NC_000016.10',
    17: 'NC_000017.11',
    18: 'NC_000018.10',
    19: 'NC_000019.10',
    20: 'NC_000020.11',
    21: 'NC_000021.9',
    22: 'NC_000022.11',
    X: 'NC_000023.11',
    Y: 'NC_000024.10',
    MT: 'NC_012920.1',
  },
};

/** The lab's own identifier systems, code systems and extensions, under its public address. */
export const labSystems = (origin: string) => {
  const base = `${origin.replace(/\/+$/, '')}/fhir`;
  return {
    customer: `${base}/sid/customer`,
    report: `${base}/sid/report`,
    reportVersion: `${base}/sid/report-version`,
    barcode: `${base}/sid/sample-barcode`,
    companyId: `${base}/sid/company-id`,
    physicianLicence: `${base}/sid/physician-licence`,
    geneCode: `${base}/sid/gene-code`,
    geneCombination: `${base}/sid/gene-combination`,
    combinationRule: `${base}/sid/combination-rule`,
    risk: `${base}/CodeSystem/risk`,
    pdfSha256: `${base}/StructureDefinition/pdf-sha256`,
    amendment: `${base}/StructureDefinition/amendment`,
  };
};
