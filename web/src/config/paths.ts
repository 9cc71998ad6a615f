/** The path segment of a voucher kind (SPEC §2: vouchers/money/…, vouchers/product/…). */
export type VoucherKindPath = 'money' | 'product';

/** Every path of the app in one place. */
export const paths = {
  login: '/login',
  changePassword: '/change-password',
  /** The second step of a sign-in: a code of the authenticator app, a recovery code or a passkey. */
  secondFactor: '/login/second-factor',
  /** Setting up a second factor (required by the role, or chosen). */
  enrolTwoFactor: '/security/enrol',
  dashboard: '/',
  profile: '/user',
  customers: {
    list: '/customers',
    create: '/customers/create',
    view: (id: number | string) => `/customers/view/${id}`,
    edit: (id: number | string) => `/customers/edit/${id}`,
  },
  relationships: '/customers/relationships',
  questionnaires: {
    list: '/customers/questionnaires',
    show: (id: number | string) => `/customers/questionnaires/show/${id}`,
  },
  samples: {
    list: '/customers/samples',
    view: (id: number | string) => `/customers/samples/view/${id}`,
    edit: (id: number | string) => `/customers/samples/edit/${id}`,
    pending: '/customers/pendingsamples',
    receiving: '/customers/receivingsamples',
    waitingForAnalysis: '/customers/waitingforanalysis',
    inAnalysis: '/customers/inanalysis',
  },
  results: {
    list: '/results',
    view: (id: number | string) => `/results/${id}`,
  },
  /** Reports (products) in the results section. */
  products: {
    list: '/customers/products',
    view: (id: number | string) => `/customers/products/${id}`,
    edit: (id: number | string) => `/customers/products/edit/${id}`,
  },
  doctorSection: {
    list: '/customers/products-doctorsection',
    view: (id: number | string) => `/customers/products-doctorsection/${id}`,
    edit: (id: number | string) => `/customers/products-doctorsection/edit/${id}`,
  },
  archive: {
    list: '/customers/archive',
    view: (id: number | string) => `/customers/archive/${id}`,
  },
  /** Whether a report PDF is one this lab issued: the QR code printed on every PDF leads to `code`. */
  verify: {
    check: '/verify',
    code: (code: string) => `/verify/${encodeURIComponent(code)}`,
  },
  unpaidCustomers: {
    list: '/unpaidcustomers',
    view: (id: number | string) => `/unpaidcustomers/view/${id}`,
  },
  orders: {
    list: '/finances/orders',
    view: (id: number | string) => `/finances/orders/view/${id}`,
  },
  payments: '/finances/payments',
  /** Money and product vouchers: each kind has its own create, view and edit screens. */
  vouchers: {
    list: '/vouchers',
    create: (kind: VoucherKindPath) => `/vouchers/${kind}/create`,
    view: (kind: VoucherKindPath, id: number | string) => `/vouchers/${kind}/view/${id}`,
    edit: (kind: VoucherKindPath, id: number | string) => `/vouchers/${kind}/edit/${id}`,
  },
  statements: {
    list: '/finances/statements',
    view: (id: number | string) => `/finances/statements/view/${id}`,
  },
  /** The calendar (SPEC §2: day, week and month views). */
  reservations: '/reservations',
  consultingRooms: {
    list: '/reservations/consultingrooms',
    create: '/reservations/consultingrooms/create',
    show: (id: number | string) => `/reservations/consultingrooms/show/${id}`,
    edit: (id: number | string) => `/reservations/consultingrooms/edit/${id}`,
  },
  /** A customer's consultations, past and upcoming. */
  customerReservations: (id: number | string) => `/customers/reservations/${id}`,
  productTypes: {
    list: '/administration/producttypes',
    create: '/administration/producttypes/create',
    view: (id: number | string) => `/administration/producttypes/view/${id}`,
    edit: (id: number | string) => `/administration/producttypes/edit/${id}`,
  },
  email: '/administration/email',
  outbox: {
    list: '/administration/outbox',
    view: (id: number | string) => `/administration/outbox/${id}`,
  },
  barcodes: {
    list: '/administration/barcodes',
    labels: (batchId: number | string) => `/administration/barcodes/batch/${batchId}`,
  },
  users: {
    list: '/administration/users',
    create: '/administration/users/create',
    view: (id: number | string) => `/administration/users/view/${id}`,
    edit: (id: number | string) => `/administration/users/edit/${id}`,
  },
  /** Sign-ins and changes to how staff sign in (administrators). */
  securityLog: '/administration/securitylog',
  /** Who read which customer's genetic or health data, when and from where (GDPR). */
  accessLog: '/administration/accesslog',
  roles: {
    list: '/administration/roles',
    view: (id: number | string) => `/administration/roles/view/${id}`,
    edit: (id: number | string) => `/administration/roles/edit/${id}`,
  },
  templates: {
    list: '/templates',
    create: '/templates/create',
    show: (id: number | string) => `/templates/show/${id}`,
    edit: (id: number | string) => `/templates/edit/${id}`,
  },
  geneCombinations: {
    list: '/templates/genecombinations',
    show: (id: number | string) => `/templates/genecombinations/show/${id}`,
    edit: (id: number | string) => `/templates/genecombinations/edit/${id}`,
  },
  combinationRules: {
    list: '/templates/combinationrules',
    create: '/templates/combinationrules/create',
    edit: (id: number | string) => `/templates/combinationrules/edit/${id}`,
  },
  /** The marker map: gene codes → genome positions and alleles, for lab-format uploads. */
  markers: {
    list: '/templates/markers',
    create: '/templates/markers/create',
    edit: (id: number | string) => `/templates/markers/edit/${id}`,
  },
  templateCategories: {
    list: '/templates/templatecategories',
    show: (id: number | string) => `/templates/templatecategories/show/${id}`,
    edit: (id: number | string) => `/templates/templatecategories/edit/${id}`,
  },
  /** The limitations and disclaimer every report PDF prints, in Czech and English. */
  reportTexts: '/templates/report-texts',
} as const;
