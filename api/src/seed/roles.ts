import { allPermissions, Permissions as P, type Permission } from '@genodesk/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { rolePermissions, roles } from '../db/schema/index.js';

/** The four base roles every installation starts with; admins adjust them in the role editor. */
export const baseRoles: {
  name: string;
  nameCs: string;
  nameEn: string;
  permissions: readonly Permission[];
}[] = [
  { name: 'Admin', nameCs: 'Administrátor', nameEn: 'Admin', permissions: allPermissions },
  {
    name: 'Doctor',
    nameCs: 'Lékař',
    nameEn: 'Doctor',
    permissions: [
      P.AdminPanelView,
      P.CustomersView,
      P.QuestionnairesView,
      P.SamplesView,
      P.ProductsView,
      P.ProductsEdit,
      P.ResultsView,
      P.ReservationsView,
      P.ConsultingRoomsView,
      P.TemplatesView,
      P.TemplatesCreate,
      P.TemplatesEdit,
    ],
  },
  {
    name: 'Laboratory',
    nameCs: 'Laboratoř',
    nameEn: 'Laboratory',
    permissions: [
      P.AdminPanelView,
      P.CustomersView,
      P.SamplesView,
      P.SamplesEdit,
      P.ResultsView,
      P.ResultsUpload,
      P.ProductsView,
      P.TemplatesView,
      P.BarcodesView,
    ],
  },
  {
    name: 'Reception',
    nameCs: 'Recepce',
    nameEn: 'Reception',
    permissions: [
      P.AdminPanelView,
      P.CustomersView,
      P.CustomersCreate,
      P.CustomersEdit,
      P.UnpaidCustomersView,
      P.OrdersView,
      P.PaymentsView,
      P.QuestionnairesView,
      P.SamplesView,
      P.SamplesEdit,
      P.ReservationsView,
      P.ConsultingRoomsView,
      P.VouchersView,
      P.VouchersCreate,
      P.VouchersEdit,
      P.ProductTypesView,
      P.BarcodesView,
    ],
  },
];

/** Areas whose data (genetic reports, lab results, customers, accounts) call for a second factor. */
const twoFactorAreas = new Set(['Products', 'Results', 'Customers', 'Users']);

/** A role is created requiring two factors when it holds any permission of those areas. */
export const twoFactorByDefault = (permissions: readonly string[]) =>
  permissions.some((p) => twoFactorAreas.has(p.split('.')[0] ?? ''));

/** Creates the base roles when there are none yet. */
export async function ensureBaseRoles(db: Executor): Promise<void> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(roles);
  if ((row?.count ?? 0) > 0) return;
  for (const role of baseRoles) {
    const [created] = await db
      .insert(roles)
      .values({
        name: role.name,
        nameCs: role.nameCs,
        nameEn: role.nameEn,
        requiresTwoFactor: twoFactorByDefault(role.permissions),
      })
      .returning();
    if (!created) throw new Error(`role ${role.name} was not created`);
    await db
      .insert(rolePermissions)
      .values(role.permissions.map((permission) => ({ roleId: created.id, permission })));
  }
}
