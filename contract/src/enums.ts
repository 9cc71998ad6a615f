import type { Localized } from './locales.js';

// Enumerations with the spec's numbers (SPEC §4), stored as smallint with a CHECK.

/** Sample status (SPEC §4; staff may set any of them directly). */
export const SampleStatus = {
  ToBeTakenAtEntryConsultation: 1,
  WaitingToBeSent: 2,
  SentToCustomer: 3,
  ReceivedBack: 4,
  TakenAtEntryConsultation: 5,
  LabAnalysisFinished: 6,
  ConsultationForSamplingReserved: 7,
  ResultsPublishedOnline: 8,
  ResultsRequireConsultation: 9,
  TakenAtCentreWithoutConsultation: 10,
  InAnalysis: 11,
} as const;
export type SampleStatus = (typeof SampleStatus)[keyof typeof SampleStatus];
export const sampleStatuses = Object.values(SampleStatus) as SampleStatus[];
/**
 * The statuses in the order a sample lives them (DOMAIN §1): taken at a consultation or sent as a kit
 * and received back (or taken at the centre), then analysed and the results out — how a status picker
 * lists them, not by number.
 */
export const sampleLifecycle: readonly SampleStatus[] = [1, 7, 5, 2, 3, 4, 10, 11, 6, 8, 9];
export const sampleStatusLabels: Record<SampleStatus, Localized> = {
  1: { cs: 'Odběr při vstupní konzultaci', en: 'To be taken at entry consultation' },
  2: { cs: 'Čeká na odeslání', en: 'Waiting to be sent' },
  3: { cs: 'Odeslán zákazníkovi', en: 'Sent to the customer' },
  4: { cs: 'Přijat zpět', en: 'Received back' },
  5: { cs: 'Odebrán při vstupní konzultaci', en: 'Taken at entry consultation' },
  6: { cs: 'Laboratorní analýza dokončena', en: 'Lab analysis finished' },
  7: { cs: 'Rezervována konzultace k odběru', en: 'Consultation for sampling reserved' },
  8: { cs: 'Výsledky zveřejněny online', en: 'Results published online' },
  9: { cs: 'Výsledky vyžadují konzultaci', en: 'Results require consultation' },
  10: { cs: 'Odebrán v centru bez konzultace', en: 'Taken at the centre without consultation' },
  11: { cs: 'V analýze', en: 'In analysis' },
};

/** Product (report) status (SPEC §4). */
export const ProductStatus = {
  Generated: 1,
  Unpublished: 2,
  Published: 3,
  PreliminarilyPublished: 4,
  AdditionalPurchase: 5,
} as const;
export type ProductStatus = (typeof ProductStatus)[keyof typeof ProductStatus];
/** A physician has released the report: published or preliminarily published. */
export const releasedProductStatuses: readonly ProductStatus[] = [
  ProductStatus.Published,
  ProductStatus.PreliminarilyPublished,
];
export const isReleasedStatus = (status: number) =>
  (releasedProductStatuses as readonly number[]).includes(status);
export const productStatusLabels: Record<ProductStatus, Localized> = {
  1: { cs: 'Vygenerováno, připraveno k vyhodnocení', en: 'Generated, ready for evaluation' },
  2: { cs: 'Nepublikováno (pozván na konzultaci)', en: 'Unpublished (invited for a consultation)' },
  3: { cs: 'Publikováno', en: 'Published' },
  4: { cs: 'Předběžně publikováno', en: 'Preliminarily published' },
  5: { cs: 'Dokoupení', en: 'Additional purchase' },
};

/** The sample work lists of DOMAIN §1 and the statuses each shows. */
export const sampleWorkLists = {
  pending: [SampleStatus.WaitingToBeSent],
  receiving: [SampleStatus.SentToCustomer],
  waitingForAnalysis: [
    SampleStatus.ReceivedBack,
    SampleStatus.TakenAtEntryConsultation,
    SampleStatus.TakenAtCentreWithoutConsultation,
  ],
  inAnalysis: [SampleStatus.InAnalysis],
} as const satisfies Record<string, readonly SampleStatus[]>;
export type SampleWorkList = keyof typeof sampleWorkLists;
export const sampleWorkListNames = Object.keys(sampleWorkLists) as SampleWorkList[];

