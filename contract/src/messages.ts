import type { Locale } from './locales.js';

/** A plural category of `Intl.PluralRules` (Czech uses one, few, many, other; English one, other). */
export type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** The form of a message naming a person of a known gender (a customer's `gender`: 1 male, 2 female). */
export type GenderForm = 'male' | 'female';

/**
 * A text whose words follow a number or a person: plural forms chosen by the `count` parameter with
 * the language's plural rules ("1 řádek", "2 řádky", "5 řádků"), gender forms by the `gender` parameter
 * ("Zákazník … nemá" / "Zákaznice … nemá"); `other` stands for any form a language does not need.
 */
export type MessageForms = { readonly other: string } & Readonly<
  Partial<Record<PluralForm | GenderForm, string>>
>;
export type MessageText = string | MessageForms;

/**
 * Every message the server can answer with, in both languages. Validation schemas carry these keys
 * as their error text; the API and the web translate them with `translateMessage`.
 * Texts are SPEC §5 and §8 verbatim where the spec gives them.
 */
export const messages = {
  required: { cs: 'Pole je povinné!', en: 'This field is required!' },
  tooLong: {
    cs: 'Text je příliš dlouhý (nejvýše {max} znaků)!',
    en: 'The text is too long (at most {max} characters)!',
  },
  requiredField: { cs: 'Je to povinné pole', en: 'This is a required field' },
  invalidEmail: { cs: 'Hodnota není validní e-mail!', en: 'The value is not a valid e-mail!' },
  passwordsNotMatching: { cs: 'Hesla musí být stejná!', en: 'The passwords are not matching!' },
  invalidPhone: { cs: 'Toto není platné telefonní číslo!', en: 'This is not a valid phone number!' },
  mustPickOne: { cs: 'Musíte zvolit jednu možnost!', en: 'You have to choose one option!' },
  duplicateUserEmail: {
    cs: 'Uživatel se zadaným e-mailem již existuje!',
    en: 'A user with the specified e-mail already exists!',
  },
  wrongOldPassword: { cs: 'Nesprávné staré heslo!', en: 'The old password is invalid!' },
  passwordTooShort: {
    cs: 'Heslo musí mít alespoň 12 znaků!',
    en: 'The password must have at least 12 characters!',
  },
  customerPasswordTooShort: {
    cs: 'Heslo musí mít alespoň 8 znaků!',
    en: 'The password must have at least 8 characters!',
  },
  passwordSameAsOld: {
    cs: 'Nové heslo se musí lišit od starého!',
    en: 'The new password must differ from the old one!',
  },
  invalidValue: { cs: 'Neplatná hodnota!', en: 'Invalid value!' },
  invalidColor: { cs: 'Neplatná barva!', en: 'Invalid colour!' },
  accountInactive: {
    cs: 'Váš účet je deaktivován. Obraťte se na administrátora.',
    en: 'Your account is deactivated. Please contact an administrator.',
  },
  noAdminAccess: {
    cs: 'Váš účet nemá přístup do administrace.',
    en: 'Your account has no access to the back-office.',
  },
  invalidCredentials: { cs: 'Nesprávný e-mail nebo heslo!', en: 'Wrong e-mail or password!' },
  signInDelayed: {
    cs: 'Příliš mnoho nezdařených pokusů. Další pokus je možný za {seconds} s.',
    en: 'Too many failed attempts. The next attempt is possible in {seconds} s.',
  },
  tooManyAttempts: {
    cs: 'Příliš mnoho pokusů o přihlášení. Zkuste to prosím za chvíli.',
    en: 'Too many sign-in attempts. Please try again in a while.',
  },
  tooManyRequests: {
    cs: 'Příliš mnoho požadavků. Zkuste to prosím za chvíli.',
    en: 'Too many requests. Please try again in a while.',
  },
  unauthorized: { cs: 'Přihlášení vypršelo nebo chybí.', en: 'You are not signed in.' },
  refreshRejected: {
    cs: 'Platnost přihlášení skončila. Přihlaste se prosím znovu.',
    en: 'Your session has ended. Please sign in again.',
  },
  forbidden: { cs: 'K této akci nemáte oprávnění.', en: 'You do not have permission for this action.' },
  mustChangePassword: {
    cs: 'Před pokračováním si musíte změnit heslo.',
    en: 'You have to change your password before you continue.',
  },
  notFound: { cs: 'Záznam nebyl nalezen.', en: 'The record was not found.' },
  resultsNotAvailable: {
    cs: 'Výsledky nejsou v tuto chvíli k dispozici.',
    en: 'Results are not available at this time.',
  },
  resultsFileRequired: { cs: 'Vyberte soubor s výsledky.', en: 'Choose a results file.' },
  resultsFileEmptyBytes: {
    cs: 'Vybraný soubor je prázdný (0 bajtů).',
    en: 'The chosen file is empty (0 bytes).',
  },
  labFileTooManySamples: {
    cs: 'Soubor obsahuje víc vzorků, než jich lze zpracovat najednou (nejvýše {max}; řádek {line}). Rozdělte ho na menší soubory.',
    en: 'The file holds more samples than can be processed at once (at most {max}; line {line}). Split it into smaller files.',
  },
  labFileUnpacksTooFar: {
    cs: 'Řádek {line}: komprimovaný soubor se rozbaluje nepřiměřeně (nad {max} MB nebo víc než {ratio}× své velikosti); takový soubor nezpracujeme.',
    en: 'Line {line}: the compressed file unpacks out of all proportion (beyond {max} MB or more than {ratio} times its size); such a file is not processed.',
  },
  reportPdfBusy: {
    cs: 'Vytváří se mnoho PDF zpráv najednou; zkuste to prosím za chvíli.',
    en: 'Many report PDFs are being made at once; please try again in a moment.',
  },
  reportPdfBusyForUser: {
    cs: 'Vaše předchozí PDF se ještě vytvářejí; počkejte na ně.',
    en: 'Your previous PDFs are still being made; wait for them.',
  },
  richTextTooDeep: {
    cs: 'Text je vnořený příliš hluboko (nejvýše {max} úrovní seznamů a bloků).',
    en: 'The text nests too deep (at most {max} levels of lists and blocks).',
  },
  richTextWordTooLong: {
    cs: 'Text obsahuje příliš dlouhé slovo (nejvýše {max} znaků bez mezery).',
    en: 'The text holds a word that is too long (at most {max} characters without a space).',
  },
  uploadContentType: {
    cs: 'Soubor s výsledky se nahrává jako soubor (CSV, VCF, text nebo gzip), ne jako JSON nebo formulář.',
    en: 'A results file is uploaded as a file (CSV, VCF, text or gzip), not as JSON or a form.',
  },
  resultsFileTooLarge: {
    cs: 'Soubor s výsledky je příliš velký (nejvýše {max} MB).',
    en: 'The results file is too large (at most {max} MB).',
  },
  resultsFileAlreadyUploaded: {
    cs: 'Tento soubor s výsledky už byl nahrán ({date}).',
    en: 'This results file has already been uploaded ({date}).',
  },
  resultsFileMissingColumn: {
    cs: 'Řádek {line}: chybí sloupec {column}.',
    en: 'Line {line}: the column {column} is missing.',
  },
  resultsFileEmptyValue: {
    cs: 'Řádek {line}: chybí hodnota ve sloupci {column}.',
    en: 'Line {line}: the column {column} has no value.',
  },
  resultsFileInvalidGenotype: {
    cs: 'Řádek {line}: neplatný genotyp „{genotype}“.',
    en: 'Line {line}: invalid genotype "{genotype}".',
  },
  resultsFileWrongFieldCount: {
    cs: 'Řádek {line}: počet hodnot je {found}, očekáváno {expected}.',
    en: 'Line {line}: the number of values is {found}, expected {expected}.',
  },
  resultsFileDuplicateGene: {
    cs: 'Řádek {line}: gen {gene} je u kódu {barcode} uveden podruhé.',
    en: 'Line {line}: the gene {gene} is given twice for the barcode {barcode}.',
  },
  resultsFileBadEncoding: {
    cs: 'Řádek {line}: soubor není v kódování UTF-8.',
    en: 'Line {line}: the file is not UTF-8 encoded.',
  },
  resultsFileEmpty: { cs: 'Soubor neobsahuje žádné výsledky.', en: 'The file contains no results.' },
  resultsFileStrandAmbiguous: {
    cs: 'Řádek {line}: marker {gene} má alely {reference}/{alternative} (A/T nebo C/G), z nichž nelze poznat vlákno; uveďte vlákno souboru (řádek ##strand=plus nebo ##strand=gene před hlavičkou, nebo sloupec strand).',
    en: 'Line {line}: the marker {gene} has the alleles {reference}/{alternative} (A/T or C/G), which cannot tell the strand; declare the file’s strand (a line ##strand=plus or ##strand=gene before the header, or a strand column).',
  },
  resultsFileAmbiguousMarker: {
    cs: 'Řádek {line}: rsID {gene} má v mapě markerů více markerů (více alternativních alel na jedné pozici); uveďte kód genu markeru.',
    en: 'Line {line}: the rsID {gene} has several markers in the marker map (several alternative alleles at one site); give the marker’s gene code.',
  },
  resultsFileOneAllele: {
    cs: 'Řádek {line}: genotyp {genotype} markeru {gene} má jedinou alelu, ale marker leží na autozomu (chromozom {chromosome}), kde má každý dvě.',
    en: 'Line {line}: the genotype {genotype} of the marker {gene} has one allele, yet the marker lies on an autosome (chromosome {chromosome}), where everyone has two.',
  },
  resultsFileUnexpectedAllele: {
    cs: 'Řádek {line}: genotyp {genotype} markeru {gene} nemá alely mapy markerů {reference}/{alternative} (plusové vlákno) ani jejich komplementy.',
    en: 'Line {line}: the genotype {genotype} of the marker {gene} has neither the marker map’s alleles {reference}/{alternative} (plus strand) nor their complements.',
  },
  resultsFileAlleleNotOnStrand: {
    cs: 'Řádek {line}: genotyp {genotype} markeru {gene} neodpovídá alelám {reference}/{alternative} plusového vlákna na deklarovaném vlákně ({strand}).',
    en: 'Line {line}: the genotype {genotype} of the marker {gene} does not match the plus-strand alleles {reference}/{alternative} on the declared strand ({strand}).',
  },
  resultsFileInvalidStrand: {
    cs: 'Řádek {line}: vlákno „{strand}“ není plus ani gene.',
    en: 'Line {line}: the strand "{strand}" is neither plus nor gene.',
  },
  resultsFileBadDeclaration: {
    cs: 'Řádek {line}: deklarace „{declaration}“ není známá (čte se ##strand=plus nebo ##strand=gene).',
    en: 'Line {line}: the declaration "{declaration}" is not known (##strand=plus or ##strand=gene is read).',
  },
  resultsFileMoreErrors: {
    cs: {
      one: '… a ještě {count} chybný řádek.',
      few: '… a ještě {count} chybné řádky.',
      many: '… a ještě {count} chybného řádku.',
      other: '… a ještě {count} chybných řádků.',
    },
    en: { one: '… and {count} more bad line.', other: '… and {count} more bad lines.' },
  },
  // Lab-format results files (issue 23)
  labFileUnknownFormat: {
    cs: 'Řádek {line}: formát souboru nebyl rozpoznán (čte se CSV s výsledky, VCF, Illumina Final Report, 23andMe a AncestryDNA).',
    en: 'Line {line}: the file format is not recognised (the results CSV, VCF, Illumina Final Report, 23andMe and AncestryDNA are read).',
  },
  labFileNoMappedMarker: {
    cs: 'Soubor (řádků: {line}) neobsahuje žádný marker z mapy markerů; zkontrolujte mapu a sestavení genomu.',
    en: 'The file ({line} lines) contains no marker of the marker map; check the map and the genome build.',
  },
  labFileGzipTruncated: {
    cs: 'Řádek {line}: komprimovaný soubor je po {offset} bajtech useknutý (nenahrál se celý?).',
    en: 'Line {line}: the compressed file is cut short after {offset} bytes (was it uploaded whole?).',
  },
  labFileGzipCorrupt: {
    cs: 'Řádek {line}: komprimovaný soubor je po {offset} bajtech poškozený.',
    en: 'Line {line}: the compressed file is damaged after {offset} bytes.',
  },
  labFileBadPosition: {
    cs: 'Řádek {line}: pozice „{position}“ není celé číslo.',
    en: 'Line {line}: the position "{position}" is not a whole number.',
  },
  labFileVcfNoHeader: {
    cs: 'Řádek {line}: VCF nemá před daty řádek hlavičky #CHROM.',
    en: 'Line {line}: the VCF has no #CHROM header line before its data.',
  },
  labFileVcfNoSamples: {
    cs: 'Řádek {line}: VCF nemá žádný sloupec vzorku.',
    en: 'Line {line}: the VCF has no sample column.',
  },
  labFileUnknownSample: {
    cs: 'Řádek {line}: vzorek {barcode} není čárový kód žádného našeho vzorku; soubor nebyl zpracován (opravte jméno sloupce, nebo vzorek odeberte).',
    en: 'Line {line}: the sample {barcode} is not the barcode of any sample of ours; the file was not processed (correct the column name or remove the sample).',
  },
  labFileDuplicateSample: {
    cs: 'Řádek {line}: vzorek {barcode} je v souboru uveden dvakrát.',
    en: 'Line {line}: the sample {barcode} is given twice in the file.',
  },
  labFileMissingBuild: {
    cs: 'Řádek {line}: soubor neuvádí sestavení genomu svých pozic; zvolte při nahrání GRCh37, nebo GRCh38.',
    en: 'Line {line}: the file does not name the genome build of its positions; choose GRCh37 or GRCh38 at upload.',
  },
  labFileUnsupportedBuild: {
    cs: 'Řádek {line}: pozice souboru jsou v sestavení {build}; mapa markerů má jen GRCh37 a GRCh38.',
    en: 'Line {line}: the file’s positions are in {build}; the marker map has GRCh37 and GRCh38 only.',
  },
  labFileBuildConflict: {
    cs: 'Řádek {line}: soubor je v sestavení {file}, ale při nahrání bylo zvoleno {chosen}.',
    en: 'Line {line}: the file is in {file}, but {chosen} was chosen at upload.',
  },
  labFileFinalReportNoData: {
    cs: 'Řádek {line}: Final Report nemá oddíl [Data].',
    en: 'Line {line}: the Final Report has no [Data] section.',
  },
  labFileBarcodeRequired: {
    cs: 'Soubor {format} obsahuje data jednoho člověka: zadejte při nahrání čárový kód jeho vzorku.',
    en: 'A {format} file holds one person’s data: enter the barcode of their sample at upload.',
  },
  labFileLineTooLong: {
    cs: 'Řádek {line}: řádek je delší než {max} MB.',
    en: 'Line {line}: the line is longer than {max} MB.',
  },
  labFileUnexpectedAllele: {
    cs: 'Řádek {line}: alela {allele} u markeru {gene} není ani referenční {reference}, ani alternativní {alternative} (ani jejich komplement).',
    en: 'Line {line}: the allele {allele} of the marker {gene} is neither the reference {reference} nor the alternative {alternative} (nor their complement).',
  },
  labFileInvalidGenotype: {
    cs: 'Řádek {line}: genotyp „{genotype}“ vzorku {sample} není platný (čtou se alely A, C, G, T, I a D, jedna nebo dvě; bez volání -, --, 0 nebo 00).',
    en: 'Line {line}: the genotype "{genotype}" of the sample {sample} is not valid (alleles A, C, G, T, I and D are read, one or two; no call -, --, 0 or 00).',
  },
  labFileVcfInvalidGenotype: {
    cs: 'Řádek {line}: GT „{genotype}“ vzorku {sample} není platný (čísla alel oddělená / nebo |, chybějící alela jako .).',
    en: 'Line {line}: the GT "{genotype}" of the sample {sample} is not valid (allele numbers separated by / or |, a missing allele as .).',
  },
  labFileVcfAlleleIndex: {
    cs: 'Řádek {line}: GT „{genotype}“ vzorku {sample} odkazuje na alelu, kterou řádek nemá (alel v REF a ALT: {alleles}).',
    en: 'Line {line}: the GT "{genotype}" of the sample {sample} points to an allele the row does not have (alleles in REF and ALT: {alleles}).',
  },
  productMovePending: {
    cs: 'Přesun tohoto výsledku už probíhá.',
    en: 'This result is already being moved.',
  },
  productMoveNotAllowed: {
    cs: 'Výsledek nelze přesunout z {from} do {to}.',
    en: 'The result cannot be moved from {from} to {to}.',
  },
  productArchivedReadOnly: {
    cs: 'Archivovaný výsledek nelze upravit. Nejprve jej vraťte do lékařské sekce.',
    en: 'An archived report cannot be edited. Move it back to the doctor section first.',
  },
  publicationNeedsConfirmation: {
    cs: 'Výsledek nelze zveřejnit, dokud lékař nepotvrdí každý otevřený bod. {fields}',
    en: 'The report cannot be published until the doctor confirms each open point. {fields}',
  },
  reportReasonRequired: {
    cs: 'Zpráva už byla vydána jako PDF: uveďte důvod nového vydání.',
    en: 'The report has already been issued as a PDF: give the reason for issuing it again.',
  },
  reportChangedWhilePublishing: {
    cs: 'Zpráva se během vydávání změnila. Zkuste to prosím znovu.',
    en: 'The report changed while it was being issued. Please try again.',
  },
  reportPdfTimedOut: {
    cs: 'Vytvoření PDF zprávy trvalo příliš dlouho a bylo přerušeno. Zkuste to prosím znovu.',
    en: 'Rendering the report PDF took too long and was stopped. Please try again.',
  },
  reportTextTooLong: {
    cs: 'Text může mít nejvýše 4 000 znaků.',
    en: 'The text may have at most 4,000 characters.',
  },
  openPointInspection: {
    cs: 'Výsledek je označen ke kontrole lékařem.',
    en: 'The report is flagged for the doctor’s inspection.',
  },
  openPointNotAssessed: {
    cs: {
      one: '{count} neposouzený fenotyp.',
      few: '{count} neposouzené fenotypy.',
      many: '{count} neposouzeného fenotypu.',
      other: '{count} neposouzených fenotypů.',
    },
    en: { one: '{count} phenotype not assessed.', other: '{count} phenotypes not assessed.' },
  },
  licenceNumberRequired: {
    cs: 'Lékař musí mít číslo licence (registrace v ČLK); tiskne se se schválením zprávy.',
    en: 'A physician needs a licence number (registration with the medical chamber); it is printed with the report’s approval.',
  },
  ownQualificationUnchangeable: {
    cs: 'Svou vlastní odbornou kvalifikaci nemůžete změnit.',
    en: 'You cannot change your own professional qualification.',
  },
  signOffPhysicianOnly: {
    cs: 'Výsledek smí zveřejnit jen lékař (kvalifikace „Lékař“ v profilu uživatele), ať má role jakákoli oprávnění.',
    en: 'Only a physician may publish a report (the qualification “Physician” on the user), whatever the role’s permissions.',
  },
  validationQualificationRequired: {
    cs: 'Technickou validaci smí provést jen laboratorní specialista nebo lékař (kvalifikace v profilu uživatele), ať má role jakákoli oprávnění.',
    en: 'Only a laboratory specialist or a physician may technically validate a report (the qualification on the user), whatever the role’s permissions.',
  },
  controlsNotConfirmed: {
    cs: 'Potvrďte, že jste zkontrolovali kontroly běhu a že prošly.',
    en: 'Confirm that you reviewed the run’s controls and that they passed.',
  },
  releaseNeedsTechnicalValidation: {
    cs: 'Výsledek nelze zveřejnit: jeho současný obsah dosud nikdo technicky nevalidoval. Nejprve ho musí validovat laboratorní specialista.',
    en: 'The report cannot be published: nobody has technically validated its current content yet. A laboratory specialist has to validate it first.',
  },
  releaseFourEyes: {
    cs: 'Výsledek jste technicky validovali vy; podle nastavení laboratoře (čtyři oči) ho musí schválit a zveřejnit jiný lékař.',
    en: 'You technically validated this report; the laboratory’s four-eyes setting requires another physician to sign it off and publish it.',
  },
  finalReportOpenPhenotypes: {
    cs: {
      one: 'Konečná zpráva nic neslibuje: {count} neposouzený nebo neurčený fenotyp posuďte, nebo ho s důvodem vyřaďte ze zprávy. Jinak zprávu zveřejněte předběžně.',
      few: 'Konečná zpráva nic neslibuje: {count} neposouzené nebo neurčené fenotypy posuďte, nebo je s důvodem vyřaďte ze zprávy. Jinak zprávu zveřejněte předběžně.',
      many: 'Konečná zpráva nic neslibuje: {count} neposouzeného nebo neurčeného fenotypu posuďte, nebo je s důvodem vyřaďte ze zprávy. Jinak zprávu zveřejněte předběžně.',
      other:
        'Konečná zpráva nic neslibuje: {count} neposouzených nebo neurčených fenotypů posuďte, nebo je s důvodem vyřaďte ze zprávy. Jinak zprávu zveřejněte předběžně.',
    },
    en: {
      one: 'A final report makes no promises: assess the {count} phenotype not assessed or not determined, or withhold it with a reason. Otherwise publish the report preliminarily.',
      other:
        'A final report makes no promises: assess the {count} phenotypes not assessed or not determined, or withhold them with a reason. Otherwise publish the report preliminarily.',
    },
  },
  releaseNeedsConsultation: {
    cs: 'Výsledek nelze zveřejnit: {phenotypes} vyžaduje před vydáním konzultaci se zákazníkem. Zaznamenejte proběhlou konzultaci, nebo fenotyp s důvodem vyřaďte z online zprávy.',
    en: 'The report cannot be published: {phenotypes} requires a consultation with the customer before release. Record a consultation held, or withhold the phenotype from the online report with a reason.',
  },
  invitePhysicianOnly: {
    cs: 'Pozvat zákazníka ke konzultaci výsledků smí jen lékař (kvalifikace „Lékař“ v profilu uživatele).',
    en: 'Only a physician may invite a customer to discuss their results (the qualification “Physician” on the user).',
  },
  notifyCustomersPhysicianOnly: {
    cs: 'Psát zákazníkům o jejich výsledcích smí jen lékař (kvalifikace „Lékař“ v profilu uživatele).',
    en: 'Only a physician may write to customers about their results (the qualification “Physician” on the user).',
  },
  withholdPhysicianOnly: {
    cs: 'Fenotyp smí ze zprávy vyřadit nebo do ní vrátit jen lékař (kvalifikace „Lékař“ v profilu uživatele).',
    en: 'Only a physician may withhold a phenotype from the report or report it again (the qualification “Physician” on the user).',
  },
  phenotypeNotWithholdable: {
    cs: 'Vyřadit lze jen fenotyp neposouzený, neurčený nebo vyžadující konzultaci; tento je posouzen, proto ho zpráva uvede.',
    en: 'Only a phenotype not assessed, not determined or requiring a consultation can be withheld; this one is assessed, so the report states it.',
  },
  phenotypeNotWithheld: {
    cs: 'Tento fenotyp není ze zprávy vyřazen.',
    en: 'This phenotype is not withheld from the report.',
  },
  releaseNeedsDateOfBirth: {
    cs: {
      male: 'Výsledek nelze zveřejnit: zákazník nemá vyplněné datum narození, druhý identifikátor zprávy. Doplňte ho v jeho kartě.',
      female:
        'Výsledek nelze zveřejnit: zákaznice nemá vyplněné datum narození, druhý identifikátor zprávy. Doplňte ho v její kartě.',
      other:
        'Výsledek nelze zveřejnit: zákazník nemá vyplněné datum narození, druhý identifikátor zprávy. Doplňte ho v kartě zákazníka.',
    },
    en: 'The report cannot be published: the customer has no date of birth, the report’s second identifier. Add it on the customer’s record.',
  },
  openPointNotDetermined: {
    cs: {
      one: '{count} neurčený fenotyp (marker bez určení). Zpráva ho uvede jako neurčený a doporučí nové vyšetření.',
      few: '{count} neurčené fenotypy (marker bez určení). Zpráva je uvede jako neurčené a doporučí nové vyšetření.',
      many: '{count} neurčeného fenotypu (marker bez určení). Zpráva je uvede jako neurčené a doporučí nové vyšetření.',
      other:
        '{count} neurčených fenotypů (marker bez určení). Zpráva je uvede jako neurčené a doporučí nové vyšetření.',
    },
    en: {
      one: '{count} phenotype not determined (a marker not called). The report states it as not determined and advises a retest.',
      other:
        '{count} phenotypes not determined (a marker not called). The report states them as not determined and advises a retest.',
    },
  },
  openPointEmptyIntro: {
    cs: 'Úvodní slovo lékaře je prázdné.',
    en: 'The doctor’s introduction is empty.',
  },
  combinationConditionTemplates: {
    cs: 'Vyberte alespoň jednu šablonu fenotypu.',
    en: 'Pick at least one template of the phenotype.',
  },
  combinationRuleTwoConditions: {
    cs: 'Pravidlo potřebuje alespoň dva fenotypy.',
    en: 'A rule needs at least two phenotypes.',
  },
  combinationRuleDistinct: {
    cs: 'Každý fenotyp může být v pravidle jen jednou.',
    en: 'Each phenotype may be in a rule only once.',
  },
  combinationRuleNameTaken: {
    cs: 'Pravidlo s tímto názvem již existuje.',
    en: 'A rule with this name already exists.',
  },
  templateOfAnotherPhenotype: {
    cs: 'Šablona nepatří k tomuto fenotypu.',
    en: 'The template does not belong to this phenotype.',
  },
  assessmentTextRequired: {
    cs: 'Posouzení vlastním textem potřebuje text pro zákazníka: napište ho, nebo zvolte šablonu.',
    en: 'An assessment with an own text needs the text for the customer: write it, or pick a template.',
  },
  phenotypeNotDetermined: {
    cs: 'Fenotyp nelze posoudit: potřebný marker nebyl určen. Je třeba nové vyšetření vzorku.',
    en: 'The phenotype cannot be assessed: a marker it needs was not called. The sample needs a retest.',
  },
  productStatusNotAllowed: {
    cs: 'Tento stav nelze výsledku nastavit.',
    en: 'The result cannot be given this status.',
  },
  legalGuardianRequired: {
    cs: 'Zákazník je nezletilý: uveďte zákonného zástupce.',
    en: 'The customer is underage: enter the parent or legal guardian.',
  },
  reanalysisRunning: {
    cs: 'Reanalýza všech výsledků už probíhá.',
    en: 'A reanalysis of all results is already running.',
  },
  routeNotFound: { cs: 'Tato adresa API neexistuje.', en: 'This API address does not exist.' },
  badRequest: { cs: 'Neplatný požadavek.', en: 'Invalid request.' },
  databaseUnavailable: {
    cs: 'Databáze je dočasně nedostupná, zkuste to prosím znovu.',
    en: 'The database is temporarily unavailable, please try again.',
  },
  invalidIdempotencyKey: {
    cs: 'Neplatný klíč požadavku (Idempotency-Key).',
    en: 'Invalid request key (Idempotency-Key).',
  },
  idempotencyKeyReused: {
    cs: 'Tento klíč požadavku už byl použit pro jiný požadavek.',
    en: 'This request key was already used for another request.',
  },
  requestInProgress: {
    cs: 'Stejný požadavek se právě zpracovává. Zkuste to prosím za chvíli.',
    en: 'The same request is being processed right now. Please try again in a moment.',
  },
  answerNotKept: {
    cs: 'Tento požadavek už byl proveden. Jeho odpověď obsahovala tajný údaj, který se ukazuje jen jednou, proto ji nelze zopakovat. Začněte prosím znovu.',
    en: 'This request was already carried out. Its answer held a secret that is shown only once, so it cannot be repeated. Please start again.',
  },
  bodyNotObject: {
    cs: 'Tělo požadavku musí být objekt JSON.',
    en: 'The request body must be a JSON object.',
  },
  internalError: {
    cs: 'Došlo k neočekávané chybě serveru.',
    en: 'An unexpected server error occurred.',
  },
  mainDoctorOnlyForDoctor: {
    cs: 'Hlavním lékařem může být jen uživatel s rolí Lékař!',
    en: 'Only a user with the Doctor role can be the main doctor!',
  },
  unknownPermission: { cs: 'Neznámé oprávnění!', en: 'Unknown permission!' },
  cannotDeactivateSelf: {
    cs: 'Nemůžete deaktivovat sám sebe!',
    en: 'You cannot deactivate yourself!',
  },
  // Template catalogue (SPEC §5; `{name}` placeholders are filled from the error's params).
  geneCodesDuplicate: {
    cs: 'Některé geny mají stejný kód',
    en: 'Some of the genes have the same code',
  },
  geneCombinationExists: {
    cs: 'Genová kombinace již existuje!',
    en: 'Gene combination already exists!',
  },
  genotypeCombinationsEqual: {
    cs: 'Kombinace {1} a {2} jsou stejné!',
    en: 'Combinations {1} and {2} are equal!',
  },
  genotypeCombinationTaken: {
    cs: 'Kombinace {1} je již použita v jiné šabloně této genové kombinace!',
    en: 'Combination {1} is already used by another template of this gene combination!',
  },
  genotypeCombinationsRequired: {
    cs: 'Zadejte alespoň jednu kombinaci genotypů!',
    en: 'Enter at least one genotype combination!',
  },
  genotypeMissingGene: {
    cs: 'V kombinaci {1} chybí genotyp genu {gene}!',
    en: 'Combination {1} has no genotype for the gene {gene}!',
  },
  genotypeUnknownGene: {
    cs: 'Kombinace {1} obsahuje gen {gene}, který v genové kombinaci není!',
    en: 'Combination {1} contains the gene {gene}, which is not in the gene combination!',
  },
  invalidGenotype: {
    cs: 'Genotyp „{genotype}“ genu {gene} v kombinaci {1} není platný (např. C/T nebo CT)!',
    en: 'The genotype "{genotype}" of the gene {gene} in combination {1} is not valid (e.g. C/T or CT)!',
  },
  // Issue 34: a gene of the marker map is written with the map's plus-strand alleles (I/D for an indel).
  templateGenotypeNotInNotation: {
    cs: 'Genotyp {genotype} genu {gene} není zapsán na plusovém vlákně mapy markerů (alely {reference} a {alternative}).',
    en: 'The genotype {genotype} of {gene} is not written on the plus strand of the marker map (alleles {reference} and {alternative}).',
  },
  combinationTemplateNotInNotation: {
    cs: 'Šablona č. {template} zapisuje genotyp {genotype} genu {gene} jinak než plusové vlákno mapy markerů (alely {reference} a {alternative}); nejdříve opravte šablonu.',
    en: 'Template no. {template} writes the genotype {genotype} of {gene} other than on the plus strand of the marker map (alleles {reference} and {alternative}); correct the template first.',
  },
  invalidGeneCodes: {
    cs: 'Zadejte kódy genů oddělené čárkou (písmena, číslice, tečka, pomlčka, podtržítko)!',
    en: 'Enter gene codes separated by commas (letters, digits, dot, hyphen, underscore)!',
  },
  geneCodesInUse: {
    cs: 'Geny nelze změnit, dokud má genová kombinace šablony!',
    en: 'The genes cannot be changed while the gene combination has templates!',
  },
  invalidRisk: { cs: 'Riziko musí být 1 až 4!', en: 'The risk must be 1 to 4!' },
  invalidGender: {
    cs: 'Pohlaví musí být 1 (muž), 2 (žena) nebo 3 (obě)!',
    en: 'The gender must be 1 (male), 2 (female) or 3 (both)!',
  },
  categoryNameExists: {
    cs: 'Kategorie s tímto názvem již existuje!',
    en: 'A category with this name already exists!',
  },
  mediaUrlEmpty: {
    cs: 'Adresa vloženého obrázku nebo videa nesmí být prázdná!',
    en: 'The URL of an embedded image or video must not be empty!',
  },
  mediaUrlUnsupported: {
    cs: 'Adresa vloženého videa není podporována (jen https; videa z YouTube nebo Vimeo)!',
    en: 'The URL of an embedded video is not supported (https only; videos from YouTube or Vimeo)!',
  },
  // The media store (issue 36): images only from the app itself.
  mediaImageNotOwn: {
    cs: 'Obrázky lze vkládat jen nahráním do aplikace.',
    en: 'Images can only be added by uploading them to the app.',
  },
  mediaType: {
    cs: 'Obrázek musí být PNG, JPEG, WebP nebo GIF.',
    en: 'The image must be a PNG, JPEG, WebP or GIF.',
  },
  mediaTooLarge: {
    cs: 'Obrázek je příliš velký (nejvýše {max} MB).',
    en: 'The image is too large (at most {max} MB).',
  },
  mediaBroken: {
    cs: 'Obrázek je poškozený nebo neúplný, nebo má víc než {max} pixelů na straně.',
    en: 'The image is damaged or incomplete, or more than {max} pixels on a side.',
  },
  // Customers, samples, barcodes, product types, relationships, questionnaires.
  priceMustBePositive: { cs: 'Cena musí být víc než 0!', en: 'The price must be more than 0!' },
  invalidPrice: {
    cs: 'Cena může mít nejvýš dvě desetinná místa!',
    en: 'The price can have at most two decimal places!',
  },
  productTypeNameExists: {
    cs: 'Typ produktu s tímto názvem již existuje!',
    en: 'A product type with this name already exists!',
  },
  invalidCustomerGender: {
    cs: 'Pohlaví musí být 1 (muž) nebo 2 (žena)!',
    en: 'The gender must be 1 (male) or 2 (female)!',
  },
  mustAgree: { cs: 'Bez tohoto souhlasu nelze pokračovat!', en: 'You cannot continue without this consent!' },
  invalidDate: { cs: 'Neplatné datum!', en: 'Invalid date!' },
  dateOfBirthInFuture: {
    cs: 'Datum narození nemůže být v budoucnosti!',
    en: 'The date of birth cannot be in the future!',
  },
  duplicateCustomerEmail: {
    cs: 'Zákazník se zadaným e-mailem již existuje!',
    en: 'A customer with the specified e-mail already exists!',
  },
  invalidSampleStatus: { cs: 'Stav vzorku musí být 1 až 11!', en: 'The sample status must be 1 to 11!' },
  sampleCollectedInFuture: {
    cs: 'Čas odběru vzorku nemůže být v budoucnosti!',
    en: 'The sample’s collection time cannot be in the future!',
  },
  customerOnLegalHold: {
    cs: 'Zákazníka nelze vymazat: je na něj uplatněna zákonná archivace ({reason}). Nejdřív ji zrušte, až pomine.',
    en: 'The customer cannot be erased: a legal hold stands ({reason}). Lift it first, once it has passed.',
  },
  noValidDnaConsent: {
    cs: {
      male: 'Zákazník {customer} nemá platný souhlas s analýzou DNA, proto nelze provést: {step}. Podepsaný souhlas zaznamenejte v jeho kartě, v části „Souhlas s analýzou DNA“.',
      female:
        'Zákaznice {customer} nemá platný souhlas s analýzou DNA, proto nelze provést: {step}. Podepsaný souhlas zaznamenejte v její kartě, v části „Souhlas s analýzou DNA“.',
      other:
        'Zákazník {customer} nemá platný souhlas s analýzou DNA, proto nelze provést: {step}. Podepsaný souhlas zaznamenejte v kartě zákazníka, v části „Souhlas s analýzou DNA“.',
    },
    en: 'The customer {customer} has no valid consent to DNA analysis, so this cannot be done: {step}. Record the signed consent in the “Consent to DNA analysis” section of the customer’s page.',
  },
  consentSignedInFuture: {
    cs: 'Datum podpisu souhlasu nemůže být v budoucnosti!',
    en: 'The consent’s signing date cannot be in the future!',
  },
  consentWithdrawnInFuture: {
    cs: 'Datum odvolání souhlasu nemůže být v budoucnosti!',
    en: 'The withdrawal date cannot be in the future!',
  },
  consentDayTooEarly: {
    cs: 'Datum souhlasu nemůže být dřívější než 1. 1. 2000!',
    en: 'The consent’s date cannot be earlier than 1 January 2000!',
  },
  consentSignedBeforeBirth: {
    cs: 'Datum podpisu souhlasu nemůže být dřívější než datum narození zákazníka ({dateOfBirth})!',
    en: 'The consent’s signing date cannot be earlier than the customer’s date of birth ({dateOfBirth})!',
  },
  consentWithdrawnBeforeSigned: {
    cs: 'Souhlas nelze odvolat dříve, než byl podepsán ({signedOn}).',
    en: 'A consent cannot be withdrawn before it was signed ({signedOn}).',
  },
  consentScanType: {
    cs: 'Sken souhlasu musí být PDF, PNG nebo JPEG.',
    en: 'The consent’s scan must be a PDF, PNG or JPEG.',
  },
  consentScanTooLarge: {
    cs: 'Sken souhlasu je příliš velký (nejvýše {max} MB).',
    en: 'The consent’s scan is too large (at most {max} MB).',
  },
  consentAlreadyValid: {
    cs: 'Zákazník už má platný souhlas s analýzou DNA (verze {version}, podepsán {signedOn}). Nový lze zaznamenat až po odvolání.',
    en: 'The customer already has a valid consent to DNA analysis (version {version}, signed {signedOn}). A new one can be recorded only after a withdrawal.',
  },
  consentNoneToWithdraw: {
    cs: 'Zákazník nemá platný souhlas s analýzou DNA, není co odvolat.',
    en: 'The customer has no valid consent to DNA analysis; there is nothing to withdraw.',
  },
  consentUntickRefused: {
    cs: 'Souhlas s analýzou DNA se neodškrtává: odvolejte jej akcí „Odvolat souhlas“ v kartě zákazníka (s datem a dalším postupem).',
    en: 'The consent to DNA analysis is not unticked: withdraw it with the “Withdraw consent” action on the customer’s page (with a date and what happens next).',
  },
  uploadSampleNoValidConsent: {
    cs: 'Bez platného souhlasu s analýzou DNA: výsledky nespárovány, čekají na nový souhlas.',
    en: 'No valid consent to DNA analysis: results not paired, waiting for a new consent.',
  },
  sampleStateChanged: {
    cs: 'Vzorek {id} se mezitím změnil (nyní „{status}“); nic nebylo provedeno. Obnovte seznam.',
    en: 'Sample {id} has changed meanwhile (now "{status}"); nothing was done. Refresh the list.',
  },
  sampleWrongStatus: {
    cs: 'Vzorek {id} je ve stavu „{status}“, akci „{action}“ nelze provést!',
    en: 'Sample {id} is in the status "{status}"; the action "{action}" is not possible!',
  },
  samplesRequired: { cs: 'Vyberte alespoň jeden vzorek!', en: 'Choose at least one sample!' },
  unknownBarcode: {
    cs: 'Čárový kód {barcode} nepatří žádnému vzorku.',
    en: 'The barcode {barcode} belongs to no sample.',
  },
  noFreeBarcode: {
    cs: 'Nejsou volné čárové kódy, vygenerujte novou sadu!',
    en: 'There are no free barcodes; generate a new batch!',
  },
  barcodeCountRange: {
    cs: 'Počet čárových kódů musí být 1 až 1000!',
    en: 'The number of barcodes must be 1 to 1000!',
  },
  partnerSelf: {
    cs: 'Zákazník nemůže být partnerem sám sobě!',
    en: 'A customer cannot be their own partner!',
  },
  partnerUnderage: {
    cs: 'Partnerem může být jen zletilý zákazník!',
    en: 'Only an adult customer can be a partner!',
  },
  customerAlreadyLinked: {
    cs: 'Zákazník již má přiřazeného partnera!',
    en: 'The customer already has a partner!',
  },
  customerErasedNoExport: {
    cs: 'Osobní údaje zákazníka byly vymazány; není co exportovat.',
    en: "The customer's personal data has been erased; there is nothing to export.",
  },
  partnerAlreadyLinked: {
    cs: 'Zvolený partner je již propojen s jiným zákazníkem!',
    en: 'The chosen partner is already linked with another customer!',
  },
  relationshipInfoNotRequested: {
    cs: 'Zákazník o propojení s partnerem nepožádal.',
    en: 'The customer has not asked to be linked with a partner.',
  },
  relationshipInfoRequested: {
    cs: 'Zákazník žádá o propojení s partnerem; vyberte partnera z kandidátů.',
    en: 'The customer asks to be linked with a partner; choose the partner among the candidates.',
  },
  relationshipInfoAccepted: {
    cs: 'Zákazník je propojen s partnerem.',
    en: 'The customer is linked with a partner.',
  },
  unknownQuestionnaireSection: { cs: 'Neznámá část dotazníku!', en: 'Unknown questionnaire section!' },
  unknownQuestion: { cs: 'Tato otázka v části dotazníku není!', en: 'This question is not in the section!' },
  questionNotAskedOfGender: {
    cs: 'Tato otázka se na pohlaví zákazníka nevztahuje!',
    en: "This question does not apply to the customer's gender!",
  },
  invalidAnswer: { cs: 'Neplatná odpověď!', en: 'Invalid answer!' },
  answerOutOfRange: { cs: 'Odpověď musí být {min} až {max}!', en: 'The answer must be {min} to {max}!' },
  paymentAlreadyCompleted: {
    cs: 'Tato platba už je dokončena.',
    en: 'This payment is already completed.',
  },
  paymentCancelled: {
    cs: 'Zrušenou platbu kartou nelze schválit; převeďte ji na hotovost, nebo vytvořte jinou platbu.',
    en: 'A cancelled card payment cannot be approved; convert it to cash or create another payment.',
  },
  orderAlreadyPaid: { cs: 'Objednávka už je zaplacena.', en: 'The order is already paid.' },
  paymentNotRefundDue: {
    cs: 'Tato platba není přeplatek k vrácení.',
    en: 'This payment is not an overpayment to refund.',
  },
  paymentAlreadyRefunded: {
    cs: 'Vrácení této platby už bylo zaznamenáno; nic se nezměnilo.',
    en: 'The refund of this payment has already been recorded; nothing changed.',
  },
  orderNotPaid: {
    cs: 'Objednávku lze dokončit až po zaplacení.',
    en: 'The order can be finalized only once it is paid.',
  },
  orderAlreadyFinalized: { cs: 'Objednávka už je dokončena.', en: 'The order is already finalized.' },
  orderCustomerErased: {
    cs: 'Zákazník této objednávky byl vymazán; objednávka zůstává jen pro účetnictví.',
    en: "This order's customer was erased; the order is kept for accounting only.",
  },
  statementAlreadyImported: {
    cs: 'Tento výpis už byl importován; nic se nezměnilo.',
    en: 'This statement has already been imported; nothing changed.',
  },
  statementLineNotCredit: {
    cs: 'Tento řádek výpisu není příchozí platba.',
    en: 'This statement line is not an incoming payment.',
  },
  statementLineAlreadyMatched: {
    cs: 'Tento řádek výpisu už je spárován.',
    en: 'This statement line is already matched.',
  },
  orderNumberUnknown: {
    cs: 'Objednávka {number} neexistuje.',
    en: 'There is no order {number}.',
  },
  statementAmountNotDue: {
    cs: 'Platba {amount} Kč neodpovídá dlužné částce objednávky {due} Kč.',
    en: 'The payment of CZK {amount} is not what the order owes (CZK {due}).',
  },
  notAStatement: {
    cs: 'Soubor není bankovní výpis ve formátu GPC (ABO): řádek {line} nelze přečíst.',
    en: 'The file is not a GPC (ABO) bank statement: line {line} cannot be read.',
  },
  badSignature: { cs: 'Neplatný podpis oznámení.', en: 'The notification’s signature is not valid.' },
  notificationsOff: {
    cs: 'Oznámení platební brány nejsou nastavena.',
    en: 'Payment gateway notifications are not configured.',
  },
  emailToOrFilter: {
    cs: 'Zadejte buď jednu adresu, nebo výběr zákazníků.',
    en: 'Give either one address or a selection of customers.',
  },
  noRecipients: {
    cs: 'Výběru neodpovídá žádný zákazník, který souhlasil se zasíláním e-mailů. Nic nebylo odesláno.',
    en: 'No customer who agreed to e-mails matches the selection. Nothing was sent.',
  },
  outboxNotFailed: {
    cs: 'Znovu odeslat lze jen zprávu, jejíž doručení selhalo.',
    en: 'Only a message whose delivery failed can be sent again.',
  },
  outboxBodyPurged: {
    cs: 'Text této zprávy byl po uplynutí doby uchování smazán; znovu odeslat ji nelze.',
    en: 'The text of this message was deleted after its retention period; it cannot be sent again.',
  },
  voucherCountTooLow: {
    cs: 'Počet voucherů musí být víc než 1!',
    en: 'The number of vouchers must be more than 1!',
  },
  voucherCountTooHigh: {
    cs: 'Najednou lze vytvořit nejvýš 10 000 voucherů!',
    en: 'At most 10,000 vouchers can be created at once!',
  },
  valueNotNegative: { cs: 'Cena musí být víc než -1!', en: 'The price must be more than -1!' },
  voucherValidToPast: {
    cs: 'Platnost nového voucheru nemůže skončit v minulosti!',
    en: 'A new voucher cannot be valid only until a past day!',
  },
  usageCountTooLow: {
    cs: 'Počet použití musí být alespoň 1!',
    en: 'The usage count must be at least 1!',
  },
  voucherCodeCharacters: {
    cs: 'Kód voucheru smí obsahovat jen písmena A–Z bez diakritiky, číslice a pomlčky!',
    en: 'A voucher code may contain only letters A–Z without diacritics, digits and hyphens!',
  },
  voucherCodeExists: {
    cs: 'Voucher s kódem {code} již existuje!',
    en: 'A voucher with the code {code} already exists!',
  },
  voucherCodesExhausted: {
    cs: 'Pro předponu {code} se nepodařilo vytvořit jedinečné kódy; zvolte jinou předponu.',
    en: 'No unique codes could be made with the prefix {code}; choose another prefix.',
  },
  voucherUnknown: {
    cs: 'Voucher s tímto kódem neexistuje.',
    en: 'There is no voucher with this code.',
  },
  voucherExpired: {
    cs: 'Platnost voucheru skončila {date}.',
    en: 'The voucher expired on {date}.',
  },
  voucherExhausted: {
    cs: 'Voucher už byl vyčerpán (žádné zbývající použití).',
    en: 'The voucher has been used up (no uses remain).',
  },
  voucherWrongProductType: {
    cs: 'Produktový voucher platí jen pro produkt {productType}.',
    en: 'The product voucher is valid only for the product {productType}.',
  },
  voucherExceedsAmountDue: {
    cs: 'Voucher má hodnotu {value}, ale zbývá uhradit jen {due}. Uplatněním se spotřebuje celý a {lost} propadne.',
    en: 'The voucher is worth {value}, but only {due} is left to pay. Applied, it is used up and {lost} is lost.',
  },
  voucherCardPaymentInProgress: {
    cs: 'K objednávce probíhá platba kartou: voucher lze uplatnit, až ji platební brána zruší, nebo platbu schvalte.',
    en: 'A card payment of the order is in progress: apply the voucher once the gateway cancels it, or approve the payment.',
  },
  voucherAlreadyOnOrder: {
    cs: 'Tento voucher už je na objednávce uplatněn.',
    en: 'This voucher is already applied to the order.',
  },
  voucherNotOnOrder: {
    cs: 'Tento voucher na objednávce uplatněn není.',
    en: 'This voucher is not applied to the order.',
  },
  // Consulting rooms and reservations (SPEC §5, §8).
  consultingRoomNameExists: {
    cs: 'Ambulance s tímto názvem již existuje!',
    en: 'A consulting room with this name already exists!',
  },
  doctorRequired: { cs: 'Musíte zvolit lékaře!', en: 'You have to choose a doctor!' },
  temporaryPasswordExpired: {
    cs: 'Dočasné heslo už vypršelo. Požádejte správce o nové.',
    en: 'The temporary password has expired. Ask an administrator for a new one.',
  },
  roleBeyondOwnPermissions: {
    cs: 'Tuto roli nemůžete přidělit: dává oprávnění, která sami nemáte.',
    en: 'You cannot give this role: it grants permissions you do not hold yourself.',
  },
  ownRolePermissionsUnchangeable: {
    cs: 'Oprávnění své vlastní role měnit nemůžete; požádejte jiného správce.',
    en: 'You cannot change the permissions of your own role; ask another administrator.',
  },
  roleChangeBeyondOwnPermissions: {
    cs: 'Tuto roli měnit nemůžete: má oprávnění, která sami nemáte.',
    en: 'You cannot change this role: it has permissions you do not hold yourself.',
  },
  lastKeyPermissionHolder: {
    cs: 'Takto by oprávnění „{permission}“ neměl žádný aktivní uživatel a nikdo by ho nemohl vrátit. Nejprve ho dejte jinému uživateli.',
    en: 'This would leave no active user with the permission "{permission}", and nobody could give it back. Give it to another user first.',
  },
  permissionBeyondOwn: {
    cs: 'Nemůžete udělit oprávnění, které sami nemáte.',
    en: 'You cannot grant a permission you do not hold yourself.',
  },
  userBeyondOwnPermissions: {
    cs: 'Tohoto uživatele spravovat nemůžete: jeho role má oprávnění, která sami nemáte.',
    en: 'You cannot manage this user: their role has permissions you do not hold yourself.',
  },
  ownRoleUnchangeable: {
    cs: 'Svou vlastní roli změnit nemůžete; požádejte jiného správce.',
    en: 'You cannot change your own role; ask another administrator.',
  },
  secondFactorRequired: {
    cs: 'Přihlášení ještě čeká na druhý faktor.',
    en: 'The sign-in still waits for its second factor.',
  },
  twoFactorEnrolmentRequired: {
    cs: 'Vaše role vyžaduje dvoufázové přihlášení. Nejdřív si nastavte druhý faktor.',
    en: 'Your role requires two-factor sign-in. Set up a second factor first.',
  },
  invalidSecondFactorCode: {
    cs: 'Kód nesouhlasí nebo už byl použit.',
    en: 'The code is wrong or has already been used.',
  },
  passkeyRejected: {
    cs: 'Přístupový klíč se nepodařilo ověřit.',
    en: 'The passkey could not be verified.',
  },
  passkeyUnknown: {
    cs: 'Tento přístupový klíč u vašeho účtu není.',
    en: 'This passkey does not belong to your account.',
  },
  totpNotSetUp: {
    cs: 'Nejdřív načtěte nový QR kód.',
    en: 'Start by showing a new QR code.',
  },
  totpAlreadySetUp: {
    cs: 'Ověřovací aplikaci už máte nastavenou. Chcete-li jinou, nejdřív tu stávající odeberte.',
    en: 'You already have an authenticator app. To use another, remove the current one first.',
  },
  secondFactorNotPending: {
    cs: 'Toto přihlášení na druhý faktor nečeká.',
    en: 'This sign-in is not waiting for a second factor.',
  },
  lastSecondFactor: {
    cs: 'Vaše role vyžaduje druhý faktor: poslední odebrat nelze.',
    en: 'Your role requires a second factor: the last one cannot be removed.',
  },
  wrongPassword: { cs: 'Nesprávné heslo!', en: 'Wrong password!' },
  ownFactorsReset: {
    cs: 'Své vlastní druhé faktory zrušit nemůžete; spravujte je v profilu.',
    en: 'You cannot reset your own second factors; manage them in your profile.',
  },
  passwordTooCommon: {
    cs: 'Toto heslo je příliš běžné. Zvolte jiné.',
    en: 'This password is too common. Choose another one.',
  },
  currentPasswordRequired: {
    cs: 'Pro změnu e-mailu zadejte své heslo.',
    en: 'Enter your password to change your e-mail.',
  },
  currentPasswordRequiredForFactor: {
    cs: 'Přidání druhého faktoru potvrďte svým heslem.',
    en: 'Confirm adding a second factor with your password.',
  },
  invalidTimeOfDay: { cs: 'Zadejte čas jako 08:00.', en: 'Enter a time such as 08:00.' },
  invalidOpenDays: { cs: 'Zvolte dny v týdnu.', en: 'Choose days of the week.' },
  noOpenDays: {
    cs: 'Zvolte aspoň jeden den v týdnu, kdy je ambulance otevřená!',
    en: 'Choose at least one day of the week the consulting room is open!',
  },
  roomClosesBeforeOpening: {
    cs: 'Ordinační doba musí končit až po svém začátku.',
    en: 'The surgery hours must end after they begin.',
  },
  roomRequired: { cs: 'Musíte vybrat ambulanci!', en: 'You have to choose a consulting room!' },
  repeatAtLeastZero: { cs: 'Opakování musí být aspoň 0!', en: 'The repeat count must be at least 0!' },
  repeatAtMostTwelve: {
    cs: 'Opakování může být nejvýš 12 týdnů!',
    en: 'The repeat count can be at most 12 weeks!',
  },
  reservationStartInPast: {
    cs: 'Rezervace musí začínat v budoucnosti!',
    en: 'A reservation must begin in the future!',
  },
  reservationEndBeforeStart: {
    cs: 'Rezervace musí končit později, než začíná!',
    en: 'A reservation must end later than it begins!',
  },
  subjectOneLine: {
    cs: 'Předmět musí být na jednom řádku!',
    en: 'The subject must be on one line!',
  },
  pragueTimeSkipped: {
    cs: 'Tento čas v Praze neexistuje: při přechodu na letní čas se hodiny posouvají z 2:00 na 3:00.',
    en: 'This time does not exist in Prague: the clocks go forward from 2:00 to 3:00 that night.',
  },
  reservationCustomerAndFake: {
    cs: 'Rezervace nemůže mít zákazníka a zároveň být obsazená bez klienta!',
    en: 'A reservation cannot have a customer and be occupied without a client!',
  },
  reservationOverlap: {
    cs: 'Ambulance je v tomto čase již obsazená!',
    en: 'The consulting room is already busy at this time!',
  },
  reservationSeriesOverlap: {
    cs: 'Ambulance je v některých termínech opakování již obsazená: {dates}',
    en: 'The consulting room is already busy on some of the recurring dates: {dates}',
  },
  reservationOverlapsFreeSlot: {
    cs: 'V tomto čase má ambulance vypsaný volný termín. Otevřete ho v kalendáři a přiřaďte do něj zákazníka.',
    en: 'This time is a free slot of the consulting room. Open the free slot in the calendar and assign the customer to it.',
  },
  reservationSeriesOverlapsFreeSlot: {
    cs: 'V některých termínech opakování má ambulance vypsaný volný termín: {dates}. Otevřete je v kalendáři a přiřaďte do nich zákazníka.',
    en: 'Some of the recurring dates are free slots of the consulting room: {dates}. Open them in the calendar and assign the customer to them.',
  },
  reservationCustomerOverlap: {
    cs: 'Zákazník má v tomto čase již jinou rezervaci!',
    en: 'The customer already has another reservation at this time!',
  },
  reservationSeriesCustomerOverlap: {
    cs: 'Zákazník má v některých termínech opakování již jinou rezervaci: {dates}',
    en: 'The customer already has another reservation on some of the recurring dates: {dates}',
  },
  reservationDoctorOverlap: {
    cs: 'Lékař této ambulance má v tomto čase již rezervaci v jiné své ambulanci!',
    en: "This consulting room's doctor already has a reservation in another of their consulting rooms at this time!",
  },
  reservationSeriesDoctorOverlap: {
    cs: 'Lékař této ambulance má v některých termínech opakování již rezervaci v jiné své ambulanci: {dates}',
    en: "This consulting room's doctor already has a reservation in another of their consulting rooms on some of the recurring dates: {dates}",
  },
  roomDoctorBusy: {
    cs: 'Zvolený lékař má v jiné své ambulanci rezervace ve stejném čase jako tato ambulance: {dates}',
    en: 'The chosen doctor has reservations in another of their consulting rooms at the same time as this one: {dates}',
  },
  reservationSpansDays: {
    cs: 'Rezervace musí skončit ve stejný den, kdy začíná!',
    en: 'A reservation must end on the day it begins!',
  },
  consultingRoomDisabled: {
    cs: 'Ambulance je vypnutá a nepřijímá nové rezervace!',
    en: 'The consulting room is disabled and takes no new bookings!',
  },
  reservationAlreadyStarted: {
    cs: 'Konzultace již začala nebo proběhla, nelze ji změnit ani zrušit.',
    en: 'The consultation has already begun or taken place; it cannot be changed or cancelled.',
  },
  reservationRangeOrder: {
    cs: 'Konec rozsahu musí být po jeho začátku!',
    en: 'The end of the range must be after its start!',
  },
  reservationRangeTooLong: {
    cs: 'Rozsah může mít nejvýš 100 dní!',
    en: 'The range can span at most 100 days!',
  },
  reservationRequestFailed: { cs: 'Požadavek nelze dokončit', en: 'Could not complete request' },
  // The marker map (issue 23)
  markerInvalidGeneCode: {
    cs: 'Kód genu je jeden kód z písmen, číslic a znaků _ . : - (nejvýše 50 znaků).',
    en: 'The gene code is one code of letters, digits and _ . : - (at most 50 characters).',
  },
  markerInvalidRsid: {
    cs: 'Zadejte rsID jako rs4988235 (nebo nechte prázdné).',
    en: 'Enter the rsID as rs4988235 (or leave it empty).',
  },
  markerInvalidChromosome: {
    cs: 'Chromozom je 1–22, X, Y nebo MT.',
    en: 'The chromosome is 1–22, X, Y or MT.',
  },
  markerInvalidPosition: {
    cs: 'Pozice je celé kladné číslo (nejvýše 300 000 000).',
    en: 'The position is a positive whole number (at most 300,000,000).',
  },
  markerPositionRequired: {
    cs: 'Zadejte pozici alespoň v jednom sestavení (GRCh37 nebo GRCh38).',
    en: 'Enter the position in at least one build (GRCh37 or GRCh38).',
  },
  markerInvalidAllele: {
    cs: 'Alela na plusovém řetězci smí obsahovat jen A, C, G a T.',
    en: 'An allele on the plus strand may contain only A, C, G and T.',
  },
  markerInvalidGeneStrand: {
    cs: 'Vlákno genu je + (čte plusové vlákno) nebo - (čte jeho komplement).',
    en: 'The gene strand is + (it reads the plus strand) or - (it reads its complement).',
  },
  markerAllelesEqual: {
    cs: 'Referenční a alternativní alela se musí lišit.',
    en: 'The reference and alternative alleles must differ.',
  },
  markerHgvsStrandMismatch: {
    cs: 'HGVS c. neodpovídá alelám na zvoleném vlákně genu (pro plusové C/T je c.…G>A vlákno -, c.…C>T vlákno +).',
    en: 'The HGVS c. does not match the alleles on the chosen gene strand (for plus C/T, c.…G>A is strand -, c.…C>T strand +).',
  },
  markerGeneCodeTaken: {
    cs: 'Mapa už má marker s kódem genu {geneCode}.',
    en: 'The map already has a marker with the gene code {geneCode}.',
  },
  markerPositionTaken: {
    cs: 'Na chromozomu {chromosome}, pozici {position} (GRCh{build}) s alelami {reference}>{alternative} už je marker {geneCode}.',
    en: 'The marker {geneCode} is already at chromosome {chromosome}, position {position} (GRCh{build}) with the alleles {reference}>{alternative}.',
  },
  markerImportRefused: {
    cs: {
      one: 'Soubor nebyl importován a v mapě se nic nezměnilo: {count} chybný řádek.',
      few: 'Soubor nebyl importován a v mapě se nic nezměnilo: {count} chybné řádky.',
      many: 'Soubor nebyl importován a v mapě se nic nezměnilo: {count} chybného řádku.',
      other: 'Soubor nebyl importován a v mapě se nic nezměnilo: {count} chybných řádků.',
    },
    en: {
      one: 'The file was not imported and nothing in the map changed: {count} bad line.',
      other: 'The file was not imported and nothing in the map changed: {count} bad lines.',
    },
  },
  markerImportLine: {
    cs: 'Řádek {line}, {column}: {reason}',
    en: 'Line {line}, {column}: {reason}',
  },
  markerImportMissingColumn: {
    cs: 'Řádek {line}: v záhlaví chybí sloupce: {columns}.',
    en: 'Line {line}: the header lacks the columns: {columns}.',
  },
  markerImportFieldCount: {
    cs: 'Řádek {line}: počet hodnot je {found}, očekáváno {expected}.',
    en: 'Line {line}: the number of values is {found}, expected {expected}.',
  },
  markerImportDuplicateGeneCode: {
    cs: 'Řádek {line}: kód genu {geneCode} je v souboru už na řádku {first}.',
    en: 'Line {line}: the gene code {geneCode} is already on line {first} of the file.',
  },
  markerImportDuplicatePosition: {
    cs: 'Řádek {line}: stejnou pozici (GRCh{build}) a alely má v souboru už řádek {first}.',
    en: 'Line {line}: line {first} of the file already has the same position (GRCh{build}) and alleles.',
  },
  markerContradictsTemplates: {
    cs: 'Šablona č. {template} katalogu píše gen {geneCode} jako {genotype}, ale alely markeru jsou {reference}/{alternative} (plusové vlákno); opravte nejdřív šablonu, nebo alely markeru.',
    en: 'Template no. {template} of the catalogue writes the gene {geneCode} as {genotype}, but the marker’s alleles are {reference}/{alternative} (plus strand); correct the template or the marker’s alleles first.',
  },
  markerImportContradictsTemplates: {
    cs: 'Řádek {line}: šablona č. {template} katalogu píše gen {geneCode} jako {genotype}, ale alely markeru jsou {reference}/{alternative} (plusové vlákno).',
    en: 'Line {line}: template no. {template} of the catalogue writes the gene {geneCode} as {genotype}, but the marker’s alleles are {reference}/{alternative} (plus strand).',
  },
  markerImportPositionTaken: {
    cs: 'Řádek {line}: stejnou pozici (GRCh{build}) a alely má v mapě marker {geneCode}, který soubor nemění.',
    en: 'Line {line}: the marker {geneCode}, which the file leaves as it is, has the same position (GRCh{build}) and alleles.',
  },
  markerImportBadEncoding: {
    cs: 'Řádek {line}: soubor není v kódování UTF-8.',
    en: 'Line {line}: the file is not UTF-8 encoded.',
  },
  markerImportEmpty: {
    cs: 'Soubor neobsahuje žádné markery (první řádek je záhlaví se sloupci).',
    en: 'The file contains no markers (the first line is a header naming the columns).',
  },
  markerImportMoreErrors: {
    cs: {
      one: '… a ještě {count} chybný řádek.',
      few: '… a ještě {count} chybné řádky.',
      many: '… a ještě {count} chybného řádku.',
      other: '… a ještě {count} chybných řádků.',
    },
    en: { one: '… and {count} more bad line.', other: '… and {count} more bad lines.' },
  },
  markerImportTooLarge: {
    cs: 'Soubor je příliš velký (nejvýše {max} MB).',
    en: 'The file is too large (at most {max} MB).',
  },
} as const satisfies Record<string, Record<Locale, MessageText>>;

export type MessageKey = keyof typeof messages;

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(messages, value);
}

