import { z } from 'zod';
import {
  booleanish,
  emailSchema,
  idSchema,
  isCalendarDay,
  isTimestamp,
  listQuerySchema,
  numeric,
  pageOf,
  requiredText,
  searchTermSchema,
} from './common.js';
import { adultAge } from './enums.js';
import { localeSchema } from './locale.js';
import { locales } from './locales.js';
import { Permissions } from './permissions.js';
import { isValidPhone } from './phone.js';
import { pragueDay } from './prague-time.js';
import { customerReservationStatusSchema } from './reservations.js';

// Field rules shared by registration and edit.

const optionalText = (max = 200) => z.string().trim().max(max, 'invalidValue').default('');

/** 0 is "nothing picked" ('Musíte zvolit jednu možnost!'); then 1 male or 2 female. */
const customerGenderSchema = numeric(
  z
    .number({ error: 'mustPickOne' })
    .int('invalidValue')
    .refine((v) => v !== 0, 'mustPickOne')
    .refine((v) => v === 0 || v === 1 || v === 2, 'invalidCustomerGender'),
);

/** One of the DNA agreement options 1–4; 0 means nothing picked. */
const dnaSampleUsageSchema = numeric(
  z
    .number({ error: 'mustPickOne' })
    .int('invalidValue')
    .refine((v) => v !== 0, 'mustPickOne')
    .refine((v) => v === 0 || (v >= 1 && v <= 4), 'invalidValue'),
);

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
/** A date of birth, YYYY-MM-DD, a real day, not in the future. */
export const dateOfBirthSchema = z
  .string()
  .trim()
  .refine(isCalendarDay, 'invalidDate')
  .refine((v) => !isoDate.test(v) || v <= new Date().toISOString().slice(0, 10), 'dateOfBirthInFuture')
  .nullish();

const phonePrefixSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9]{1,4}$/, 'invalidPhone')
  .default('+420');
const phoneSchema = z.string({ error: 'required' }).trim().min(1, 'required').max(32, 'invalidPhone');

/** The full number is the prefix and the number, validated with libphonenumber. */
export const fullPhone = (prefix: string, phone: string) =>
  `${prefix.startsWith('+') ? prefix : `+${prefix}`}${phone.replace(/\s+/g, '')}`;

/**
 * Cross-field checks run even while other fields are still wrong (zod skips refinements of an
 * object with issues by default), so the form shows the phone message at once; they only need
 * their own fields to be valid — and an object: an issue at the root (`null`, an array) means there
 * are no fields to read.
 */
const whenFieldsValid =
  (...fields: string[]) =>
  (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    !payload.issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0])));

function checkPhone(value: { PhonePrefix: string; Phone: string }, ctx: z.RefinementCtx) {
  if (/[a-z]/i.test(value.Phone) || !isValidPhone(fullPhone(value.PhonePrefix, value.Phone)))
    ctx.addIssue({ code: 'custom', path: ['Phone'], message: 'invalidPhone' });
}

/**
 * Under 18 at `now` (the present by default), on the calendar day in Prague: a customer born on
 * 2008-11-24 is of age from Prague's midnight, not from UTC's an hour or two later. Born on 29 February,
 * of age on 1 March.
 */
export function isUnderage(dateOfBirth: string | null | undefined, now = new Date()): boolean {
  if (!dateOfBirth) return false;
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const adultOn = new Date(Date.UTC(y + adultAge, m - 1, d)).toISOString().slice(0, 10);
  return pragueDay(now) < adultOn;
}

const languageSchema = z.enum(locales, { error: 'invalidValue' });

