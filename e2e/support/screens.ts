/**
 * Every screen of the web app's router, in one list: the accessibility spec opens each of them, and
 * a web unit test (web/src/app/screens.test.ts) fails when the router has a path this list lacks (or
 * the list keeps one the router no longer has). A new screen is covered by adding its entry here.
 *
 * Kept free of imports: the web workspace's unit test reads it too.
 */

/**
 * Who opens a screen: a demo user, a visitor who has not signed in, a user just created by the
 * administrator (who must change the temporary password first), or a user with an authenticator app
 * whose sign-in waits for the second factor.
 */
export type ScreenUser =
  | 'admin'
  | 'doctor'
  | 'lab'
  | 'reception'
  | 'visitor'
  | 'newUser'
  | 'awaitingSecondFactor';

export interface Screen {
  /**
   * The router's path pattern; `:id` is filled from the demo data through `id`, and `*` (the
   * not-found screen) with a path no route has.
   */
  path: string;
  /** How a failure names the screen. */
  name: string;
  /**
   * The API list (under /api/, with its query) whose first row's `id` fills `:id`: the demo data
   * is generated at start, so its ids are looked up, not written down.
   */
  id?: string;
  /**
   * Fixed values of path parameters that are not an id of the demo data (`:code` of the verification
   * page): the screen is opened with them.
   */
  params?: Readonly<Record<string, string>>;
  /** Checked in Czech and in English (the lists); other screens in Czech only. */
  bothLanguages?: boolean;
  /** Who opens it; the administrator when not given. */
  as?: ScreenUser;
  /**
   * Also checked on a phone (390 × 844), in both languages: axe, no sideways scrolling of the page,
   * and a screenshot kept with the report (the screens used on the move).
   */
  phone?: boolean;
}

