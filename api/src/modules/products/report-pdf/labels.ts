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
    approvedBy: 'Lékařské schválení',
    licence: 'č. licence',
    publishedOn: 'Datum vydání',
    verificationCode: 'Ověřovací kód',
    page: 'Strana',
    of: 'z',
    preliminary: 'PŘEDBĚŽNÁ ZPRÁVA',
    preview: 'NÁHLED',
    sex: 'Pohlaví',
    sampleType: 'Druh vzorku',
    sampleCollected: 'Odběr vzorku',
    requestingPhysician: 'Indikující lékař',
    indication: 'Indikace',
    laboratory: 'Laboratoř',
    accreditation: 'Akreditace',
    reportStatus: 'Stav zprávy',
    statusFinal: 'konečná zpráva',
    statusPreliminary: 'předběžná zpráva',
    statusAmended: 'opravená zpráva',
    method: 'Metoda',
    methodLabel: 'Metoda vyšetření',
    genomeBuild: 'Referenční genom',
    markersTested: 'Vyšetřené markery',
    markersCalled: 'stanoveno',
    markersAppendixNote: 'seznam v příloze',
    results: 'Výsledky genotypizace',
    resultsNote:
      'Genotyp je uveden ve směru čtení genu (podle HGVS c.); interpretace uvádí fenotyp a jeho výsledek.',
    resultsEmpty: 'Zpráva neuvádí žádný výsledek genotypizace.',
    hgvsP: 'HGVS p.',
    zygosity: 'Zygotnost',
    interpretation: 'Interpretace',
    geneGenotype: 'Genotyp (vlákno genu)',
    notReported: 'Nevydáno',
    withheld: 'Nevydané výsledky',
    withheldNote: 'Lékař rozhodl, že tyto výsledky zpráva neuvádí; důvod je uveden u každého z nich.',
    appendix: 'Příloha: vyšetřené markery a stav jejich stanovení',
    callStatus: 'Stav stanovení',
    calledStatus: 'stanoveno',
    noCallStatus: 'nestanoveno (no call)',
    technicallyValidatedBy: 'Technická validace',
    callRate: 'call rate',
    noCalls: 'nestanovené markery',
    controlsPassed: 'kontroly vyhověly',
    controlsFailed: 'kontroly nevyhověly',
    onDate: 'dne',
    notValidated: 'technická validace nezaznamenána',
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
    approvedBy: 'Medically approved by',
    licence: 'licence no.',
    publishedOn: 'Date of issue',
    verificationCode: 'Verification code',
    page: 'Page',
    of: 'of',
    preliminary: 'PRELIMINARY REPORT',
    preview: 'PREVIEW',
    sex: 'Sex',
    sampleType: 'Sample type',
    sampleCollected: 'Sample collected',
    requestingPhysician: 'Requesting physician',
    indication: 'Indication',
    laboratory: 'Laboratory',
    accreditation: 'Accreditation',
    reportStatus: 'Report status',
    statusFinal: 'final report',
    statusPreliminary: 'preliminary report',
    statusAmended: 'amended report',
    method: 'Method',
    methodLabel: 'Test method',
    genomeBuild: 'Genome build',
    markersTested: 'Markers tested',
    markersCalled: 'called',
    markersAppendixNote: 'listed in the appendix',
    results: 'Genotyping results',
    resultsNote:
      "The genotype is given on the gene's strand (as HGVS c. reads it); the interpretation names the phenotype and its result.",
    resultsEmpty: 'The report gives no genotyping result.',
    hgvsP: 'HGVS p.',
    zygosity: 'Zygosity',
    interpretation: 'Interpretation',
    geneGenotype: "Genotype (gene's strand)",
    notReported: 'Not reported',
    withheld: 'Results not reported',
    withheldNote:
      'The physician decided that the report does not give these results; the reason is given for each.',
    appendix: 'Appendix: markers tested and their call status',
    callStatus: 'Call status',
    calledStatus: 'called',
    noCallStatus: 'no call',
    technicallyValidatedBy: 'Technically validated by',
    callRate: 'call rate',
    noCalls: 'no-calls',
    controlsPassed: 'controls passed',
    controlsFailed: 'controls failed',
    onDate: 'on',
    notValidated: 'no technical validation recorded',
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

/** The customer's sex as printed (`customers.gender`: 1 male, 2 female). */
export const sexLabels: Record<1 | 2, Record<Locale, string>> = {
  1: { cs: 'muž', en: 'male' },
  2: { cs: 'žena', en: 'female' },
};

/** The sample's type as printed (`samples.sample_type`). */
export const sampleTypeLabels: Record<'buccalSwab' | 'saliva' | 'blood' | 'dna', Record<Locale, string>> = {
  buccalSwab: { cs: 'bukální stěr', en: 'buccal swab' },
  saliva: { cs: 'sliny', en: 'saliva' },
  blood: { cs: 'periferní krev', en: 'peripheral blood' },
  dna: { cs: 'izolovaná DNA', en: 'isolated DNA' },
};

/**
 * The method printed unless the laboratory configures its own (`REPORT_METHOD_CS` / `_EN`): what the
 * test is, without naming a platform the laboratory may not use.
 */
export const defaultReportMethod: Record<Locale, string> = {
  cs:
    'Cílená genotypizace jednonukleotidových variant a malých inzercí/delecí uvedených v příloze ' +
    'z DNA izolované ze vzorku; genotypy jsou hodnoceny vůči referenčnímu genomu a mapě markerů laboratoře.',
  en:
    'Targeted genotyping of the single-nucleotide variants and small insertions/deletions listed in the ' +
    "appendix in DNA extracted from the sample; genotypes are read against the reference genome and the laboratory's marker map.",
};
