import {
  type Locale,
  type Localized,
  pragueTimeZone,
  productStatusLabels,
  type Question,
  questionnaireSection,
  questionnaireSections,
  sampleStatusLabels,
} from '@genodesk/contract';
import type { CustomerDataExport, ExportedChange } from './data-export.js';

// `summary.html` of the customer's data export (issue 24): the same data as `data.json`, readable, in
// the customer's language. One self-contained document (no scripts, no outside resources, its style
// inline), every value escaped; times on Prague's clock, amounts in CZK.

const words = {
  title: { cs: 'Export osobních údajů', en: 'Personal data export' },
  intro: {
    cs: 'Tento dokument je přehled všech osobních údajů, které o vás správce {controller} ({address}) uchovává, podle čl. 15 a 20 obecného nařízení o ochraně osobních údajů (GDPR). Sestaven byl {date}.',
    en: 'This document is an overview of all personal data the controller {controller} ({address}) holds about you, under Articles 15 and 20 of the General Data Protection Regulation (GDPR). It was compiled on {date}.',
  },
  machineReadable: {
    cs: 'Tytéž údaje ve strojově čitelné podobě obsahuje soubor data.json (formát {format}, verze {version}); vydané výsledkové zprávy jsou ve složce reports/.',
    en: 'The same data in machine-readable form is in the file data.json (format {format}, version {version}); the issued reports are in the folder reports/.',
  },
  controllerContact: { cs: 'Kontakt na správce', en: 'Controller contact' },
  companyId: { cs: 'IČO', en: 'Company ID' },
  contents: { cs: 'Obsah', en: 'Contents' },
  none: { cs: 'Žádné záznamy.', en: 'No records.' },
  yes: { cs: 'Ano', en: 'Yes' },
  no: { cs: 'Ne', en: 'No' },
  // Sections
  identity: { cs: 'Osobní údaje', en: 'Identity' },
  agreements: { cs: 'Souhlasy', en: 'Agreements' },
  relationship: { cs: 'Propojení s partnerem', en: 'Partner link' },
  orders: { cs: 'Objednávky', en: 'Orders' },
  payments: { cs: 'Platby', en: 'Payments' },
  vouchersUsed: { cs: 'Uplatněné vouchery', en: 'Vouchers used' },
  bankStatementLines: { cs: 'Bankovní platby', en: 'Bank transfers' },
  samples: { cs: 'Vzorky', en: 'Samples' },
  markersTested: { cs: 'Testované markery', en: 'Markers tested' },
  reports: { cs: 'Výsledkové zprávy', en: 'Reports' },
  questionnaires: { cs: 'Dotazník', en: 'Questionnaire' },
  reservations: { cs: 'Rezervace konzultací', en: 'Consultation bookings' },
  messages: { cs: 'Odeslané zprávy', en: 'Messages sent' },
  accessLog: { cs: 'Kdo nahlížel do vašich údajů', en: 'Who accessed your data' },
  history: { cs: 'Historie změn', en: 'Change history' },
  files: { cs: 'Soubory v archivu', en: 'Files in the archive' },
  // Identity
  name: { cs: 'Jméno', en: 'First name' },
  surname: { cs: 'Příjmení', en: 'Surname' },
  email: { cs: 'E-mail', en: 'E-mail' },
  phone: { cs: 'Telefon', en: 'Phone' },
  gender: { cs: 'Pohlaví', en: 'Gender' },
  dateOfBirth: { cs: 'Datum narození', en: 'Date of birth' },
  address: { cs: 'Adresa', en: 'Address' },
  barcode: { cs: 'Čárový kód', en: 'Barcode' },
  openLimsId: { cs: 'ID v OpenLIMS', en: 'OpenLIMS ID' },
  customerNumber: { cs: 'Číslo zákazníka', en: 'Customer number' },
  registrationSource: { cs: 'Registrace', en: 'Registered through' },
  registeredAt: { cs: 'Datum registrace', en: 'Registered on' },
  language: { cs: 'Jazyk', en: 'Language' },
  notifyByEmail: { cs: 'Oznámení e-mailem', en: 'Notifications by e-mail' },
  notifyBySms: { cs: 'Oznámení SMS', en: 'Notifications by text message' },
  hasPassword: { cs: 'Heslo do zákaznické aplikace', en: 'Customer app password' },
  hasPasswordSet: {
    cs: 'nastaveno (heslo samo se neexportuje)',
    en: 'set (the password itself is not exported)',
  },
  updatedAt: { cs: 'Naposledy změněno', en: 'Last changed' },
  // Agreements
  agreedToTermsOfService: { cs: 'Obchodní podmínky', en: 'Terms of service' },
  agreedToDataProcessing: { cs: 'Zpracování osobních údajů', en: 'Processing of personal data' },
  agreedToDnaAnalysis: { cs: 'Analýza DNA', en: 'DNA analysis' },
  dnaConsentAt: { cs: 'Souhlas s analýzou DNA udělen', en: 'DNA analysis consent given' },
  dnaConsents: { cs: 'Záznamy souhlasu s analýzou DNA', en: 'Records of consent to DNA analysis' },
  consentFormVersion: { cs: 'Verze formuláře', en: 'Form version' },
  consentSignedOn: { cs: 'Podepsán', en: 'Signed on' },
  consentRecordedAt: { cs: 'Zaznamenán', en: 'Recorded' },
  consentRecordedBy: { cs: 'Kdo zaznamenal', en: 'Recorded by' },
  consentScan: { cs: 'Sken (soubor v exportu)', en: 'Scan (file in the export)' },
  consentWithdrawnOn: { cs: 'Odvolán', en: 'Withdrawn on' },
  consentWithdrawalOutcome: { cs: 'Další postup', en: 'What happens next' },
  consentWithdrawalNote: { cs: 'Poznámka', en: 'Note' },
  dnaSampleUsage: { cs: 'Naložení se vzorkem DNA', en: 'Use of the DNA sample' },
  agreedToScientificUse: { cs: 'Využití pro vědecké účely', en: 'Scientific use' },
  agreedToSampleExamination: { cs: 'Vyšetření vzorku', en: 'Examination of the sample' },
  dnaAgreementWasDigital: {
    cs: 'Souhlas s analýzou DNA udělen elektronicky',
    en: 'DNA consent given electronically',
  },
  // Relationship
  status: { cs: 'Stav', en: 'Status' },
  enabled: { cs: 'Propojení zapnuto', en: 'Link enabled' },
  requestedPartner: { cs: 'Požadovaný partner', en: 'Partner asked for' },
  partner: { cs: 'Propojený partner', en: 'Linked partner' },
  requestedAt: { cs: 'Požádáno', en: 'Requested on' },
  acceptedAt: { cs: 'Propojeno', en: 'Linked on' },
  // Orders, payments, vouchers
  orderNumber: { cs: 'Číslo objednávky', en: 'Order number' },
  productType: { cs: 'Produkt', en: 'Product' },
  amount: { cs: 'Částka', en: 'Amount' },
  paymentMethod: { cs: 'Způsob platby', en: 'Payment method' },
  paidAt: { cs: 'Zaplaceno', en: 'Paid on' },
  samplingAtCentre: { cs: 'Odběr v centru', en: 'Sampling at the centre' },
  createdAt: { cs: 'Vytvořeno', en: 'Created' },
  cardStatus: { cs: 'Stav platby kartou', en: 'Card payment status' },
  variableSymbol: { cs: 'Variabilní symbol', en: 'Variable symbol' },
  account: { cs: 'Účet', en: 'Account' },
  completedAt: { cs: 'Dokončeno', en: 'Completed' },
  voucherCode: { cs: 'Kód voucheru', en: 'Voucher code' },
  voucherKind: { cs: 'Druh', en: 'Kind' },
  appliedAt: { cs: 'Uplatněno', en: 'Applied on' },
  validTo: { cs: 'Platnost do', en: 'Valid until' },
  statementDate: { cs: 'Datum výpisu', en: 'Statement date' },
  counterAccount: { cs: 'Protiúčet', en: 'Counter-account' },
  counterName: { cs: 'Název protiúčtu', en: 'Counter-account name' },
  // Samples, markers tested
  sentAt: { cs: 'Odesláno', en: 'Sent' },
  receivedAt: { cs: 'Přijato laboratoří', en: 'Received by the laboratory' },
  analysisStartedAt: { cs: 'Analýza zahájena', en: 'Analysis started' },
  labResults: { cs: 'Laboratorní výsledky', en: 'Laboratory results' },
  geneCode: { cs: 'Gen / marker', en: 'Gene / marker' },
  geneName: { cs: 'Název', en: 'Name' },
  called: { cs: 'Stanoveno', en: 'Called' },
  markersTestedNote: {
    cs: 'Markery, které laboratoř ve vašem vzorku vyšetřila, a zda se je podařilo stanovit. Vaše genotypy a jejich význam dostáváte ve výsledkových zprávách tak, jak je uvolnil lékař (viz Výsledkové zprávy).',
    en: 'The markers the laboratory tested in your sample, and whether each could be called. Your genotypes and what they mean come to you in the reports, as a physician released them (see Reports).',
  },
  hgvsC: { cs: 'HGVS (c.)', en: 'HGVS (c.)' },
  protein: { cs: 'Protein', en: 'Protein' },
  transcript: { cs: 'Transkript', en: 'Transcript' },
  // Reports
  section: { cs: 'Sekce', en: 'Section' },
  generatedAt: { cs: 'Vygenerováno', en: 'Generated' },
  publishedAt: { cs: 'Zveřejněno', en: 'Published' },
  doctor: { cs: 'Lékař', en: 'Doctor' },
  legalGuardian: { cs: 'Zákonný zástupce', en: 'Legal guardian' },
  phenotypeCount: { cs: 'Počet fenotypů', en: 'Phenotypes' },
  released: { cs: 'Uvolněna lékařem', en: 'Released by a physician' },
  reportsNote: {
    cs: 'Výsledky každé zprávy jsou v jejích vydaných verzích (PDF ve složce reports/, tytéž údaje ve formátu HL7 FHIR ve složce fhir/), tak jak je uvolnil lékař. Zpráva, kterou lékař dosud neuvolnil, zde výsledky nemá; dostanete je, až ji uvolní.',
    en: 'Each report’s results are in its issued versions (the PDFs in the folder reports/, the same in HL7 FHIR in the folder fhir/), as a physician released them. A report a physician has not released yet has no results here; you will receive them once it is released.',
  },
  documents: { cs: 'Vydaná PDF', en: 'Issued PDFs' },
  file: { cs: 'Soubor', en: 'File' },
  version: { cs: 'Verze', en: 'Version' },
  preliminary: { cs: 'Předběžná', en: 'Preliminary' },
  verificationCode: { cs: 'Ověřovací kód', en: 'Verification code' },
  issuedAt: { cs: 'Vydáno', en: 'Issued' },
  sha256: { cs: 'SHA-256', en: 'SHA-256' },
  // Questionnaire
  question: { cs: 'Otázka', en: 'Question' },
  answer: { cs: 'Odpověď', en: 'Answer' },
  filledAt: { cs: 'Vyplněno', en: 'Filled in' },
  notFilled: { cs: 'nevyplněno', en: 'not filled in' },
  // Reservations
  type: { cs: 'Typ', en: 'Type' },
  room: { cs: 'Ambulance', en: 'Consulting room' },
  start: { cs: 'Začátek', en: 'Start' },
  end: { cs: 'Konec', en: 'End' },
  cancelledAt: { cs: 'Zrušeno', en: 'Cancelled' },
  // Messages
  channel: { cs: 'Kanál', en: 'Channel' },
  recipient: { cs: 'Příjemce', en: 'Recipient' },
  subject: { cs: 'Předmět', en: 'Subject' },
  text: { cs: 'Text', en: 'Text' },
  attachments: { cs: 'Přílohy', en: 'Attachments' },
  showText: { cs: 'Zobrazit text', en: 'Show the text' },
  // Access log, history
  at: { cs: 'Kdy', en: 'When' },
  by: { cs: 'Kdo', en: 'Who' },
  what: { cs: 'Co', en: 'What' },
  record: { cs: 'Záznam', en: 'Record' },
  field: { cs: 'Údaj', en: 'Field' },
  oldValue: { cs: 'Původní hodnota', en: 'Old value' },
  newValue: { cs: 'Nová hodnota', en: 'New value' },
  customerRecord: { cs: 'Zákazník', en: 'Customer' },
  orderRecord: { cs: 'Objednávka {n}', en: 'Order {n}' },
  paymentRecord: { cs: 'Platba k objednávce {n}', en: 'Payment of order {n}' },
  sampleRecord: { cs: 'Vzorek {n}', en: 'Sample {n}' },
  reportRecord: { cs: 'Zpráva {n}', en: 'Report {n}' },
  reportReadRecord: { cs: 'Zpráva {n} (čtení)', en: 'Report {n} (read)' },
  questionnaireRecord: { cs: 'Dotazník', en: 'Questionnaire' },
  reservationRecord: { cs: 'Rezervace {n}', en: 'Booking {n}' },
  dataJson: { cs: 'všechny údaje, strojově čitelné (JSON)', en: 'all the data, machine-readable (JSON)' },
  summaryHtml: { cs: 'tento přehled', en: 'this overview' },
  reportPdf: { cs: 'zpráva {n}, verze {v}', en: 'report {n}, version {v}' },
} satisfies Record<string, Localized>;