export const screens: readonly Screen[] = [
  { path: '/login', name: 'login', bothLanguages: true, as: 'visitor' },
  { path: '/change-password', name: 'forced password change', as: 'newUser' },
  {
    path: '/login/second-factor',
    name: 'second factor of a sign-in',
    bothLanguages: true,
    as: 'awaitingSecondFactor',
  },
  // The administrator has no second factor: the screen offers one (a role's requirement only adds a sentence).
  { path: '/security/enrol', name: 'two-factor enrolment', bothLanguages: true },
  { path: '/', name: 'dashboard', bothLanguages: true, phone: true },
  { path: '/user', name: 'profile' },

  { path: '/customers', name: 'customers', bothLanguages: true, phone: true },
  { path: '/customers/create', name: 'customer create' },
  { path: '/customers/view/:id', name: 'customer detail', id: 'admin/customers', bothLanguages: true },
  { path: '/customers/edit/:id', name: 'customer edit', id: 'admin/customers' },
  { path: '/customers/relationships', name: 'relationships', bothLanguages: true },
  { path: '/customers/questionnaires', name: 'questionnaires', bothLanguages: true },
  { path: '/customers/questionnaires/show/:id', name: 'questionnaire', id: 'admin/questionnaires' },

  { path: '/customers/samples', name: 'samples', bothLanguages: true, phone: true },
  { path: '/customers/samples/view/:id', name: 'sample detail', id: 'admin/samples' },
  { path: '/customers/samples/edit/:id', name: 'sample edit', id: 'admin/samples' },
  { path: '/customers/pendingsamples', name: 'samples to send', bothLanguages: true },
  { path: '/customers/receivingsamples', name: 'samples to receive', bothLanguages: true },
  { path: '/customers/waitingforanalysis', name: 'samples waiting for analysis', bothLanguages: true },
  { path: '/customers/inanalysis', name: 'samples in analysis', bothLanguages: true },

  { path: '/results', name: 'results uploads', bothLanguages: true },
  { path: '/results/:id', name: 'results upload detail', id: 'admin/results' },

  { path: '/customers/products', name: 'reports', bothLanguages: true, phone: true },
  { path: '/customers/products/:id', name: 'report', id: 'admin/products?section=results' },
  {
    path: '/customers/products/edit/:id',
    name: 'report edit',
    id: 'admin/products?section=results&status=1',
  },
  { path: '/customers/products-doctorsection', name: 'doctor section', bothLanguages: true },
  {
    path: '/customers/products-doctorsection/:id',
    name: 'doctor section report',
    id: 'admin/products?section=doctorSection',
  },
  {
    path: '/customers/products-doctorsection/edit/:id',
    name: 'doctor section report edit',
    id: 'admin/products?section=doctorSection',
    as: 'doctor',
  },
  { path: '/customers/archive', name: 'archive', bothLanguages: true },
  { path: '/customers/archive/:id', name: 'archived report', id: 'admin/products?section=archive' },

  // The QR code on a report PDF leads to /verify/<code>: public (issue 35), opened on a phone by
  // anyone; a signed-in staff member gets the staff answer on the same page.
  { path: '/verify', name: 'public document verification', bothLanguages: true, as: 'visitor' },
  {
    path: '/verify/:code',
    name: 'public document verification of a code',
    // A code no document has: the page answers "not issued by the laboratory".
    params: { code: '00000-00000' },
    bothLanguages: true,
    as: 'visitor',
    phone: true,
  },
  { path: '/verify', name: 'document verification (staff)', bothLanguages: true, as: 'reception' },
  {
    path: '/verify/:code',
    name: 'document verification of a code (staff)',
    params: { code: '00000-00000' },
    bothLanguages: true,
    as: 'reception',
  },

  { path: '/unpaidcustomers', name: 'unprocessed orders', bothLanguages: true, phone: true },
  {
    path: '/unpaidcustomers/view/:id',
    name: 'unprocessed order',
    id: 'admin/unpaidcustomers',
    phone: true,
  },
  { path: '/finances/orders', name: 'orders', bothLanguages: true, phone: true },
  { path: '/finances/orders/view/:id', name: 'order detail', id: 'admin/orders' },
  { path: '/finances/payments', name: 'payments', bothLanguages: true, phone: true },
  { path: '/finances/statements', name: 'bank statements', bothLanguages: true },
  { path: '/finances/statements/view/:id', name: 'bank statement', id: 'admin/payments/bank-statements' },
  { path: '/reservations', name: 'reservations calendar', bothLanguages: true, phone: true },
  { path: '/reservations/consultingrooms', name: 'consulting rooms', bothLanguages: true },
  { path: '/reservations/consultingrooms/create', name: 'consulting room create' },
  {
    path: '/reservations/consultingrooms/show/:id',
    name: 'consulting room detail',
    id: 'admin/consultingrooms',
  },
  {
    path: '/reservations/consultingrooms/edit/:id',
    name: 'consulting room edit',
    id: 'admin/consultingrooms',
  },
  { path: '/customers/reservations/:id', name: 'customer reservation history', id: 'admin/customers' },

  { path: '/vouchers', name: 'vouchers', bothLanguages: true, phone: true },
  { path: '/vouchers/money/create', name: 'money voucher create' },
  { path: '/vouchers/product/create', name: 'product voucher create' },
  { path: '/vouchers/money/view/:id', name: 'money voucher', id: 'admin/vouchers?kind=1' },
  { path: '/vouchers/product/view/:id', name: 'product voucher', id: 'admin/vouchers?kind=2' },
  { path: '/vouchers/money/edit/:id', name: 'money voucher edit', id: 'admin/vouchers?kind=1' },
  { path: '/vouchers/product/edit/:id', name: 'product voucher edit', id: 'admin/vouchers?kind=2' },

  { path: '/administration/users', name: 'users', bothLanguages: true },
  { path: '/administration/users/create', name: 'user create' },
  { path: '/administration/users/view/:id', name: 'user detail', id: 'admin/users' },
  { path: '/administration/users/edit/:id', name: 'user edit', id: 'admin/users' },
  { path: '/administration/securitylog', name: 'security log', bothLanguages: true },
  { path: '/administration/accesslog', name: 'access log', bothLanguages: true },
  { path: '/administration/producttypes', name: 'product types', bothLanguages: true },
  { path: '/administration/producttypes/create', name: 'product type create' },
  { path: '/administration/producttypes/view/:id', name: 'product type detail', id: 'admin/producttypes' },
  { path: '/administration/producttypes/edit/:id', name: 'product type edit', id: 'admin/producttypes' },
  { path: '/administration/email', name: 'send e-mail', bothLanguages: true },
  { path: '/administration/outbox', name: 'outbox', bothLanguages: true },
  { path: '/administration/outbox/:id', name: 'outbox message', id: 'admin/outbox' },
  { path: '/administration/roles', name: 'roles', bothLanguages: true },
  { path: '/administration/roles/view/:id', name: 'role detail', id: 'admin/roles' },
  { path: '/administration/roles/edit/:id', name: 'role editor', id: 'admin/roles' },
  { path: '/administration/barcodes', name: 'barcodes', bothLanguages: true },
  { path: '/administration/barcodes/batch/:id', name: 'barcode labels', id: 'admin/barcodes/batches' },

  { path: '/templates', name: 'templates', bothLanguages: true, phone: true },
  { path: '/templates/create', name: 'template create wizard' },
  { path: '/templates/show/:id', name: 'template detail', id: 'admin/templates' },
  { path: '/templates/edit/:id', name: 'template edit', id: 'admin/templates' },
  { path: '/templates/genecombinations', name: 'gene combinations', bothLanguages: true },
  { path: '/templates/genecombinations/show/:id', name: 'gene combination', id: 'admin/genecombinations' },
  {
    path: '/templates/genecombinations/edit/:id',
    name: 'gene combination edit',
    id: 'admin/genecombinations',
  },
  { path: '/templates/combinationrules', name: 'combination rules', bothLanguages: true },
  { path: '/templates/combinationrules/create', name: 'new combination rule', bothLanguages: true },
  {
    path: '/templates/combinationrules/edit/:id',
    name: 'combination rule edit',
    id: 'admin/combinationrules',
  },
  { path: '/templates/markers', name: 'marker map', bothLanguages: true, phone: true },
  // The lab's view: the map without the means to change it.
  { path: '/templates/markers', name: 'marker map (read only)', as: 'lab' },
  { path: '/templates/markers/create', name: 'new marker', bothLanguages: true },
  { path: '/templates/markers/edit/:id', name: 'marker edit', id: 'admin/templates/markers' },
  { path: '/templates/templatecategories', name: 'template categories', bothLanguages: true },
  {
    path: '/templates/templatecategories/show/:id',
    name: 'template category',
    id: 'admin/templatecategories',
  },
  {
    path: '/templates/templatecategories/edit/:id',
    name: 'template category edit',
    id: 'admin/templatecategories',
  },
  { path: '/templates/report-texts', name: 'report texts', bothLanguages: true },

  { path: '/*', name: 'not found' },
];