/** Values for a message's `{name}` placeholders, e.g. `{ 1: 2, 2: 5 }` for 'Combinations {1} and {2} are equal!'. */
/**
 * A placeholder's value: text, a number, a calendar day (`YYYY-MM-DD`), or moments (ISO instants) shown
 * on the Prague clock; days and moments are written in the reader's language.
 */
export type MessageParam = string | number | { day: string } | { moments: string[] };
export type MessageParams = Readonly<Record<string, MessageParam>>;

/**
 * How a parameter's time is written: a calendar day in long form ("28. listopadu 2026" / "28 November
 * 2026", as the messages' other days read), a moment on the Prague clock whatever the reader's ("30. 3.
 * 2026 10:00" / "30 Mar 2026, 10:00"; several are parted by semicolons, as English writes a comma in each).
 */
const timeShapes = {
  day: { dateStyle: 'long', timeZone: 'UTC' },
  moment: { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Prague' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** The instant in the shape and language; text that is no time is given back as it is. */
function timeText(shape: keyof typeof timeShapes, locale: Locale, text: string, instant: Date): string {
  if (Number.isNaN(instant.getTime())) return text;
  const key = `${shape} ${locale}`;
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'cs' ? 'cs-CZ' : 'en-GB', timeShapes[shape]);
    timeFormats.set(key, format);
  }
  return format.format(instant);
}