/** `PUT admin/customers`: registration at the reception (SPEC §7). Gender defaults to 2. */
export const createCustomerRequestSchema = z
  .object({
    Name: requiredText(100),
    Surname: requiredText(100),
    Email: emailSchema,
    Phone: phoneSchema,
    PhonePrefix: phonePrefixSchema,
    Gender: customerGenderSchema.default(2),
    DateOfBirth: dateOfBirthSchema,
    Street: optionalText(),
    StreetNumber: optionalText(20),
    City: optionalText(),
    Zipcode: optionalText(20),
    Password: z
      .string({ error: 'required' })
      .min(1, 'required')
      .min(8, 'customerPasswordTooShort')
      .max(200, 'invalidValue'),
    AgreeTerms: z.literal(true, { error: 'mustAgree' }),
    AgreeProcessingData: z.literal(true, { error: 'mustAgree' }),
    /**
     * The consents of the law on specific health services: without the DNA-analysis one the kit is not
     * sent nor the sample analysed (it may be given later, in the edit).
     */
    AgreedToDNAAnalysis: z.boolean({ error: 'invalidValue' }).default(false),
    AgreedToSampleExamination: z.boolean({ error: 'invalidValue' }).default(false),
    DNASampleUsageStatus: dnaSampleUsageSchema.nullish(),
    AgreedToSampleBeingUsedForScientificPurposes: z.boolean({ error: 'invalidValue' }).default(false),
    /** Makes an order for the product type; 0 is "nothing picked". */
    ProductTypeId: numeric(
      z
        .number({ error: 'mustPickOne' })
        .int('invalidValue')
        .min(0, 'invalidValue')
        .refine((v) => v !== 0, 'mustPickOne'),
    ).nullish(),
    /** Paid at the reception: a completed cash payment; the order is complete and the sample exists. */
    PaidInCash: z.boolean({ error: 'invalidValue' }).default(false),
    /** The language of every message to the customer. */
    Language: languageSchema.default('cs'),
  })
  .superRefine(checkPhone, { when: whenFieldsValid('PhonePrefix', 'Phone') })
  .superRefine(
    (value, ctx) => {
      if (value.PaidInCash && !value.ProductTypeId)
        ctx.addIssue({ code: 'custom', path: ['ProductTypeId'], message: 'mustPickOne' });
    },
    { when: whenFieldsValid('PaidInCash', 'ProductTypeId') },
  );
export type CreateCustomerRequest = z.infer<typeof createCustomerRequestSchema>;

/** `POST admin/customers`: the edit (SPEC §7). Gender defaults to 1; left-out flags stay as they are. */
export const editCustomerRequestSchema = z
  .object({
    CustomerId: idSchema,
    Name: requiredText(100),
    Surname: requiredText(100),
    PhonePrefix: phonePrefixSchema,
    Phone: phoneSchema,
    Email: emailSchema,
    Gender: customerGenderSchema.default(1),
    DateOfBirth: dateOfBirthSchema,
    Street: optionalText(),
    StreetNumber: optionalText(20),
    City: optionalText(),
    Zipcode: optionalText(20),
    OpenLimsID: z.string().trim().max(100, 'invalidValue').nullish(),
    DNASampleUsageStatus: dnaSampleUsageSchema.nullish(),
    AgreedToSampleBeingUsedForScientificPurposes: z.boolean({ error: 'invalidValue' }).optional(),
    AgreedToSampleExamination: z.boolean({ error: 'invalidValue' }).optional(),
    /** Given (or withdrawn) at the reception; its date is recorded. */
    AgreedToDNAAnalysis: z.boolean({ error: 'invalidValue' }).optional(),
    NotifyByEmail: z.boolean({ error: 'invalidValue' }).optional(),
    NotifyBySms: z.boolean({ error: 'invalidValue' }).optional(),
    Language: languageSchema.optional(),
  })
  .superRefine(checkPhone, { when: whenFieldsValid('PhonePrefix', 'Phone') });
export type EditCustomerRequest = z.infer<typeof editCustomerRequestSchema>;

export const customerIdQuerySchema = z.object({ CustomerId: idSchema });
export const customerAuditQuerySchema = z.object({ Id: idSchema });

/**
 * `GET admin/customers/dataexport ?CustomerId`: everything held about the customer as a ZIP (GDPR
 * Art. 15 and 20, issue 24); `locale` only sets the language of an error (the ZIP is in the customer's).
 */
export const customerDataExportQuerySchema = z.object({
  CustomerId: idSchema,
  locale: localeSchema.optional(),
});
export type CustomerDataExportQuery = z.infer<typeof customerDataExportQuerySchema>;

/**
 * Who may export a customer's data: the export holds every section (identity, orders, payments, vouchers,
 * samples, genotypes, reports, questionnaire, reservations, messages, the access log), so it asks for
 * every permission that reads one of them — it never hands out what the user could not read otherwise.
 */
