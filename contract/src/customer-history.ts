/**
 * The fields the API's audit writes into a customer's history (`GET admin/customers/customeraudit`:
 * the customer's rows and their samples'), by entity. The web names every one of them in the reader's
 * language (its test asks each for a label), so a writer of a new field adds it here: without it the
 * history would show the raw key ('Pole: legalHold'). A questionnaire's rows are `<section>.<question>`
 * of `questionnaires.ts`, named by its own labels.
 */
export const customerHistoryFields = {
  customer: [
    // Registration at the reception (customers.service createCustomer)
    'created',
    'order',
    'payment',
    'sample',
    // The edit (customers.service editCustomer; the spec's names of the fields)
    'name',
    'surname',
    'email',
    'gender',
    'dateOfBirth',
    'phonePrefix',
    'phone',
    'street',
    'streetNumber',
    'city',
    'zipCode',
    'openLimsID',
    'DNASampleUsageStatus',
    'agreedToSampleBeingUsedForScientificPurposes',
    'agreedToSampleExamination',
    'agreedToDNAAnalysis',
    'notifyByEmail',
    'notifyBySms',
    'language',
    // The consent (dna-consent.service)
    'dnaConsent',
    'dnaConsentWithdrawn',
    // Legal hold (legal-hold.service): the reason, or null when lifted
    'legalHold',
    // The partner accepted (relationships.service)
    'partner',
    'relationshipStatus',
    // The erasure (privacy/erasure.ts); an erased customer's history is no longer read, but it is written
    'erased',
    'erasureReason',
    'erasureRequest',
  ],
  sample: [
    // Status moves (samples, reservations, products, results), the kit's barcode when sent
    'status',
    'barcode',
    // The sample's edit (samples.service): its type and when it was collected (an instant)
    'sampleType',
    'collectedAt',
    // A consent withdrawn with "destroy the sample" (dna-consent.service)
    'destroy',
  ],
} as const;