type Word = keyof typeof words;

/** Every character with a meaning in HTML, as a character reference. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const intlTag: Record<Locale, string> = { cs: 'cs-CZ', en: 'en-GB' };
const timeFormats = Object.fromEntries(
  (['cs', 'en'] as const).map((locale) => [
    locale,
    new Intl.DateTimeFormat(intlTag[locale], {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: pragueTimeZone,
    }),
  ]),
) as Record<Locale, Intl.DateTimeFormat>;
const dayFormats = Object.fromEntries(
  (['cs', 'en'] as const).map((locale) => [
    locale,
    new Intl.DateTimeFormat(intlTag[locale], { dateStyle: 'medium', timeZone: 'UTC' }),
  ]),
) as Record<Locale, Intl.DateTimeFormat>;

/** What a cell holds: text (escaped when written), or HTML already made of escaped parts. */
type Cell = string | number | boolean | null | undefined | { html: string };

function renderer(data: CustomerDataExport) {
  const locale = data.language;
  const w = (word: Word, params: Record<string, string | number> = {}) =>
    words[word][locale].replace(/\{(\w+)\}/g, (placeholder, name: string) =>
      Object.hasOwn(params, name) ? String(params[name]) : placeholder,
    );
  const cell = (value: Cell): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'boolean') return escapeHtml(w(value ? 'yes' : 'no'));
    if (typeof value === 'object') return value.html;
    return escapeHtml(String(value));
  };
  /** A moment (ISO 8601) on Prague's clock. */
  const time = (iso: string | null): string | null =>
    iso ? timeFormats[locale].format(new Date(iso)) : null;
  /** A calendar day (YYYY-MM-DD). */
  const day = (value: string | null): string | null => {
    if (!value) return null;
    const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? value : dayFormats[locale].format(date);
  };
  /** An amount as `data.json` writes it ("1990.50") with its currency: "1 990,50 CZK" / "1,990.50 CZK". */
  const money = (amount: string, currency: string): string => {
    const [whole = '0', fraction = '00'] = amount.replace('-', '').split('.');
    const grouped = Number(whole).toLocaleString(intlTag[locale], { useGrouping: true });
    const separator = locale === 'cs' ? ',' : '.';
    return `${amount.startsWith('-') ? '−' : ''}${grouped}${separator}${fraction} ${currency}`;
  };
  const localized = (label: Localized) => label[locale];

  /** A table of records: a caption, a header row of column names, a row per record. */
  const table = <T>(caption: string, columns: [Word, (row: T) => Cell][], rows: readonly T[]) => {
    if (rows.length === 0) return `<p class="none">${escapeHtml(w('none'))}</p>`;
    const head = columns.map(([word]) => `<th scope="col">${escapeHtml(w(word))}</th>`).join('');
    const body = rows
      .map((row) => `<tr>${columns.map(([, value]) => `<td>${cell(value(row))}</td>`).join('')}</tr>`)
      .join('\n');
    return `<table>\n<caption>${escapeHtml(caption)}</caption>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
  };
  /** A table of one record: a row per field, its name as the row's header. */
  const fields = (caption: string, rows: [Word, Cell][]) =>
    `<table class="fields">\n<caption>${escapeHtml(caption)}</caption>\n<tbody>\n${rows
      .map(([word, value]) => `<tr><th scope="row">${escapeHtml(w(word))}</th><td>${cell(value)}</td></tr>`)
      .join('\n')}\n</tbody>\n</table>`;
  const section = (id: Word, body: string) =>
    `<section id="${id}" aria-labelledby="${id}-heading">\n<h2 id="${id}-heading">${escapeHtml(w(id))}</h2>\n${body}\n</section>`;

  return { locale, w, cell, time, day, money, localized, table, fields, section };
}

type Renderer = ReturnType<typeof renderer>;

function answerOf(r: Renderer, question: Question | undefined, value: unknown): Cell {
  if (value === null || value === undefined || value === '') return null;
  if (!question) return typeof value === 'object' ? JSON.stringify(value) : String(value);
  switch (question.type) {
    case 'yesNo':
      return typeof value === 'boolean' ? value : String(value);
    case 'choice': {
      const option = question.options.find((o) => o.value === value);
      return option ? r.localized(option.label) : String(value);
    }
    case 'number':
      return question.unit ? `${value} ${question.unit}` : String(value);
    default:
      return String(value);
  }
}

function questionnaireHtml(r: Renderer, data: CustomerDataExport): string {
  if (data.questionnaires.length === 0) return `<p class="none">${escapeHtml(r.w('none'))}</p>`;
  return data.questionnaires
    .map((q) => {
      const filled = `<p>${escapeHtml(r.w('filledAt'))}: ${q.filledAt ? r.cell(r.time(q.filledAt)) : escapeHtml(r.w('notFilled'))}</p>`;
      // The contract's sections in their order, then any section it no longer defines, as stored.
      const known = questionnaireSections.map((s) => s.key);
      const keys = [...known, ...Object.keys(q.answers).filter((key) => !known.includes(key))];
      const parts = keys.map((key) => {
        const definition = questionnaireSection(key);
        const answers = q.answers[key] ?? {};
        const title = definition ? r.localized(definition.label) : key;
        const questionKeys = [
          ...(definition?.questions.map((question) => question.key) ?? []),
          ...Object.keys(answers).filter(
            (k) => !definition?.questions.some((question) => question.key === k),
          ),
        ];
        const rows = questionKeys.map((k) => {
          const question = definition?.questions.find((item) => item.key === k);
          return {
            label: question ? r.localized(question.label) : k,
            answer: answerOf(r, question, answers[k]),
          };
        });
        return `<h3>${escapeHtml(title)}</h3>\n${r.table(
          title,
          [
            ['question', (row) => row.label],
            ['answer', (row) => row.answer],
          ],
          rows,
        )}`;
      });
      return `${filled}\n${parts.join('\n')}`;
    })
    .join('\n');
}

function reportsHtml(r: Renderer, data: CustomerDataExport): string {
  if (data.reports.length === 0) return `<p class="none">${escapeHtml(r.w('none'))}</p>`;
  return `<p>${escapeHtml(r.w('reportsNote'))}</p>
${data.reports
  .map(
    (report) => `<h3>${escapeHtml(report.reportNumber)}</h3>
${r.fields(report.reportNumber, [
  ['productType', report.productType],
  ['status', report.statusName],
  ['section', report.sectionName],
  ['generatedAt', r.time(report.generatedAt)],
  ['publishedAt', r.time(report.publishedAt)],
  ['released', report.released],
  ['doctor', report.doctor],
  ['legalGuardian', [report.legalGuardianName, report.legalGuardianEmail].filter(Boolean).join(', ')],
  ['phenotypeCount', report.phenotypeCount],
])}
<h4>${escapeHtml(r.w('documents'))}</h4>
${r.table(
  `${report.reportNumber}: ${r.w('documents')}`,
  [
    ['file', (d) => ({ html: `<code>${escapeHtml(d.file)}</code>` })],
    ['version', (d) => d.version],
    ['language', (d) => d.language],
    ['preliminary', (d) => d.preliminary],
    ['issuedAt', (d) => r.time(d.issuedAt)],
    ['verificationCode', (d) => d.verificationCode],
    ['sha256', (d) => ({ html: `<code class="hash">${escapeHtml(d.sha256)}</code>` })],
  ],
  report.documents,
)}`,
  )
  .join('\n')}`;
}

/** The audit trail's field names in words (any other is shown as recorded; `data.json` has them all). */
const fieldNames: Record<string, Localized> = {
  created: { cs: 'Vytvoření', en: 'Created' },
  deleted: { cs: 'Smazání', en: 'Deletion' },
  status: { cs: 'Stav', en: 'Status' },
  name: { cs: 'Jméno', en: 'First name' },
  surname: { cs: 'Příjmení', en: 'Surname' },
  email: { cs: 'E-mail', en: 'E-mail' },
  phone: { cs: 'Telefon', en: 'Phone' },
  phonePrefix: { cs: 'Předvolba', en: 'Phone prefix' },
  street: { cs: 'Ulice', en: 'Street' },
  streetNumber: { cs: 'Číslo popisné', en: 'Street number' },
  city: { cs: 'Město', en: 'City' },
  zipCode: { cs: 'PSČ', en: 'Post code' },
  gender: { cs: 'Pohlaví', en: 'Gender' },
  dateOfBirth: { cs: 'Datum narození', en: 'Date of birth' },
  language: { cs: 'Jazyk zpráv', en: 'Message language' },
  barcode: { cs: 'Čárový kód', en: 'Barcode' },
  extID: { cs: 'Čárový kód', en: 'Barcode' },
  openLimsID: { cs: 'ID v OpenLIMS', en: 'OpenLIMS ID' },
  notifyByEmail: { cs: 'Oznámení e-mailem', en: 'Notifications by e-mail' },
  notifyBySms: { cs: 'Oznámení SMS', en: 'Notifications by text message' },
  agreedToDNAAnalysis: { cs: 'Souhlas s analýzou DNA', en: 'DNA analysis consent' },
  DNASampleUsageStatus: { cs: 'Naložení se vzorkem DNA', en: 'Use of the DNA sample' },
  agreedToSampleBeingUsedForScientificPurposes: { cs: 'Využití pro vědecké účely', en: 'Scientific use' },
  agreedToSampleExamination: { cs: 'Vyšetření vzorku', en: 'Examination of the sample' },
  partner: { cs: 'Partner', en: 'Partner' },
  relationshipStatus: { cs: 'Stav propojení', en: 'Link status' },
  passwordReset: { cs: 'Nové heslo', en: 'New password' },
  order: { cs: 'Objednávka', en: 'Order' },
  payment: { cs: 'Platba', en: 'Payment' },
  sample: { cs: 'Vzorek', en: 'Sample' },
  doctorIntro: { cs: 'Úvod lékaře', en: "Doctor's introduction" },
  doctorIntroReproductiveGenetics: {
    cs: 'Úvod lékaře k reprodukční genetice',
    en: "Doctor's introduction to reproductive genetics",
  },
  confirmed: { cs: 'Potvrzeno lékařem', en: 'Confirmed by the doctor' },
  pdfVersion: { cs: 'Verze PDF', en: 'PDF version' },
  pdfReason: { cs: 'Důvod nové verze PDF', en: 'Reason for a new PDF version' },
  section: { cs: 'Sekce', en: 'Section' },
  cancelled: { cs: 'Zrušení', en: 'Cancellation' },
  complete: { cs: 'Dokončeno', en: 'Complete' },
  completed: { cs: 'Dokončeno', en: 'Completed' },
  paidBy: { cs: 'Způsob platby', en: 'Payment method' },
  method: { cs: 'Způsob platby', en: 'Payment method' },
  cardStatus: { cs: 'Stav platby kartou', en: 'Card payment status' },
};

type HistoryRow = ExportedChange & { record: string; entity: 'sample' | 'report' | 'other' };

/** Every recorded change of every record of the customer, oldest first; names and codes in words. */
function historyHtml(r: Renderer, data: CustomerDataExport): string {
  const rows: HistoryRow[] = [];
  const add = (record: string, changes: ExportedChange[], entity: HistoryRow['entity'] = 'other') => {
    for (const change of changes) rows.push({ ...change, record, entity });
  };
  add(r.w('customerRecord'), data.customer.history);
  for (const order of data.orders) add(r.w('orderRecord', { n: order.orderNumber }), order.history);
  for (const payment of data.payments) add(r.w('paymentRecord', { n: payment.orderNumber }), payment.history);
  for (const sample of data.samples)
    add(r.w('sampleRecord', { n: sample.barcode ?? sample.id }), sample.history, 'sample');
  for (const report of data.reports) {
    add(r.w('reportRecord', { n: report.reportNumber }), report.changeLog, 'report');
    add(r.w('reportReadRecord', { n: report.reportNumber }), report.readLog, 'report');
  }
  for (const questionnaire of data.questionnaires) add(r.w('questionnaireRecord'), questionnaire.history);
  for (const reservation of data.reservations)
    add(r.w('reservationRecord', { n: r.time(reservation.start) ?? '' }), reservation.history);
  rows.sort((a, b) => a.at.localeCompare(b.at));
  const statusLabels: Record<HistoryRow['entity'], Record<number, Localized> | null> = {
    sample: sampleStatusLabels,
    report: productStatusLabels,
    other: null,
  };
  const value = (row: HistoryRow, raw: string | null): Cell => {
    if (raw === 'true') return true;
    if (raw === 'false') return false;
    const label =
      raw !== null && row.field === 'status' ? statusLabels[row.entity]?.[Number(raw)] : undefined;
    return label ? r.localized(label) : raw;
  };
  return r.table(
    r.w('history'),
    [
      ['at', (c) => r.time(c.at)],
      ['record', (c) => c.record],
      ['by', (c) => c.by],
      ['field', (c) => (fieldNames[c.field] ? r.localized(fieldNames[c.field]!) : c.field)],
      ['oldValue', (c) => value(c, c.oldValue)],
      ['newValue', (c) => value(c, c.newValue)],
    ],
    rows,
  );
}

const style = `
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1a1a; margin: 0; }
main { max-width: 72rem; margin: 0 auto; padding: 1.5rem; }
h1 { font-size: 1.75rem; } h2 { font-size: 1.35rem; margin-top: 2.5rem; border-bottom: 2px solid #ccc; }
h3 { font-size: 1.1rem; margin-top: 1.5rem; } h4 { font-size: 1rem; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0 1rem; font-size: 0.9rem; }
caption { text-align: left; font-weight: 600; padding: 0.25rem 0; }
th, td { border: 1px solid #bbb; padding: 0.3rem 0.5rem; text-align: left; vertical-align: top; }
thead th, .fields th { background: #f0f0f0; } .fields th { width: 30%; font-weight: 600; }
code.hash { word-break: break-all; font-size: 0.8rem; }
pre { white-space: pre-wrap; } .none { color: #555; font-style: italic; }
@media print { h2 { break-after: avoid; } tr { break-inside: avoid; } }
`;

/** `summary.html`: everything in `data.json`, readable, in the customer's language. */
export function renderDataExportSummary(data: CustomerDataExport): string {
  const r = renderer(data);
  const { w, time, day, money, table, fields, section } = r;
  const c = data.customer;
  const a = data.agreements;
  const controller = data.controller;
  const fullName = `${c.name} ${c.surname}`.trim();

  const sections: [Word, string][] = [
    [
      'identity',
      fields(w('identity'), [
        ['name', c.name],
        ['surname', c.surname],
        ['email', c.email],
        ['phone', `${c.phonePrefix} ${c.phone}`.trim()],
        ['gender', c.genderName],
        ['dateOfBirth', day(c.dateOfBirth)],
        [
          'address',
          [`${c.street} ${c.streetNumber}`.trim(), `${c.zipCode} ${c.city}`.trim()]
            .filter(Boolean)
            .join(', '),
        ],
        ['customerNumber', c.id],
        ['barcode', c.barcode],
        ['openLimsId', c.openLimsId],
        ['registrationSource', c.registrationSourceName],
        ['registeredAt', time(c.registeredAt)],
        ['language', c.language],
        ['notifyByEmail', c.notifyByEmail],
        ['notifyBySms', c.notifyBySms],
        ['hasPassword', c.hasPassword ? w('hasPasswordSet') : false],
        ['updatedAt', time(c.updatedAt)],
      ]),
    ],
    [
      'agreements',
      fields(w('agreements'), [
        ['agreedToTermsOfService', a.agreedToTermsOfService],
        ['agreedToDataProcessing', a.agreedToDataProcessing],
        ['agreedToDnaAnalysis', a.agreedToDnaAnalysis],
        ['dnaConsentAt', time(a.dnaConsentAt)],
        ['dnaAgreementWasDigital', a.dnaAgreementWasDigital],
        ['dnaSampleUsage', a.dnaSampleUsageName],
        ['agreedToScientificUse', a.agreedToScientificUse],
        ['agreedToSampleExamination', a.agreedToSampleExamination],
      ]) +
        '\n' +
        table(
          w('dnaConsents'),
          [
            ['consentFormVersion', (k) => k.formVersion],
            ['consentSignedOn', (k) => day(k.signedOn)],
            ['consentRecordedAt', (k) => time(k.recordedAt)],
            ['consentRecordedBy', (k) => k.recordedBy],
            ['consentScan', (k) => k.scanFile],
            ['consentWithdrawnOn', (k) => day(k.withdrawnOn)],
            ['consentWithdrawalOutcome', (k) => k.withdrawalOutcomeName],
            ['consentWithdrawalNote', (k) => k.withdrawalNote],
          ],
          a.dnaConsents,
        ),
    ],
    [
      'relationship',
      data.relationship
        ? fields(w('relationship'), [
            ['status', data.relationship.statusName],
            ['enabled', data.relationship.enabled],
            [
              'requestedPartner',
              [data.relationship.requestedPartnerFullName, data.relationship.requestedPartnerEmail]
                .filter(Boolean)
                .join(', '),
            ],
            ['partner', data.relationship.partnerFullName],
            ['requestedAt', time(data.relationship.requestedAt)],
            ['acceptedAt', time(data.relationship.acceptedAt)],
          ])
        : `<p class="none">${escapeHtml(w('none'))}</p>`,
    ],
    [
      'orders',
      table(
        w('orders'),
        [
          ['orderNumber', (o) => o.orderNumber],
          ['productType', (o) => o.productType],
          ['amount', (o) => money(o.amount, o.currency)],
          ['paymentMethod', (o) => o.paidByName],
          ['paidAt', (o) => time(o.paidAt)],
          ['samplingAtCentre', (o) => o.samplingAtCentre],
          ['createdAt', (o) => time(o.createdAt)],
        ],
        data.orders,
      ),
    ],
    [
      'payments',
      table(
        w('payments'),
        [
          ['orderNumber', (p) => p.orderNumber],
          ['paymentMethod', (p) => p.methodName],
          ['amount', (p) => money(p.amount, p.currency)],
          ['cardStatus', (p) => p.cardStatusName],
          ['variableSymbol', (p) => p.variableSymbol],
          ['account', (p) => p.account],
          ['completedAt', (p) => time(p.completedAt)],
          ['createdAt', (p) => time(p.createdAt)],
        ],
        data.payments,
      ),
    ],
    [
      'vouchersUsed',
      table(
        w('vouchersUsed'),
        [
          ['voucherCode', (v) => v.code],
          ['voucherKind', (v) => `${v.kindName}, ${v.typeName}`],
          ['orderNumber', (v) => v.orderNumber],
          ['amount', (v) => money(v.amount, v.currency)],
          ['validTo', (v) => day(v.validTo)],
          ['appliedAt', (v) => time(v.appliedAt)],
        ],
        data.vouchersUsed,
      ),
    ],
    [
      'bankStatementLines',
      table(
        w('bankStatementLines'),
        [
          ['statementDate', (l) => day(l.statementDate ?? l.valueDate)],
          ['counterAccount', (l) => l.counterAccount],
          ['counterName', (l) => l.counterName],
          ['amount', (l) => money(l.amount, l.currency)],
          ['variableSymbol', (l) => l.variableSymbol],
          ['orderNumber', (l) => l.orderNumber],
        ],
        data.bankStatementLines,
      ),
    ],
    [
      'samples',
      table(
        w('samples'),
        [
          ['barcode', (s) => s.barcode],
          ['status', (s) => s.statusName],
          ['orderNumber', (s) => s.orderNumber],
          ['sentAt', (s) => time(s.sentAt)],
          ['receivedAt', (s) => time(s.receivedAt)],
          ['analysisStartedAt', (s) => time(s.analysisStartedAt)],
          ['labResults', (s) => s.labResults.map((l) => l.fileName).join(', ')],
          ['createdAt', (s) => time(s.createdAt)],
        ],
        data.samples,
      ),
    ],
    [
      'markersTested',
      `<p>${escapeHtml(w('markersTestedNote'))}</p>
${table(
  w('markersTested'),
  [
    ['geneCode', (g) => g.geneCode],
    ['geneName', (g) => g.geneName],
    ['hgvsC', (g) => g.hgvsC],
    ['protein', (g) => g.protein],
    ['transcript', (g) => g.transcript],
    ['called', (g) => (g.called ? true : g.noCallReasonName)],
  ],
  data.markersTested,
)}`,
    ],
    ['reports', reportsHtml(r, data)],
    ['questionnaires', questionnaireHtml(r, data)],
    [
      'reservations',
      table(
        w('reservations'),
        [
          ['type', (v) => v.typeName],
          ['room', (v) => v.room],
          ['doctor', (v) => v.doctor],
          ['start', (v) => time(v.start)],
          ['end', (v) => time(v.end)],
          ['cancelledAt', (v) => time(v.cancelledAt)],
        ],
        data.reservations,
      ),
    ],
    [
      'messages',
      table(
        w('messages'),
        [
          ['createdAt', (m) => time(m.createdAt)],
          ['channel', (m) => m.channel],
          ['recipient', (m) => m.recipient],
          ['subject', (m) => m.subject],
          ['status', (m) => m.status],
          ['attachments', (m) => m.attachments.map((file) => file.filename).join(', ')],
          [
            'text',
            (m) => ({
              html: `<details><summary>${escapeHtml(w('showText'))}</summary><pre>${escapeHtml(m.bodyText)}</pre></details>`,
            }),
          ],
        ],
        data.messages,
      ),
    ],
    [
      'accessLog',
      table(
        w('accessLog'),
        [
          ['at', (e) => time(e.at)],
          ['by', (e) => e.by],
          ['what', (e) => e.kindName],
        ],
        data.accessLog,
      ),
    ],
    ['history', historyHtml(r, data)],
    [
      'files',
      `<ul>\n${[
        `<li><code>data.json</code> — ${escapeHtml(w('dataJson'))}</li>`,
        `<li><code>summary.html</code> — ${escapeHtml(w('summaryHtml'))}</li>`,
        ...data.reports
          .flatMap((report) => report.documents)
          .map(
            (d) =>
              `<li><code>${escapeHtml(d.file)}</code> — ${escapeHtml(w('reportPdf', { n: d.reportNumber, v: d.version }))}</li>`,
          ),
      ].join('\n')}\n</ul>`,
    ],
  ];

  const generated = escapeHtml(time(data.generatedAt) ?? '');
  const intro = escapeHtml(
    w('intro', { controller: controller.name, address: controller.address, date: '\u0000' }),
  ).replace('\u0000', () => `<time datetime="${escapeHtml(data.generatedAt)}">${generated}</time>`);
  const contact = [...controller.contact, ...(controller.id ? [`${w('companyId')}: ${controller.id}`] : [])];

  return `<!doctype html>
<html lang="${r.locale === 'en' ? 'en' : 'cs'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="${escapeHtml(`${data.format} v${data.formatVersion}`)}">
<title>${escapeHtml(`${w('title')}: ${fullName}`)}</title>
<style>${style}</style>
</head>
<body>
<main>
<header>
<h1>${escapeHtml(w('title'))}: ${escapeHtml(fullName)}</h1>
<p>${intro}</p>
<p>${escapeHtml(w('machineReadable', { format: data.format, version: data.formatVersion }))}</p>
<p>${escapeHtml(w('controllerContact'))}: ${contact.map(escapeHtml).join(' · ') || '—'}</p>
</header>
<nav aria-labelledby="contents-heading">
<h2 id="contents-heading">${escapeHtml(w('contents'))}</h2>
<ol>
${sections.map(([id]) => `<li><a href="#${id}">${escapeHtml(w(id))}</a></li>`).join('\n')}
</ol>
</nav>
${sections.map(([id, body]) => section(id, body)).join('\n')}
</main>
</body>
</html>
`;
}
