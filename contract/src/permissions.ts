/** Permission strings exactly as SPEC §6 names them. */
export const Permissions = {
  AdminPanelView: 'Permissions.AdminPanel.View',
  CustomersView: 'Customers.View',
  CustomersCreate: 'Customers.Create',
  CustomersEdit: 'Customers.Edit',
  /** Erasing a customer for good (GDPR Art. 17) and their legal hold: an administrator's act (issue 36). */
  CustomersErase: 'Customers.Erase',
  UnpaidCustomersView: 'UnpaidCustomers.View',
  OrdersView: 'Orders.View',
  PaymentsView: 'Payments.View',
  QuestionnairesView: 'Questionnaires.View',
  SamplesView: 'Samples.View',
  SamplesEdit: 'Samples.Edit',
  ProductsView: 'Products.View',
  ProductsEdit: 'Products.Edit',
  /** Technical validation of a report's results (issue 35): a laboratory specialist's release step. */
  ProductsValidate: 'Products.Validate',
  /** Medical sign-off (publish, preliminary publish): a physician's release step (issue 35). */
  ProductsSignOff: 'Products.SignOff',
  ResultsView: 'Results.View',
  ResultsUpload: 'Results.Upload',
  ReservationsView: 'Reservations.View',
  ConsultingRoomsView: 'ConsultingRooms.View',
  ConsultingRoomsCreate: 'ConsultingRooms.Create',
  ConsultingRoomsEdit: 'ConsultingRooms.Edit',
  VouchersView: 'Vouchers.View',
  VouchersCreate: 'Vouchers.Create',
  VouchersEdit: 'Vouchers.Edit',
  TemplatesView: 'Templates.View',
  TemplatesCreate: 'Templates.Create',
  TemplatesEdit: 'Templates.Edit',
  UsersView: 'Users.View',
  UsersCreate: 'Users.Create',
  UsersEdit: 'Users.Edit',
  RolesView: 'Roles.View',
  RolesEdit: 'Roles.Edit',
  ProductTypesView: 'ProductTypes.View',
  ProductTypesCreate: 'ProductTypes.Create',
  ProductTypesEdit: 'ProductTypes.Edit',
  BarcodesView: 'Barcodes.View',
  /** Who read which customer's genetic or health data (the access log, issue 24). */
  AccessLogView: 'AccessLog.View',
} as const;

export type Permission = (typeof Permissions)[keyof typeof Permissions];

export const allPermissions: readonly Permission[] = Object.values(Permissions);

export function isPermission(value: string): value is Permission {
  return (allPermissions as readonly string[]).includes(value);
}

/** Localized labels shown in the role editor. */
export const permissionLabels: Record<Permission, { cs: string; en: string }> = {
  'Permissions.AdminPanel.View': { cs: 'Přístup do administrace', en: 'Access the back-office' },
  'Customers.View': { cs: 'Zákazníci – zobrazit', en: 'Customers – view' },
  'Customers.Create': { cs: 'Zákazníci – vytvořit', en: 'Customers – create' },
  'Customers.Edit': { cs: 'Zákazníci – upravit', en: 'Customers – edit' },
  'Customers.Erase': { cs: 'Zákazníci – trvale vymazat', en: 'Customers – erase for good' },
  'UnpaidCustomers.View': { cs: 'Nezpracované objednávky – zobrazit', en: 'Unprocessed orders – view' },
  'Orders.View': { cs: 'Objednávky – zobrazit', en: 'Orders – view' },
  'Payments.View': { cs: 'Platby – zobrazit', en: 'Payments – view' },
  'Questionnaires.View': { cs: 'Dotazníky – zobrazit', en: 'Questionnaires – view' },
  'Samples.View': { cs: 'Vzorky – zobrazit', en: 'Samples – view' },
  'Samples.Edit': { cs: 'Vzorky – upravit', en: 'Samples – edit' },
  'Products.View': { cs: 'Výsledky zákazníků – zobrazit', en: 'Customer reports – view' },
  'Products.Edit': { cs: 'Výsledky zákazníků – upravit', en: 'Customer reports – edit' },
  'Products.Validate': {
    cs: 'Výsledky zákazníků – technická validace',
    en: 'Customer reports – technical validation',
  },
  'Products.SignOff': {
    cs: 'Výsledky zákazníků – lékařské schválení a vydání',
    en: 'Customer reports – medical sign-off and release',
  },
  'Results.View': { cs: 'Laboratorní výsledky – zobrazit', en: 'Lab results – view' },
  'Results.Upload': { cs: 'Laboratorní výsledky – nahrát', en: 'Lab results – upload' },
  'Reservations.View': { cs: 'Rezervace – zobrazit', en: 'Reservations – view' },
  'ConsultingRooms.View': { cs: 'Ambulance – zobrazit', en: 'Consulting rooms – view' },
  'ConsultingRooms.Create': { cs: 'Ambulance – vytvořit', en: 'Consulting rooms – create' },
  'ConsultingRooms.Edit': { cs: 'Ambulance – upravit', en: 'Consulting rooms – edit' },
  'Vouchers.View': { cs: 'Vouchery – zobrazit', en: 'Vouchers – view' },
  'Vouchers.Create': { cs: 'Vouchery – vytvořit', en: 'Vouchers – create' },
  'Vouchers.Edit': { cs: 'Vouchery – upravit', en: 'Vouchers – edit' },
  'Templates.View': { cs: 'Šablony – zobrazit', en: 'Templates – view' },
  'Templates.Create': { cs: 'Šablony – vytvořit', en: 'Templates – create' },
  'Templates.Edit': { cs: 'Šablony – upravit', en: 'Templates – edit' },
  'Users.View': { cs: 'Uživatelé – zobrazit', en: 'Users – view' },
  'Users.Create': { cs: 'Uživatelé – vytvořit', en: 'Users – create' },
  'Users.Edit': { cs: 'Uživatelé – upravit', en: 'Users – edit' },
  'Roles.View': { cs: 'Role – zobrazit', en: 'Roles – view' },
  'Roles.Edit': { cs: 'Role – upravit', en: 'Roles – edit' },
  'ProductTypes.View': { cs: 'Typy produktů – zobrazit', en: 'Product types – view' },
  'ProductTypes.Create': { cs: 'Typy produktů – vytvořit', en: 'Product types – create' },
  'ProductTypes.Edit': { cs: 'Typy produktů – upravit', en: 'Product types – edit' },
  'Barcodes.View': { cs: 'Čárové kódy – zobrazit', en: 'Barcodes – view' },
  'AccessLog.View': { cs: 'Protokol přístupů k údajům – zobrazit', en: 'Data access log – view' },
};
