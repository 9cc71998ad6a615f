import { allPermissions, Permissions as P, type Permission } from '@genodesk/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { appSettings, rolePermissions, roles } from '../db/schema/index.js';

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
      P.ProductsSignOff,
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
      P.ProductsValidate,
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

/**
 * Permissions added after databases were in use, and the base roles (by canonical name) that hold
 * them by default. A new database gets them with its roles; an existing one once, at its next start
 * (`ensureBaseRoles`): each grant is remembered in `app_settings` (`grant:<permission>`), so an
 * administrator who later takes one away from the role is not overruled by a restart.
 */
export const laterGrants: readonly { permission: Permission; roles: readonly string[] }[] = [
  { permission: P.AccessLogView, roles: ['Admin'] },
  // The Admin role holds every permission, but its users sign off nothing unless they are physicians.
  { permission: P.ProductsValidate, roles: ['Admin', 'Laboratory'] },
  { permission: P.ProductsSignOff, roles: ['Admin', 'Doctor'] },
  { permission: P.CustomersErase, roles: ['Admin'] },
];

/** Creates the base roles when there are none yet; grants `laterGrants` once to existing ones. */
export async function ensureBaseRoles(db: Executor): Promise<void> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(roles);
  const fresh = (row?.count ?? 0) === 0;
  if (fresh)
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
  for (const grant of laterGrants) {
    const claimed = await db
      .insert(appSettings)
      .values({ key: `grant:${grant.permission}`, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    // New roles were created with it; an existing database gets it once.
    if (claimed.length === 0 || fresh) continue;
    await db.execute(sql`
      insert into ${rolePermissions} (role_id, permission)
      select ${roles.id}, ${grant.permission} from ${roles}
       where ${inArray(roles.name, [...grant.roles])}
      on conflict do nothing`);
  }
}