const paramText = (value: MessageParam, locale: Locale) =>
  typeof value !== 'object'
    ? String(value)
    : 'day' in value
      ? timeText('day', locale, value.day, new Date(`${value.day}T00:00:00Z`))
      : value.moments.map((moment) => timeText('moment', locale, moment, new Date(moment))).join('; ');

/** A message key with the values of its placeholders. */
export type Message = { key: MessageKey; params?: MessageParams };

const genderForms: Record<number, GenderForm> = { 1: 'male', 2: 'female' };
const pluralRules = new Map<Locale, Intl.PluralRules>();
const pluralOf = (count: number, locale: Locale): PluralForm => {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
};

/**
 * The form of a text for its parameters: the person's gender (`gender` 1 or 2), else the plural form
 * of `count` in the language, else `other`.
 */
export function formOf(text: MessageText, locale: Locale, params?: MessageParams): string {
  if (typeof text === 'string') return text;
  const gender = params?.gender === undefined ? undefined : genderForms[Number(params.gender)];
  const count = params?.count === undefined ? Number.NaN : Number(params.count);
  const plural = Number.isFinite(count) ? pluralOf(count, locale) : undefined;
  return (gender && text[gender]) ?? (plural && text[plural]) ?? text.other;
}

/**
 * Translates a message key and fills its `{name}` placeholders from `params` (a placeholder without a
 * value stays as it is); any other text is returned as it is.
 */
export function translateMessage(keyOrText: string, locale: Locale, params?: MessageParams): string {
  const text = isMessageKey(keyOrText) ? formOf(messages[keyOrText][locale], locale, params) : keyOrText;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(params, name) ? paramText(params[name] as MessageParam, locale) : placeholder,
  );
}
