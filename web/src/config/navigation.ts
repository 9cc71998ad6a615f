import { type Permission, Permissions } from '@genodesk/contract/permissions';
import {
  type Icon,
  IconAddressBook,
  IconArchive,
  IconBarcode,
  IconBuildingBank,
  IconCalendarEvent,
  IconCalendarTime,
  IconCash,
  IconClipboardList,
  IconCreditCard,
  IconDna2,
  IconDoor,
  IconEye,
  IconFileDescription,
  IconFileText,
  IconFingerprint,
  IconHeartHandshake,
  IconHierarchy2,
  IconHourglass,
  IconInbox,
  IconLink,
  IconMailForward,
  IconMapPin,
  IconMicroscope,
  IconPackageExport,
  IconPackageImport,
  IconReceipt,
  IconReportMedical,
  IconSettings,
  IconShieldLock,
  IconShoppingCart,
  IconStethoscope,
  IconTag,
  IconTemplate,
  IconTestPipe,
  IconTicket,
  IconUpload,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { paths } from './paths';

export interface NavItem {
  key: string;
  to: string;
  /** i18n key of the label */
  label: string;
  icon: Icon;
  /** all required */
  permissions: readonly Permission[];
  /** at least one required, when given */
  anyPermissions?: readonly Permission[];
}

export interface NavGroup {
  key: string;
  /** i18n key */
  label: string;
  icon: Icon;
  items: readonly NavItem[];
}

/**
 * The navbar, grouped as SPEC §2 says. Later areas add their entries here; empty groups and links the
 * user may not open are hidden by `visibleNav`.
 */
export const navGroups: readonly NavGroup[] = [
  {
    key: 'customers',
    label: 'nav.groups.customers',
    icon: IconUsersGroup,
    items: [
      {
        key: 'customers',
        to: paths.customers.list,
        label: 'nav.customers',
        icon: IconAddressBook,
        permissions: [Permissions.CustomersView],
      },
      {
        key: 'unpaidcustomers',
        to: paths.unpaidCustomers.list,
        label: 'finances.nav.unpaidCustomers',
        icon: IconReceipt,
        permissions: [Permissions.UnpaidCustomersView],
      },
      {
        key: 'relationships',
        to: paths.relationships,
        label: 'nav.relationships',
        icon: IconHeartHandshake,
        permissions: [Permissions.CustomersView],
      },
      {
        key: 'questionnaires',
        to: paths.questionnaires.list,
        label: 'nav.questionnaires',
        icon: IconClipboardList,
        permissions: [Permissions.QuestionnairesView],
      },
      {
        key: 'samples',
        to: paths.samples.list,
        label: 'nav.samples',
        icon: IconTestPipe,
        permissions: [Permissions.SamplesView],
      },
      {
        key: 'pendingsamples',
        to: paths.samples.pending,
        label: 'nav.pendingSamples',
        icon: IconPackageExport,
        permissions: [Permissions.SamplesEdit],
      },
      {
        key: 'receivingsamples',
        to: paths.samples.receiving,
        label: 'nav.receivingSamples',
        icon: IconPackageImport,
        permissions: [Permissions.SamplesEdit],
      },
      {
        key: 'waitingforanalysis',
        to: paths.samples.waitingForAnalysis,
        label: 'nav.waitingForAnalysis',
        icon: IconHourglass,
        permissions: [Permissions.SamplesEdit],
      },
      {
        key: 'inanalysis',
        to: paths.samples.inAnalysis,
        label: 'nav.inAnalysis',
        icon: IconMicroscope,
        permissions: [Permissions.SamplesEdit],
      },
      {
        key: 'results',
        to: paths.results.list,
        label: 'nav.results',
        icon: IconUpload,
        permissions: [],
        anyPermissions: [Permissions.ResultsView, Permissions.ResultsUpload],
      },
      {
        key: 'products',
        to: paths.products.list,
        label: 'nav.products',
        icon: IconReportMedical,
        permissions: [Permissions.ProductsView],
      },
      {
        key: 'products-doctorsection',
        to: paths.doctorSection.list,
        label: 'nav.doctorSection',
        icon: IconStethoscope,
        permissions: [Permissions.ProductsView],
      },
      {
        key: 'archive',
        to: paths.archive.list,
        label: 'nav.archive',
        icon: IconArchive,
        permissions: [Permissions.ProductsView],
      },
    ],
  },
  {
    key: 'reservations',
    label: 'nav.groups.reservations',
    icon: IconCalendarEvent,
    items: [
      {
        key: 'reservations',
        to: paths.reservations,
        label: 'nav.reservations',
        icon: IconCalendarTime,
        permissions: [Permissions.ReservationsView],
      },
      {
        key: 'consultingrooms',
        to: paths.consultingRooms.list,
        label: 'nav.consultingRooms',
        icon: IconDoor,
        permissions: [Permissions.ConsultingRoomsView],
      },
    ],
  },
  {
    key: 'administration',
    label: 'nav.groups.administration',
    icon: IconSettings,
    items: [
      {
        key: 'users',
        to: paths.users.list,
        label: 'nav.users',
        icon: IconUsers,
        permissions: [Permissions.UsersView],
      },
      {
        key: 'roles',
        to: paths.roles.list,
        label: 'nav.roles',
        icon: IconShieldLock,
        permissions: [Permissions.RolesView],
      },
      {
        key: 'securitylog',
        to: paths.securityLog,
        label: 'nav.securityLog',
        icon: IconFingerprint,
        permissions: [Permissions.UsersEdit],
      },
      {
        key: 'accesslog',
        to: paths.accessLog,
        label: 'nav.accessLog',
        icon: IconEye,
        permissions: [Permissions.AccessLogView],
      },
      {
        key: 'barcodes',
        to: paths.barcodes.list,
        label: 'nav.barcodes',
        icon: IconBarcode,
        permissions: [Permissions.BarcodesView],
      },
      {
        key: 'producttypes',
        to: paths.productTypes.list,
        label: 'finances.nav.productTypes',
        icon: IconTag,
        permissions: [Permissions.ProductTypesView],
      },
      {
        key: 'email',
        to: paths.email,
        label: 'messaging.nav.email',
        icon: IconMailForward,
        permissions: [Permissions.BarcodesView],
      },
      {
        key: 'outbox',
        to: paths.outbox.list,
        label: 'messaging.nav.outbox',
        icon: IconInbox,
        permissions: [Permissions.BarcodesView],
      },
    ],
  },
  {
    key: 'templates',
    label: 'nav.groups.templates',
    icon: IconTemplate,
    items: [
      {
        key: 'templates',
        to: paths.templates.list,
        label: 'nav.templates',
        icon: IconFileText,
        permissions: [Permissions.TemplatesView],
      },
      {
        key: 'genecombinations',
        to: paths.geneCombinations.list,
        label: 'nav.geneCombinations',
        icon: IconDna2,
        permissions: [Permissions.TemplatesView],
      },
      {
        key: 'combinationrules',
        to: paths.combinationRules.list,
        label: 'nav.combinationRules',
        icon: IconLink,
        permissions: [Permissions.TemplatesView],
      },
      {
        key: 'markers',
        to: paths.markers.list,
        label: 'nav.markers',
        icon: IconMapPin,
        permissions: [Permissions.TemplatesView],
      },
      {
        key: 'templatecategories',
        to: paths.templateCategories.list,
        label: 'nav.templateCategories',
        icon: IconHierarchy2,
        permissions: [Permissions.TemplatesView],
      },
      {
        key: 'reporttexts',
        to: paths.reportTexts,
        label: 'nav.reportTexts',
        icon: IconFileDescription,
        permissions: [Permissions.TemplatesView],
      },
    ],
  },
  {
    key: 'finances',
    label: 'nav.groups.finances',
    icon: IconCash,
    items: [
      {
        key: 'orders',
        to: paths.orders.list,
        label: 'finances.nav.orders',
        icon: IconShoppingCart,
        permissions: [Permissions.OrdersView],
      },
      {
        key: 'payments',
        to: paths.payments,
        label: 'finances.nav.payments',
        icon: IconCreditCard,
        permissions: [Permissions.PaymentsView],
      },
      {
        key: 'statements',
        to: paths.statements.list,
        label: 'finances.nav.statements',
        icon: IconBuildingBank,
        permissions: [Permissions.PaymentsView],
      },
      {
        key: 'vouchers',
        to: paths.vouchers.list,
        label: 'vouchers.nav',
        icon: IconTicket,
        permissions: [Permissions.VouchersView],
      },
    ],
  },
];

export function hasAll(held: readonly string[], required: readonly string[]): boolean {
  return required.every((permission) => held.includes(permission));
}

function mayOpen(held: readonly string[], item: NavItem): boolean {
  const anyOf = item.anyPermissions ?? [];
  return hasAll(held, item.permissions) && (anyOf.length === 0 || anyOf.some((p) => held.includes(p)));
}

/**
 * The link of `items` that owns `pathname`: the longest `to` that is the path or a parent of it, so
 * /templates/genecombinations/show/1 marks Phenotypes, not Templates.
 */
export function activeNavTo(items: readonly { to: string }[], pathname: string): string | undefined {
  return items
    .map((item) => item.to)
    .filter((to) => pathname === to || pathname.startsWith(`${to}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/** The groups and links a user with these permissions may open; groups left empty are dropped. */
export function visibleNav(groups: readonly NavGroup[], held: readonly string[]): NavGroup[] {
  return groups
    .map((group) => ({ ...group, items: group.items.filter((item) => mayOpen(held, item)) }))
    .filter((group) => group.items.length > 0);
}