/** Payment method (SPEC §4). */
export const PaymentMethod = {
  Card: 1,
  BankTransfer: 2,
  Cash: 3,
  ProductVoucher: 4,
  MoneyVouchers: 5,
  NotChosen: 6,
} as const;
export type PaymentMethod = (typeof PaymentMethod)[keyof typeof PaymentMethod];
export const paymentMethodLabels: Record<PaymentMethod, Localized> = {
  1: { cs: 'Karta', en: 'Card' },
  2: { cs: 'Bankovní převod', en: 'Bank transfer' },
  3: { cs: 'Hotovost', en: 'Cash' },
  4: { cs: 'Produktový voucher', en: 'Product voucher' },
  5: { cs: 'Peněžní vouchery', en: 'Money vouchers' },
  6: { cs: 'Nezvoleno', en: 'Not chosen' },
};

/** Card payment status (SPEC §4): pending → authorized → paid, or cancelled. */
export const CardPaymentStatus = { Pending: 1, Authorized: 2, Paid: 3, Cancelled: 4 } as const;
export type CardPaymentStatus = (typeof CardPaymentStatus)[keyof typeof CardPaymentStatus];
export const cardPaymentStatusLabels: Record<CardPaymentStatus, Localized> = {
  1: { cs: 'Čeká', en: 'Pending' },
  2: { cs: 'Autorizováno', en: 'Authorized' },
  3: { cs: 'Zaplaceno', en: 'Paid' },
  4: { cs: 'Zrušeno', en: 'Cancelled' },
};

/** DNA agreement options (SPEC §4), the customer's DNASampleUsageStatus. */
export const DnaSampleUsage = {
  StoreForLaterAnalysis: 1,
  DestroyAfterTesting: 2,
  RefuseAnonymousResearch: 3,
  AllowAnonymousResearch: 4,
} as const;
export type DnaSampleUsage = (typeof DnaSampleUsage)[keyof typeof DnaSampleUsage];
export const dnaSampleUsageLabels: Record<DnaSampleUsage, Localized> = {
  1: { cs: 'Uchovat vzorek pro pozdější analýzu', en: 'Store the sample for later analysis' },
  2: { cs: 'Po testování vzorek zničit', en: 'Destroy it after testing' },
  3: { cs: 'Odmítnout anonymní využití pro výzkum', en: 'Refuse anonymous research use' },
  4: { cs: 'Povolit anonymní využití pro výzkum', en: 'Allow anonymous research use' },
};

/** Customer relationship status (SPEC §4), kept as the spec's names. */
export const RelationshipStatus = {
  NotRequested: 'NOT_REQUESTED',
  Requested: 'REQUESTED',
  Accepted: 'ACCEPTED',
} as const;
export type RelationshipStatus = (typeof RelationshipStatus)[keyof typeof RelationshipStatus];
export const relationshipStatuses = Object.values(RelationshipStatus) as RelationshipStatus[];
export const relationshipStatusLabels: Record<RelationshipStatus, Localized> = {
  NOT_REQUESTED: { cs: 'Nepožádáno', en: 'Not requested' },
  REQUESTED: { cs: 'Čeká na zpracování', en: 'Waiting for processing' },
  ACCEPTED: { cs: 'Aktivní', en: 'Active' },
};

/** Where a customer registered (the spec names the field, not its values; ours). */
export const RegistrationSource = { Online: 1, Reception: 2, Import: 3 } as const;
export type RegistrationSource = (typeof RegistrationSource)[keyof typeof RegistrationSource];
export const registrationSources = Object.values(RegistrationSource) as RegistrationSource[];
export const registrationSourceLabels: Record<RegistrationSource, Localized> = {
  1: { cs: 'Online', en: 'Online' },
  2: { cs: 'Recepce', en: 'Reception' },
  3: { cs: 'Import', en: 'Import' },
};

