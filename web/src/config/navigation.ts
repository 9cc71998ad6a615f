import { type Permission, Permissions } from '@genodesk/contract/permissions';
import {
  type Icon,
  IconAddressBook,
  IconArchive,
  IconBarcode,
  IconCalendarEvent,
  IconCash,
  IconClipboardList,
  IconDna2,
  IconFileText,
  IconHeartHandshake,
  IconHierarchy2,
  IconHourglass,
  IconMicroscope,
  IconPackageExport,
  IconPackageImport,
  IconReportMedical,
  IconSettings,
  IconShieldLock,
  IconStethoscope,
  IconTemplate,
  IconTestPipe,
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
  /** i18n key of a one-line description (dashboard cards) */
  description: string;
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
        description: 'nav.customersDescription',
        icon: IconAddressBook,
        permissions: [Permissions.CustomersView],
      },
      {
        key: 'relationships',
        to: paths.relationships,
        label: 'nav.relationships',
        description: 'nav.relationshipsDescription',
        icon: IconHeartHandshake,
        permissions: [Permissions.CustomersView],
      },
      {
        key: 'questionnaires',
        to: paths.questionnaires.list,
        label: 'nav.questionnaires',
        description: 'nav.questionnairesDescription',
        icon: IconClipboardList,
        permissions: [Permissions.QuestionnairesView],
      },
      {
        key: 'samples',
        to: paths.samples.list,
        label: 'nav.samples',
        description: 'nav.samplesDescription',
        icon: IconTestPipe,
        permissions: [Permissions.SamplesView],
      },
      {
        key: 'pendingsamples',
        to: paths.samples.pending,
        label: 'nav.pendingSamples',
        description: 'nav.pendingSamplesDescription',
        icon: IconPackageExport,
        permissions: [Permissions.SamplesEdit],
      },
      {
        key: 'receivingsamples',
        to: paths.samples.receiving,
        label: 'nav.receivingSamples',
        description: 'nav.receivingSamplesDescription',
        icon: IconPackageImport,
        permissions: [Permissions.SamplesEdit],
      },
      {
        key: 'waitingforanalysis',
        to: paths.samples.waitingForAnalysis,
        label: 'nav.waitingForAnalysis',
        description: 'nav.waitingForAnalysisDescription',
        icon: IconHourglass,
        permissions: [Permissions.SamplesEdit],
      },
      {
        key: 'inanalysis',
        to: paths.samples.inAnalysis,
        label: 'nav.inAnalysis',
        description: 'nav.inAnalysisDescription',
        icon: IconMicroscope,
        permissions: [Permissions.SamplesEdit],
      },
      {
        key: 'results',
        to: paths.results.list,
        label: 'nav.results',
        description: 'nav.resultsDescription',
        icon: IconUpload,
        permissions: [],
        anyPermissions: [Permissions.ResultsView, Permissions.ResultsUpload],
      },
      {
        key: 'products',
        to: paths.products.list,
        label: 'nav.products',
        description: 'nav.productsDescription',
        icon: IconReportMedical,
        permissions: [Permissions.ProductsView],
      },
      {
        key: 'products-doctorsection',
        to: paths.doctorSection.list,
        label: 'nav.doctorSection',
        description: 'nav.doctorSectionDescription',
        icon: IconStethoscope,
        permissions: [Permissions.ProductsView],
      },
      {
        key: 'archive',
        to: paths.archive.list,
        label: 'nav.archive',
        description: 'nav.archiveDescription',
        icon: IconArchive,
        permissions: [Permissions.ProductsView],
      },
    ],
  },
  { key: 'reservations', label: 'nav.groups.reservations', icon: IconCalendarEvent, items: [] },
  {
    key: 'administration',
    label: 'nav.groups.administration',
    icon: IconSettings,
    items: [
      {
        key: 'users',
        to: paths.users.list,
        label: 'nav.users',
        description: 'nav.usersDescription',
        icon: IconUsers,
        permissions: [Permissions.UsersView],
      },
      {
        key: 'roles',
        to: paths.roles.list,
        label: 'nav.roles',
        description: 'nav.rolesDescription',
        icon: IconShieldLock,
        permissions: [Permissions.RolesView],
      },
      {
        key: 'barcodes',
        to: paths.barcodes.list,
        label: 'nav.barcodes',
        description: 'nav.barcodesDescription',
        icon: IconBarcode,
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
        description: 'nav.templatesDescription',
        icon: IconFileText,
        permissions: [Permissions.TemplatesView],
      },
      {
        key: 'genecombinations',
        to: paths.geneCombinations.list,
        label: 'nav.geneCombinations',
        description: 'nav.geneCombinationsDescription',
        icon: IconDna2,
        permissions: [Permissions.TemplatesView],
      },
      {
        key: 'templatecategories',
        to: paths.templateCategories.list,
        label: 'nav.templateCategories',
        description: 'nav.templateCategoriesDescription',
        icon: IconHierarchy2,
        permissions: [Permissions.TemplatesView],
      },
    ],
  },
  { key: 'finances', label: 'nav.groups.finances', icon: IconCash, items: [] },
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
