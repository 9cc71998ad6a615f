import { Permissions } from '@genodesk/contract/permissions';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageLoader } from '@/components/full-page-loader';
import { RootRouteError, RouteError } from '@/components/route-error';
import { LoginRoute } from '@/features/auth/routes/login';
import { withChunkTimeout } from '@/lib/chunk';
import { loadScreenTexts } from '@/lib/i18n';
import { registerScreenTitles, screenOpened } from '@/lib/screen';
import { CHANGE_PASSWORD_ROUTE, ENROL_TWO_FACTOR_ROUTE, SECOND_FACTOR_ROUTE } from './guard';
import { RootRoute } from './root-route';
import { isRouteHandle, type RouteHandle } from './route-handle';

type RouteModule = { Component: ComponentType };

/**
 * Route-level code splitting; a chunk that does not arrive within 120 s fails as a ChunkLoadError.
 * Every screen but the sign-in needs the rest of its language's texts, fetched alongside.
 */
const lazy = (load: () => Promise<RouteModule>) => async () => {
  const [module] = await Promise.all([withChunkTimeout(load()), loadScreenTexts()]);
  return { Component: module.Component };
};

const handle = (value: RouteHandle) => value;

const LOGIN_ROUTE = 'admin.login';
const loadShell = () => import('./layout/app-layout');
const loadDashboard = () => import('@/features/dashboard/routes/dashboard');

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootRoute />,
    errorElement: <RootRouteError />,
    HydrateFallback: FullPageLoader,
    handle: handle({ name: 'root' }),
    children: [
      {
        // In the first bundle: the screen most cold loads show, drawn without a further round trip.
        path: 'login',
        handle: handle({ name: LOGIN_ROUTE, title: 'login.title', public: true }),
        Component: LoginRoute,
      },
      {
        path: 'change-password',
        handle: handle({ name: CHANGE_PASSWORD_ROUTE, title: 'forcePassword.title', fallback: 'login' }),
        lazy: lazy(() => import('@/features/auth/routes/force-change-password')),
      },
      {
        path: 'login/second-factor',
        handle: handle({ name: SECOND_FACTOR_ROUTE, title: 'twoFactor.verify.title', fallback: 'login' }),
        lazy: lazy(() => import('@/features/auth/routes/second-factor')),
      },
      {
        path: 'security/enrol',
        handle: handle({ name: ENROL_TWO_FACTOR_ROUTE, title: 'twoFactor.enrol.title', fallback: 'login' }),
        lazy: lazy(() => import('@/features/auth/routes/enrol-two-factor')),
      },
      {
        // Anyone, signed in or not (issue 35): the QR code on a report PDF leads here. A signed-in
        // staff member gets the staff answer, everyone else the public one (nothing personal).
        path: 'verify',
        handle: handle({ name: 'public.verify', title: 'products.verify.title', public: true }),
        children: [
          { index: true, lazy: lazy(() => import('@/features/products/routes/verify-report')) },
          {
            path: ':code',
            handle: handle({ name: 'public.verify.code', title: 'products.verify.title', public: true }),
            lazy: lazy(() => import('@/features/products/routes/verify-report')),
          },
        ],
      },
      {
        path: '/',
        handle: handle({ name: 'admin', permissions: [Permissions.AdminPanelView], fallback: 'login' }),
        lazy: lazy(loadShell),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              {
                index: true,
                handle: handle({ name: 'admin.dashboard', title: 'dashboard.title' }),
                lazy: lazy(loadDashboard),
              },
              {
                path: 'user',
                handle: handle({ name: 'admin.profile', title: 'profile.title' }),
                lazy: lazy(() => import('@/features/users/routes/profile')),
              },
              {
                path: 'customers',
                handle: handle({
                  name: 'admin.customers',
                  title: 'customers.title',
                  permissions: [Permissions.CustomersView],
                  fallback: 'dashboard',
                }),
                children: [
                  { index: true, lazy: lazy(() => import('@/features/customers/routes/customers-list')) },
                  {
                    path: 'create',
                    handle: handle({
                      name: 'admin.customers.create',
                      title: 'customers.createTitle',
                      permissions: [Permissions.CustomersCreate],
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/customers/routes/customer-create')),
                  },
                  {
                    path: 'edit/:id',
                    handle: handle({
                      name: 'admin.customers.edit',
                      title: 'customers.editTitle',
                      permissions: [Permissions.CustomersEdit],
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/customers/routes/customer-edit')),
                  },
                  {
                    path: 'view/:id',
                    handle: handle({
                      name: 'admin.customers.view',
                      title: 'customers.viewTitle',
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/customers/routes/customer-view')),
                  },
                ],
              },
              {
                path: 'customers/relationships',
                handle: handle({
                  name: 'admin.customers.relationships',
                  title: 'relationships.title',
                  permissions: [Permissions.CustomersView],
                  fallback: 'dashboard',
                }),
                lazy: lazy(() => import('@/features/relationships/routes/relationships-list')),
              },
              {
                path: 'customers/questionnaires',
                handle: handle({
                  name: 'admin.customers.questionnaires',
                  title: 'questionnaires.title',
                  permissions: [Permissions.QuestionnairesView],
                  fallback: 'dashboard',
                }),
                children: [
                  {
                    index: true,
                    lazy: lazy(() => import('@/features/questionnaires/routes/questionnaires-list')),
                  },
                  {
                    path: 'show/:id',
                    handle: handle({
                      name: 'admin.customers.questionnaires.view',
                      title: 'questionnaires.showTitle',
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/questionnaires/routes/questionnaire-show')),
                  },
                ],
              },
              {
                path: 'customers/samples',
                handle: handle({
                  name: 'admin.samples',
                  title: 'samples.title',
                  permissions: [Permissions.SamplesView],
                  fallback: 'dashboard',
                }),
                children: [
                  { index: true, lazy: lazy(() => import('@/features/samples/routes/samples-list')) },
                  {
                    path: 'view/:id',
                    handle: handle({
                      name: 'admin.samples.view',
                      title: 'samples.viewPageTitle',
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/samples/routes/sample-view')),
                  },
                  {
                    path: 'edit/:id',
                    handle: handle({
                      name: 'admin.samples.edit',
                      title: 'samples.editPageTitle',
                      permissions: [Permissions.SamplesEdit],
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/samples/routes/sample-edit')),
                  },
                ],
              },
              {
                path: 'customers/pendingsamples',
                handle: handle({
                  name: 'admin.pendingsamples',
                  title: 'samples.workLists.pending.title',
                  permissions: [Permissions.SamplesEdit],
                  fallback: 'dashboard',
                }),
                lazy: lazy(() => import('@/features/samples/routes/pending-samples')),
              },
              {
                path: 'customers/receivingsamples',
                handle: handle({
                  name: 'admin.receivingsamples',
                  title: 'samples.workLists.receiving.title',
                  permissions: [Permissions.SamplesEdit],
                  fallback: 'dashboard',
                }),
                lazy: lazy(() => import('@/features/samples/routes/receiving-samples')),
              },
              {
                path: 'customers/waitingforanalysis',
                handle: handle({
                  name: 'admin.waitingforanalysis',
                  title: 'samples.workLists.waitingForAnalysis.title',
                  permissions: [Permissions.SamplesEdit],
                  fallback: 'dashboard',
                }),
                lazy: lazy(() => import('@/features/samples/routes/waiting-for-analysis')),
              },
              {
                path: 'customers/inanalysis',
                handle: handle({
                  name: 'admin.inanalysis',
                  title: 'samples.workLists.inAnalysis.title',
                  permissions: [Permissions.SamplesEdit],
                  fallback: 'dashboard',
                }),
                lazy: lazy(() => import('@/features/samples/routes/in-analysis')),
              },
              {
                path: 'results',
                handle: handle({
                  name: 'admin.results',
                  title: 'results.title',
                  anyPermissions: [Permissions.ResultsView, Permissions.ResultsUpload],
                  fallback: 'dashboard',
                }),
                children: [
                  { index: true, lazy: lazy(() => import('@/features/results/routes/results-list')) },
                  {
                    path: ':id',
                    handle: handle({
                      name: 'admin.results.view',
                      title: 'results.viewTitle',
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/results/routes/result-view')),
                  },
                ],
              },
              {
                path: 'customers/products',
                handle: handle({
                  name: 'admin.customers.products',
                  title: 'products.title',
                  permissions: [Permissions.ProductsView],
                  fallback: 'dashboard',
                }),
                children: [
                  { index: true, lazy: lazy(() => import('@/features/products/routes/products-list')) },
                  {
                    path: ':id',
                    handle: handle({
                      name: 'admin.customers.products.view',
                      title: 'products.viewTitle',
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/products/routes/product-view')),
                  },
                  {
                    path: 'edit/:id',
                    handle: handle({
                      name: 'admin.customers.products.edit',
                      title: 'products.editTitle',
                      permissions: [Permissions.ProductsEdit],
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/products/routes/product-edit')),
                  },
                ],
              },
              {
                path: 'customers/products-doctorsection',
                handle: handle({
                  name: 'admin.customers.products-doctorsection',
                  title: 'products.doctorSectionTitle',
                  permissions: [Permissions.ProductsView],
                  fallback: 'dashboard',
                }),
                children: [
                  { index: true, lazy: lazy(() => import('@/features/products/routes/doctor-section-list')) },
                  {
                    path: ':id',
                    handle: handle({
                      name: 'admin.customers.products-doctorsection.view',
                      title: 'products.viewTitle',
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/products/routes/product-view')),
                  },
                  {
                    path: 'edit/:id',
                    handle: handle({
                      name: 'admin.customers.products-doctorsection.edit',
                      title: 'products.editTitle',
                      permissions: [Permissions.ProductsEdit],
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/products/routes/product-edit')),
                  },
                ],
              },
              {
                path: 'customers/archive',
                handle: handle({
                  name: 'admin.customers.archive',
                  title: 'products.archiveTitle',
                  permissions: [Permissions.ProductsView],
                  fallback: 'dashboard',
                }),
                children: [
                  { index: true, lazy: lazy(() => import('@/features/products/routes/archive-list')) },
                  {
                    path: ':id',
                    handle: handle({
                      name: 'admin.customers.archive.view',
                      title: 'products.viewTitle',
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/products/routes/product-view')),
                  },
                ],
              },
              {
                path: 'unpaidcustomers',
                handle: handle({
                  name: 'admin.unpaidcustomers',
                  title: 'finances.unpaid.title',
                  permissions: [Permissions.UnpaidCustomersView],
                  fallback: 'dashboard',
                }),
                children: [
                  { index: true, lazy: lazy(() => import('@/features/finances/routes/unpaid-orders-list')) },
                  {
                    path: 'view/:id',
                    handle: handle({
                      name: 'admin.unpaidcustomers.view',
                      title: 'finances.unpaid.viewTitle',
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/finances/routes/unpaid-order-view')),
                  },
                ],
              },
              {
                path: 'finances/orders',
                handle: handle({
                  name: 'admin.finances.orders',
                  title: 'finances.orders.title',
                  permissions: [Permissions.OrdersView],
                  fallback: 'dashboard',
                }),
                children: [
                  { index: true, lazy: lazy(() => import('@/features/finances/routes/orders-list')) },
                  {
                    path: 'view/:id',
                    handle: handle({
                      name: 'admin.finances.orders.view',
                      title: 'finances.orders.viewTitle',
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/finances/routes/order-view')),
                  },
                ],
              },
              {
                path: 'finances/payments',
                handle: handle({
                  name: 'admin.finances.payments',
                  title: 'finances.payments.title',
                  permissions: [Permissions.PaymentsView],
                  fallback: 'dashboard',
                }),
                lazy: lazy(() => import('@/features/finances/routes/payments-list')),
              },
              {
                path: 'finances/statements',
                handle: handle({
                  name: 'admin.finances.statements',
                  title: 'finances.statements.title',
                  permissions: [Permissions.PaymentsView],
                  fallback: 'dashboard',
                }),
                children: [
                  { index: true, lazy: lazy(() => import('@/features/finances/routes/statements-list')) },
                  {
                    path: 'view/:id',
                    handle: handle({
                      name: 'admin.finances.statements.view',
                      title: 'finances.statements.viewTitle',
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/finances/routes/statement-view')),
                  },
                ],
              },
              {
                path: 'vouchers',
                handle: handle({
                  name: 'admin.vouchers',
                  title: 'vouchers.title',
                  permissions: [Permissions.VouchersView],
                  fallback: 'dashboard',
                }),
                children: [
                  { index: true, lazy: lazy(() => import('@/features/vouchers/routes/vouchers-list')) },
                  {
                    path: 'money/create',
                    handle: handle({
                      name: 'admin.vouchers.money.create',
                      title: 'vouchers.createMoneyTitle',
                      permissions: [Permissions.VouchersCreate],
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/vouchers/routes/voucher-create')),
                  },
                  {
                    path: 'product/create',
                    handle: handle({
                      name: 'admin.vouchers.product.create',
                      title: 'vouchers.createProductTitle',
                      permissions: [Permissions.VouchersCreate],
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/vouchers/routes/voucher-create')),
                  },
                  {
                    path: 'money/view/:id',
                    handle: handle({
                      name: 'admin.vouchers.money.view',
                      title: 'vouchers.moneyViewTitle',
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/vouchers/routes/voucher-view')),
                  },
                  {
                    path: 'product/view/:id',
                    handle: handle({
                      name: 'admin.vouchers.product.view',
                      title: 'vouchers.productViewTitle',
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/vouchers/routes/voucher-view')),
                  },
                  {
                    path: 'money/edit/:id',
                    handle: handle({
                      name: 'admin.vouchers.money.edit',
                      title: 'vouchers.editTitle',
                      permissions: [Permissions.VouchersEdit],
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/vouchers/routes/voucher-edit')),
                  },
                  {
                    path: 'product/edit/:id',
                    handle: handle({
                      name: 'admin.vouchers.product.edit',
                      title: 'vouchers.editTitle',
                      permissions: [Permissions.VouchersEdit],
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/vouchers/routes/voucher-edit')),
                  },
                ],
              },
              {
                path: 'reservations',
                handle: handle({
                  name: 'admin.reservations',
                  title: 'reservations.calendar.title',
                  permissions: [Permissions.ReservationsView],
                  fallback: 'dashboard',
                }),
                lazy: lazy(() => import('@/features/reservations/routes/calendar')),
              },
              {
                path: 'reservations/consultingrooms',
                handle: handle({
                  name: 'admin.consultingrooms',
                  title: 'reservations.rooms.title',
                  permissions: [Permissions.ConsultingRoomsView],
                  fallback: 'dashboard',
                }),
                children: [
                  { index: true, lazy: lazy(() => import('@/features/reservations/routes/rooms-list')) },
                  {
                    path: 'create',
                    handle: handle({
                      name: 'admin.consultingrooms.create',
                      title: 'reservations.rooms.createTitle',
                      permissions: [Permissions.ConsultingRoomsCreate],
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/reservations/routes/room-create')),
                  },
                  {
                    path: 'edit/:id',
                    handle: handle({
                      name: 'admin.consultingrooms.edit',
                      title: 'reservations.rooms.editTitle',
                      permissions: [Permissions.ConsultingRoomsEdit],
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/reservations/routes/room-edit')),
                  },
                  {
                    path: 'show/:id',
                    handle: handle({
                      name: 'admin.consultingrooms.show',
                      title: 'reservations.rooms.viewTitle',
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/reservations/routes/room-view')),
                  },
                ],
              },
              {
                path: 'customers/reservations/:id',
                handle: handle({
                  name: 'admin.customers.reservations',
                  title: 'reservations.history.title',
                  permissions: [Permissions.ReservationsView],
                  fallback: 'dashboard',
                }),
                lazy: lazy(() => import('@/features/reservations/routes/customer-reservations')),
              },
              {
                path: 'administration/producttypes',
                handle: handle({
                  name: 'admin.producttypes',
                  title: 'finances.productTypes.title',
                  permissions: [Permissions.ProductTypesView],
                  fallback: 'dashboard',
                }),
                children: [
                  { index: true, lazy: lazy(() => import('@/features/finances/routes/product-types-list')) },
                  {
                    path: 'create',
                    handle: handle({
                      name: 'admin.producttypes.create',
                      title: 'finances.productTypes.createTitle',
                      permissions: [Permissions.ProductTypesCreate],
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/finances/routes/product-type-create')),
                  },
                  {
                    path: 'edit/:id',
                    handle: handle({
                      name: 'admin.producttypes.edit',
                      title: 'finances.productTypes.editTitle',
                      permissions: [Permissions.ProductTypesEdit],
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/finances/routes/product-type-edit')),
                  },
                  {
                    path: 'view/:id',
                    handle: handle({
                      name: 'admin.producttypes.view',
                      title: 'finances.productTypes.viewTitle',
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/finances/routes/product-type-view')),
                  },
                ],
              },
              {
                path: 'administration/users',
                handle: handle({
                  name: 'admin.users',
                  title: 'users.title',
                  permissions: [Permissions.UsersView],
                  fallback: 'dashboard',
                }),
                children: [
                  { index: true, lazy: lazy(() => import('@/features/users/routes/users-list')) },
                  {
                    path: 'create',
                    handle: handle({
                      name: 'admin.users.create',
                      title: 'users.createTitle',
                      permissions: [Permissions.UsersCreate],
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/users/routes/user-create')),
                  },
                  {
                    path: 'edit/:id',
                    handle: handle({
                      name: 'admin.users.edit',
                      title: 'users.editTitle',
                      permissions: [Permissions.UsersEdit],
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/users/routes/user-edit')),
                  },
                  {
                    path: 'view/:id',
                    handle: handle({
                      name: 'admin.users.view',
                      title: 'users.viewTitle',
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/users/routes/user-view')),
                  },
                ],
              },
              {
                path: 'administration/securitylog',
                handle: handle({
                  name: 'admin.securityLog',
                  title: 'securityLog.title',
                  permissions: [Permissions.UsersEdit],
                  fallback: 'dashboard',
                }),
                lazy: lazy(() => import('@/features/users/routes/security-log')),
              },
              {
                path: 'administration/accesslog',
                handle: handle({
                  name: 'admin.accessLog',
                  title: 'accessLog.title',
                  permissions: [Permissions.AccessLogView],
                  fallback: 'dashboard',
                }),
                lazy: lazy(() => import('@/features/access-log/routes/access-log')),
              },
              {
                path: 'administration/barcodes',
                handle: handle({
                  name: 'admin.barcodes',
                  title: 'barcodes.title',
                  permissions: [Permissions.BarcodesView],
                  fallback: 'dashboard',
                }),
                children: [
                  { index: true, lazy: lazy(() => import('@/features/barcodes/routes/barcodes-list')) },
                  {
                    path: 'batch/:id',
                    handle: handle({
                      name: 'admin.barcodes.labels',
                      title: 'barcodes.labelsPageTitle',
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/barcodes/routes/barcode-labels')),
                  },
                ],
              },
              {
                path: 'administration/email',
                handle: handle({
                  name: 'admin.email',
                  title: 'messaging.email.title',
                  permissions: [Permissions.BarcodesView],
                  fallback: 'dashboard',
                }),
                lazy: lazy(() => import('@/features/messaging/routes/email-compose')),
              },
              {
                path: 'administration/outbox',
                handle: handle({
                  name: 'admin.outbox',
                  title: 'messaging.outbox.title',
                  permissions: [Permissions.BarcodesView],
                  fallback: 'dashboard',
                }),
                children: [
                  { index: true, lazy: lazy(() => import('@/features/messaging/routes/outbox-list')) },
                  {
                    path: ':id',
                    handle: handle({
                      name: 'admin.outbox.view',
                      title: 'messaging.outbox.viewTitle',
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/messaging/routes/outbox-view')),
                  },
                ],
              },
              {
                path: 'administration/roles',
                handle: handle({
                  name: 'admin.roles',
                  title: 'roles.title',
                  permissions: [Permissions.RolesView],
                  fallback: 'dashboard',
                }),
                children: [
                  { index: true, lazy: lazy(() => import('@/features/users/routes/roles-list')) },
                  {
                    path: 'view/:id',
                    handle: handle({
                      name: 'admin.roles.view',
                      title: 'roles.viewTitle',
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/users/routes/role-view')),
                  },
                  {
                    path: 'edit/:id',
                    handle: handle({
                      name: 'admin.roles.edit',
                      title: 'roles.editTitle',
                      permissions: [Permissions.RolesEdit],
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/users/routes/role-edit')),
                  },
                ],
              },
              {
                path: 'templates',
                handle: handle({
                  name: 'admin.templates',
                  title: 'templates.title',
                  permissions: [Permissions.TemplatesView],
                  fallback: 'dashboard',
                }),
                children: [
                  { index: true, lazy: lazy(() => import('@/features/templates/routes/templates-list')) },
                  {
                    path: 'create',
                    handle: handle({
                      name: 'admin.templates.create',
                      title: 'templates.createTitle',
                      permissions: [Permissions.TemplatesCreate],
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/templates/routes/template-create')),
                  },
                  {
                    path: 'edit/:id',
                    handle: handle({
                      name: 'admin.templates.edit',
                      title: 'templates.editTitle',
                      permissions: [Permissions.TemplatesEdit],
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/templates/routes/template-edit')),
                  },
                  {
                    path: 'show/:id',
                    handle: handle({
                      name: 'admin.templates.view',
                      title: 'templates.viewTitle',
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/templates/routes/template-show')),
                  },
                ],
              },
              {
                path: 'templates/genecombinations',
                handle: handle({
                  name: 'admin.templates.genecombinations',
                  title: 'geneCombinations.title',
                  permissions: [Permissions.TemplatesView],
                  fallback: 'dashboard',
                }),
                children: [
                  {
                    index: true,
                    lazy: lazy(() => import('@/features/templates/routes/gene-combinations-list')),
                  },
                  {
                    path: 'edit/:id',
                    handle: handle({
                      name: 'admin.templates.genecombinations.edit',
                      title: 'geneCombinations.editTitle',
                      permissions: [Permissions.TemplatesEdit],
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/templates/routes/gene-combination-edit')),
                  },
                  {
                    path: 'show/:id',
                    handle: handle({
                      name: 'admin.templates.genecombinations.view',
                      title: 'geneCombinations.viewTitle',
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/templates/routes/gene-combination-show')),
                  },
                ],
              },
              {
                path: 'templates/combinationrules',
                handle: handle({
                  name: 'admin.templates.combinationrules',
                  title: 'combinationRules.title',
                  permissions: [Permissions.TemplatesView],
                  fallback: 'dashboard',
                }),
                children: [
                  {
                    index: true,
                    lazy: lazy(() => import('@/features/templates/routes/combination-rules-list')),
                  },
                  {
                    path: 'create',
                    handle: handle({
                      name: 'admin.templates.combinationrules.create',
                      title: 'combinationRules.createTitle',
                      permissions: [Permissions.TemplatesCreate],
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/templates/routes/combination-rule-form')),
                  },
                  {
                    path: 'edit/:id',
                    handle: handle({
                      name: 'admin.templates.combinationrules.edit',
                      title: 'combinationRules.editTitle',
                      permissions: [Permissions.TemplatesEdit],
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/templates/routes/combination-rule-form')),
                  },
                ],
              },
              {
                path: 'templates/markers',
                handle: handle({
                  name: 'admin.templates.markers',
                  title: 'markers.title',
                  permissions: [Permissions.TemplatesView],
                  fallback: 'dashboard',
                }),
                children: [
                  { index: true, lazy: lazy(() => import('@/features/templates/routes/markers-list')) },
                  {
                    path: 'create',
                    handle: handle({
                      name: 'admin.templates.markers.create',
                      title: 'markers.createTitle',
                      permissions: [Permissions.TemplatesEdit],
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/templates/routes/marker-form')),
                  },
                  {
                    path: 'edit/:id',
                    handle: handle({
                      name: 'admin.templates.markers.edit',
                      title: 'markers.editTitle',
                      permissions: [Permissions.TemplatesEdit],
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/templates/routes/marker-form')),
                  },
                ],
              },
              {
                path: 'templates/templatecategories',
                handle: handle({
                  name: 'admin.templates.templatecategories',
                  title: 'templateCategories.title',
                  permissions: [Permissions.TemplatesView],
                  fallback: 'dashboard',
                }),
                children: [
                  {
                    index: true,
                    lazy: lazy(() => import('@/features/templates/routes/template-categories-list')),
                  },
                  {
                    path: 'edit/:id',
                    handle: handle({
                      name: 'admin.templates.templatecategories.edit',
                      title: 'templateCategories.editTitle',
                      permissions: [Permissions.TemplatesEdit],
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/templates/routes/template-category-edit')),
                  },
                  {
                    path: 'show/:id',
                    handle: handle({
                      name: 'admin.templates.templatecategories.view',
                      title: 'templateCategories.viewTitle',
                      fallback: 'dashboard',
                    }),
                    lazy: lazy(() => import('@/features/templates/routes/template-category-show')),
                  },
                ],
              },
              {
                path: 'templates/report-texts',
                handle: handle({
                  name: 'admin.templates.reporttexts',
                  title: 'reportTexts.title',
                  permissions: [Permissions.TemplatesView],
                  fallback: 'dashboard',
                }),
                lazy: lazy(() => import('@/features/templates/routes/report-texts')),
              },
              {
                path: '*',
                handle: handle({ name: 'admin.notFound', title: 'notFound.title', notFound: true }),
                lazy: lazy(() => import('@/components/not-found-route')),
              },
            ],
          },
        ],
      },
    ],
  },
];

function* screenTitles(tree: RouteObject[]): Generator<[string, string]> {
  for (const route of tree) {
    if (isRouteHandle(route.handle) && route.handle.title) yield [route.handle.name, route.handle.title];
    if (route.children) yield* screenTitles(route.children);
  }
}

/** Where `npm run bench` (api/bench/web.ts) and e2e/tests/first-load.spec.ts end a cold load of the sign-in. */
const SHELL_PREFETCH_MARK = 'genodesk:shell-prefetch';
let shellPrefetched = false;

/**
 * The shell, the dashboard and the rest of the language's texts, fetched while the sign-in screen
 * waits for the user, so that signing in does not wait for them and drawing the screen did not.
 */
function prefetchShell() {
  if (shellPrefetched) return;
  shellPrefetched = true;
  performance.mark(SHELL_PREFETCH_MARK);
  // A chunk that fails here fails again, and is shown, when the shell opens.
  const loads = [
    loadShell,
    loadDashboard,
    loadScreenTexts,
    // What the sign-in form loads on submit, before it sends the request.
    () => import('@/features/auth/components/login-validation'),
  ];
  for (const load of loads) load().catch(() => undefined);
}

function whenIdle(task: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 5_000 });
  else setTimeout(task, 1_000);
}

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  registerScreenTitles(screenTitles(routes));
  // Told before the new screen renders and fetches, so its calls carry its opening.
  const follow = ({ location, matches, navigation }: typeof router.state) => {
    const handle = matches.map((match) => match.route.handle).findLast(isRouteHandle);
    screenOpened(handle?.name ?? null, location.pathname);
    if (handle?.name === LOGIN_ROUTE && navigation.state === 'idle' && !shellPrefetched)
      whenIdle(prefetchShell);
  };
  follow(router.state);
  router.subscribe(follow);
  return router;
}
