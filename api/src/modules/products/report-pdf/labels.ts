import { type Locale, locales } from '@genodesk/contract';

/** A customer's stored language as a report language (Czech unless it is one the PDF is written in). */
export const reportLanguageOf = (language: string): Locale =>
  (locales as readonly string[]).includes(language) ? (language as Locale) : 'cs';

/** Every fixed word of the report PDF, in the report's language. */
export const reportLabels = {
  cs: {
    title: 'Výsledková zpráva genetického vyšetření',
    companyId: 'IČO',
    customer: 'Zákazník',
    dateOfBirth: 'Datum narození',
    barcode: 'Čárový kód vzorku',
    sampleReceived: 'Přijetí vzorku',
    reportDate: 'Datum zprávy',
    reportNumber: 'Číslo zprávy',
    version: 'verze',
    versionTitle: 'Verze',
    replaces: 'nahrazuje verzi',
    amended: 'Opravená zpráva.',
    ofDate: 'ze dne',
    codeOfReplaced: 'ověřovací kód',
    intro: 'Úvodní slovo lékaře',
    reproductiveIntro: 'Reprodukční genetika',
    summary: 'Souhrn: zvýšená rizika a kombinace nálezů',
    summaryEmpty: 'Ve zprávě není žádný fenotyp s vysokým ani středním rizikem ani žádná kombinace nálezů.',
    weight: 'Klinická závažnost',
    finding: 'Nález',
    combinationFinding: 'Kombinace nálezů',
    combinations: 'Kombinace nálezů',
    risk: 'Riziko',
    phenotype: 'Fenotyp',
    category: 'Kategorie',
    gene: 'Gen',
    code: 'Kód',
    hgvsC: 'HGVS c.',
    protein: 'Protein',
    genotype: 'Genotyp',
    plusStrand: 'plusové vlákno',
    notDetermined: 'Neurčené fenotypy',
    notDeterminedNote:
      'Tyto fenotypy nebylo možné určit: laboratoř nestanovila genotyp některého z potřebných markerů (příčina je uvedena u každého markeru). Nejde o výsledek s nízkým ani jiným rizikem.',
    notDeterminedRetest:
      'Doporučujeme nové vyšetření vzorku (případně odběr nového vzorku), aby bylo možné tyto fenotypy určit.',
    notDeterminedPhenotype:
      'Fenotyp nebylo možné určit, protože laboratoř nestanovila genotyp potřebného markeru. Příčinu a doporučení nového vyšetření uvádí oddíl Neurčené fenotypy.',
    notDeterminedWord: 'neurčeno',
    notDeterminedCause: 'Marker a příčina',
    result: 'Výsledek',
    limitations: 'Omezení vyšetření',
    disclaimer: 'Upozornění',
    approvedBy: 'Schválil(a)',
    licence: 'č. licence',
    publishedOn: 'Datum vydání',
    verificationCode: 'Ověřovací kód',
    page: 'Strana',
    of: 'z',
    preliminary: 'PŘEDBĚŽNÁ ZPRÁVA',
    preview: 'NÁHLED',
  },
  en: {
    title: 'Genetic test report',
    companyId: 'Company ID',
    customer: 'Customer',
    dateOfBirth: 'Date of birth',
    barcode: 'Sample barcode',
    sampleReceived: 'Sample received',
    reportDate: 'Report date',
    reportNumber: 'Report number',
    version: 'version',
    versionTitle: 'Version',
    replaces: 'replaces version',
    amended: 'Amended report.',
    ofDate: 'of',
    codeOfReplaced: 'verification code',
    intro: "Doctor's introduction",
    reproductiveIntro: 'Reproductive genetics',
    summary: 'Summary: increased risks and combined findings',
    summaryEmpty: 'The report has no phenotype with a high or medium risk and no combined finding.',
    weight: 'Clinical weight',
    finding: 'Finding',
    combinationFinding: 'Combined finding',
    combinations: 'Combined findings',
    risk: 'Risk',
    phenotype: 'Phenotype',
    category: 'Category',
    gene: 'Gene',
    code: 'Code',
    hgvsC: 'HGVS c.',
    protein: 'Protein',
    genotype: 'Genotype',
    plusStrand: 'plus strand',
    notDetermined: 'Phenotypes not determined',
    notDeterminedNote:
      'These phenotypes could not be determined: the laboratory did not call the genotype of a marker they need (the cause is given for each marker). This is not a result of low or any other risk.',
    notDeterminedRetest:
      'We advise a retest of the sample (or a new sample) so that these phenotypes can be determined.',
    notDeterminedPhenotype:
      'The phenotype could not be determined because the laboratory did not call the genotype of a marker it needs. The section Phenotypes not determined gives the cause and advises a retest.',
    notDeterminedWord: 'not determined',
    notDeterminedCause: 'Marker and cause',
    result: 'Result',
    limitations: 'Limitations of the test',
    disclaimer: 'Disclaimer',
    approvedBy: 'Approved by',
    licence: 'licence no.',
    publishedOn: 'Date of issue',
    verificationCode: 'Verification code',
    page: 'Page',
    of: 'of',
    preliminary: 'PRELIMINARY REPORT',
    preview: 'PREVIEW',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type ReportLabels = (typeof reportLabels)[Locale];

/** The template's risk keys, by the catalogue's risk (1 low/none, 2 medium, 3 high, 4 protective). */
export const riskKeys = { 1: 'low', 2: 'medium', 3: 'high', 4: 'protective' } as const;
/** 'none': not assessed; 'undetermined': not determined (a gene not called, issue 34). */
export type RiskKey = (typeof riskKeys)[keyof typeof riskKeys] | 'none' | 'undetermined';

export const riskWords: Record<Locale, Record<RiskKey, string>> = {
  cs: {
    high: 'vysoké',
    medium: 'střední',
    low: 'nízké',
    protective: 'ochranný efekt',
    none: 'neposouzeno',
    undetermined: 'neurčeno',
  },
  en: {
    high: 'high',
    medium: 'medium',
    low: 'low',
    protective: 'protective effect',
    none: 'not assessed',
    undetermined: 'not determined',
  },
};

/**
 * The limitations and disclaimer every report prints until the catalogue's are saved
 * (`report_texts`, edited at /templates/report-texts; report-texts.service.ts).
 */
export const defaultReportTexts: Record<Locale, { limitations: string; disclaimer: string }> = {
  cs: {
    limitations:
      'Vyšetření hodnotí pouze uvedené genetické varianty metodou genotypizace; nezjišťuje jiné varianty ' +
      'týchž genů ani jiné geny. Riziko je odvozeno z publikovaných studií populací převážně evropského ' +
      'původu a vyjadřuje predispozici, nikoli jistotu. Výsledek je platný pro vzorek označený uvedeným ' +
      'čárovým kódem.',
    disclaimer:
      'Zpráva neslouží ke stanovení diagnózy ani jako jediný podklad léčebného rozhodnutí. O výsledcích ' +
      'se poraďte se svým lékařem. Genetická predispozice je jen jedním z faktorů; roli hraje i životní ' +
      'styl a prostředí.',
  },
  en: {
    limitations:
      'The test assesses only the genetic variants listed, by genotyping; it does not look for other ' +
      'variants of the same genes or for other genes. Risks are derived from published studies of ' +
      'populations mostly of European descent and express a predisposition, not a certainty. The result ' +
      'is valid for the sample labelled with the barcode given.',
    disclaimer:
      'This report is not a diagnosis and is not the only basis for a treatment decision. Discuss the ' +
      'results with your doctor. A genetic predisposition is only one factor; lifestyle and environment ' +
      'matter too.',
  },
};