export const dataExportPermissions = [
  Permissions.CustomersView,
  Permissions.OrdersView,
  Permissions.PaymentsView,
  Permissions.VouchersView,
  Permissions.SamplesView,
  Permissions.ResultsView,
  Permissions.ProductsView,
  Permissions.QuestionnairesView,
  Permissions.ReservationsView,
  // The outbox (messages sent) is read under this permission (GET admin/outbox).
  Permissions.BarcodesView,
  Permissions.AccessLogView,
] as const;

const relationshipStatusSchema = z.enum(['NOT_REQUESTED', 'REQUESTED', 'ACCEPTED'], {
  error: 'invalidValue',
});

export const customerDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  fullName: z.string(),
  email: z.string(),
  gender: z.number().int(),
  dateOfBirth: z.string().nullable(),
  /** Under 18 today (SPEC §9: invitations need a legal guardian). */
  isUnderage: z.boolean(),
  customerUnderage: z.boolean(),
  phonePrefix: z.string(),
  phone: z.string(),
  street: z.string(),
  streetNumber: z.string(),
  city: z.string(),
  zipCode: z.string(),
  extID: z.string().nullable(),
  openLimsID: z.string().nullable(),
  registrationSource: z.number().int(),
  dateRegistration: z.string(),
  agreedToDataProcessing: z.boolean(),
  agreedToTermsOfService: z.boolean(),
  agreedToDNAAnalysis: z.boolean(),
  /** When the DNA-analysis consent was given; null without it. */
  dnaConsentAt: z.string().nullable(),
  /** A legal hold (medical records kept by law): erasure is refused while it stands (issue 36). */
  legalHold: z.object({ reason: z.string(), at: z.string() }).nullable(),
  DNASampleUsageStatus: z.number().int().nullable(),
  agreedToSampleBeingUsedForScientificPurposes: z.boolean(),
  agreedToSampleExamination: z.boolean(),
  dnaAgreementWasDigital: z.boolean(),
  notifyByEmail: z.boolean(),
  notifyBySms: z.boolean(),
  /** The language of every message to the customer (`cs` or `en`). */
  language: z.enum(locales),
  relationship: z.object({
    status: relationshipStatusSchema,
    partnerId: z.number().int().nullable(),
    partnerFullName: z.string().nullable(),
  }),
  samples: z.array(
    z.object({ id: z.number().int(), status: z.number().int(), barcode: z.string().nullable() }),
  ),
  /** The customer's orders: finance data, answered only to a reader holding Orders.View (else empty). */
  orders: z.array(
    z.object({
      id: z.number().int(),
      orderNumber: z.number().int(),
      productTypeId: z.number().int(),
      productTypeName: z.string(),
      productTypeNameEn: z.string().nullable(),
      /** CZK, at most two decimals (as `getorder` answers it). */
      amount: z.number(),
      /** The same in haléře, as stored. */
      amountMinor: z.number().int(),
      currency: z.string(),
      complete: z.boolean(),
      paidBy: z.number().int(),
      dateOrderPaid: z.string().nullable(),
      created: z.string(),
    }),
  ),
  hasQuestionnaire: z.boolean(),
  /**
   * Genotypes are stored for the customer (a results file paired with a sample of theirs): only then
   * does `GET admin/results/getcustomerresult` answer with them rather than its 404.
   */
  hasResults: z.boolean(),
  /** SPEC §3 (derived from the customer's consultations not cancelled): none, upcoming or held. */
  reservationStatus: customerReservationStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const customerSortFields = [
  'id',
  'name',
  'surname',
  'email',
  'phone',
  'city',
  'extID',
  'openLimsID',
  'registrationSource',
  'dateRegistration',
  'dateOfBirth',
] as const;

/**
 * A day or an ISO timestamp. `Date.parse` alone is no check: it takes '1', '-1' or 'March 7', which
 * PostgreSQL then refuses.
 */
const dateFilter = z
  .string()
  .trim()
  .refine((v) => isCalendarDay(v) || isTimestamp(v), 'invalidDate')
  .optional();

/** Filters of the customers list and its export. `search`: name, surname, e-mail, phone, barcode, OpenLIMS id. */
const customerFilters = {
  registrationSource: numeric(z.number().int().min(1, 'invalidValue').max(3, 'invalidValue')).optional(),
  /** Registered on or after (a date or a timestamp). */
  registeredFrom: dateFilter,
  /** Registered before the end of this day (a date), or before this timestamp. */
  registeredTo: dateFilter,
  underage: booleanish.optional(),
};

export const customerListQuerySchema = listQuerySchema.extend(customerFilters);
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