/** A customer's gender: 1 male, 2 female (the phenotype genders of templates add 3, both). */
export const CustomerGender = { Male: 1, Female: 2 } as const;
export type CustomerGender = (typeof CustomerGender)[keyof typeof CustomerGender];

/**
 * What stands for an erased customer's name (GDPR erasure keeps their orders and payments, anonymised)
 * wherever those rows show their customer.
 */
export const erasedCustomerLabel: Localized = { cs: 'Vymazaný zákazník', en: 'Erased customer' };

/** The currency of every amount; amounts are integer haléře (minor units). */
export const currency = 'CZK';

/** The age under which a customer is underage (needs a legal guardian at consultations). */
export const adultAge = 18;

/** Result upload status (SPEC §4). */
export const ResultUploadStatus = {
  Processing: 1,
  GeneratingResults: 2,
  Complete: 3,
  CompleteInspectionRequired: 4,
  Failed: 5,
} as const;
export type ResultUploadStatus = (typeof ResultUploadStatus)[keyof typeof ResultUploadStatus];
export const resultUploadStatusLabels: Record<ResultUploadStatus, Localized> = {
  1: { cs: 'Zpracovává se', en: 'Processing' },
  2: { cs: 'Generují se výsledky', en: 'Generating results' },
  3: { cs: 'Dokončeno', en: 'Complete' },
  4: { cs: 'Dokončeno – nutná kontrola', en: 'Complete – inspection required' },
  5: { cs: 'Chyba', en: 'Failed' },
};

/** Why a barcode of a results file could not be paired with a sample (DOMAIN §2). */
export const UnpairableReason = {
  UnknownBarcode: 'unknownBarcode',
  SampleNotAwaitingResults: 'sampleNotAwaitingResults',
} as const;
export type UnpairableReason = (typeof UnpairableReason)[keyof typeof UnpairableReason];
export const unpairableReasonLabels: Record<UnpairableReason, Localized> = {
  unknownBarcode: { cs: 'Neznámý čárový kód', en: 'Unknown barcode' },
  sampleNotAwaitingResults: { cs: 'Vzorek nečeká na výsledky', en: 'Sample not awaiting results' },
};

/** The sample statuses a results file may pair with: received or taken, waiting for or in analysis. */
export const samplesAwaitingResults: readonly SampleStatus[] = [
  SampleStatus.ReceivedBack,
  SampleStatus.TakenAtEntryConsultation,
  SampleStatus.TakenAtCentreWithoutConsultation,
  SampleStatus.InAnalysis,
];

/**
 * Where a report sits (SPEC §4): the results list, the doctor (medical) section or the archive.
 * Moves go results ↔ doctor section ↔ archive.
 */
export const ProductSection = {
  Results: 'results',
  DoctorSection: 'doctorSection',
  Archive: 'archive',
} as const;
export type ProductSection = (typeof ProductSection)[keyof typeof ProductSection];
export const productSections = Object.values(ProductSection) as ProductSection[];
export const productSectionLabels: Record<ProductSection, Localized> = {
  results: { cs: 'Výsledky', en: 'Results' },
  doctorSection: { cs: 'Lékařská sekce', en: 'Doctor section' },
  archive: { cs: 'Archiv', en: 'Archive' },
};
/** The sections a report in a section may move to. */
export const productMoves: Record<ProductSection, readonly ProductSection[]> = {
  results: ['doctorSection'],
  doctorSection: ['results', 'archive'],
  archive: ['doctorSection'],
};

/** Reanalysis run status: queued → running → complete, or failed. */
export const ReanalysisStatus = { Queued: 1, Running: 2, Complete: 3, Failed: 4 } as const;
export type ReanalysisStatus = (typeof ReanalysisStatus)[keyof typeof ReanalysisStatus];