export const customerExportQuerySchema = z.object({
  format: z.enum(['csv', 'xlsx'], { error: 'invalidValue' }),
  sort: z.string().max(64).optional(),
  search: searchTermSchema,
  locale: localeSchema.optional(),
  ...customerFilters,
});
export type CustomerExportQuery = z.infer<typeof customerExportQuerySchema>;

export const customerSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  fullName: z.string(),
  email: z.string(),
  phonePrefix: z.string(),
  phone: z.string(),
  gender: z.number().int(),
  dateOfBirth: z.string().nullable(),
  isUnderage: z.boolean(),
  city: z.string(),
  extID: z.string().nullable(),
  openLimsID: z.string().nullable(),
  registrationSource: z.number().int(),
  dateRegistration: z.string(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

/** The customers page: `total` is exact when `totalExact`, else an estimate (more than 1,000 matches). */
export const customerPageSchema = pageOf(customerSummarySchema);
export type CustomerPage = z.infer<typeof customerPageSchema>;

export const customerAuditEntrySchema = z.object({
  id: z.number().int(),
  /** customer, sample or questionnaire */
  entity: z.string(),
  entityId: z.number().int(),
  field: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  changedAt: z.string(),
  changedBy: z.object({ id: z.number().int(), userName: z.string() }).nullable(),
  /**
   * A questionnaire answer's values, hidden from a reader without Questionnaires.View (issue 36):
   * `oldValue` and `newValue` are then null; who changed which question when stays.
   */
  masked: z.boolean(),
});
export type CustomerAuditEntry = z.infer<typeof customerAuditEntrySchema>;

export const customerCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  /** Phenotypes of the customer's reports in the category (0 until reports exist). */
  phenotypeCount: z.number().int(),
});

export const deletedCustomerSchema = z.object({ id: z.number().int() });

/**
 * `DELETE admin/customers?CustomerId=` (issue 36): an administrator's act, confirmed with their
 * password, with the reason and the data subject's request it answers (its reference) recorded.
 */
export const eraseCustomerRequestSchema = z.object({
  Password: z.string({ error: 'required' }).min(1, 'required').max(200, 'invalidValue'),
  Reason: z.string({ error: 'required' }).trim().min(3, 'required').max(500, 'invalidValue'),
  RequestReference: z.string().trim().max(100, 'invalidValue').optional(),
});
export type EraseCustomerRequest = z.infer<typeof eraseCustomerRequestSchema>;

/** `PUT admin/customers/legalhold`: a reason puts the customer on legal hold, null lifts it. */
export const legalHoldRequestSchema = z.object({
  CustomerId: idSchema,
  Reason: z.string().trim().min(3, 'required').max(500, 'invalidValue').nullable(),
});

// Relationships (SPEC §3, §4, §7; DOMAIN §6)

export const relationshipListQuerySchema = listQuerySchema.extend({
  status: relationshipStatusSchema.optional(),
});
export type RelationshipListQuery = z.infer<typeof relationshipListQuerySchema>;
export const relationshipSortFields = ['customerFullName', 'status', 'requestedAt', 'acceptedAt'] as const;

export const partnerCandidateSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  dateOfBirth: z.string().nullable(),
  /** Why it is a candidate: the requested e-mail, the requested name, or both. */
  matchedBy: z.array(z.enum(['email', 'name'])),
});

export const relationshipSchema = z.object({
  customerId: z.number().int(),
  customerFullName: z.string(),
  customerEmail: z.string(),
  enabled: z.boolean(),
  status: relationshipStatusSchema,
  partnerId: z.number().int().nullable(),
  assignedCustomerId: z.number().int().nullable(),
  partnerFullName: z.string().nullable(),
  partnerEmail: z.string().nullable(),
  requestedPartnerFullName: z.string().nullable(),
  requestedPartnerEmail: z.string().nullable(),
  requestedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
});
export type Relationship = z.infer<typeof relationshipSchema>;

export const relationshipDetailSchema = relationshipSchema.extend({
  partnerCandidates: z.array(partnerCandidateSchema),
  infoText: z.string().nullable(),
});
export type RelationshipDetail = z.infer<typeof relationshipDetailSchema>;

export const relationshipQuerySchema = z.object({ customerId: idSchema });
export const acceptRelationshipRequestSchema = z.object({ customerId: idSchema, partnerId: idSchema });
