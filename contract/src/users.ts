import { z } from 'zod';
import { booleanish, colorSchema, emailSchema, idSchema, listQuerySchema, numeric } from './common.js';
import { localeSchema } from './locale.js';
import { optionalPhoneSchema } from './phone.js';

/**
 * A user's professional qualification (issue 35): a physician signs reports off (and has a licence
 * number, printed with the approval); a laboratory specialist validates analyses technically.
 */
export const qualifications = ['physician', 'laboratorySpecialist', 'technician', 'none'] as const;
export type Qualification = (typeof qualifications)[number];
export const qualificationLabels: Record<Qualification, { cs: string; en: string }> = {
  physician: { cs: 'Lékař', en: 'Physician' },
  laboratorySpecialist: { cs: 'Odborný pracovník v laboratoři', en: 'Laboratory specialist' },
  technician: { cs: 'Laborant', en: 'Technician' },
  none: { cs: 'Bez odborné kvalifikace', en: 'No professional qualification' },
};
/**
 * The acts the server allows only to some professional qualifications, whatever the role's
 * permissions: the medical sign-off, a withholding, an invitation to a consultation of the results, a
 * word to customers about their results (a template's notice, a mailing chosen by a category of
 * results), and the technical validation (authorised laboratory staff: never a technician).
 */
export const qualifiedActs = {
  signOff: ['physician'],
  withhold: ['physician'],
  invite: ['physician'],
  notifyCustomers: ['physician'],
  mailByCategory: ['physician'],
  validate: ['laboratorySpecialist', 'physician'],
} as const satisfies Record<string, readonly Qualification[]>;
export type QualifiedAct = keyof typeof qualifiedActs;

/** Whether a user of this qualification may do the act (an unknown qualification may not). */
export function mayDo(act: QualifiedAct, qualification: string | null | undefined): boolean {
  return qualification != null && (qualifiedActs[act] as readonly string[]).includes(qualification);
}

const qualificationSchema = z.enum(qualifications, { error: 'invalidValue' });
const licenceNumberSchema = z.string().trim().max(50, 'invalidValue');

/** A physician needs a licence number (the approval prints it); others have none. */
const withLicence = <T extends { Qualification?: Qualification; LicenceNumber?: string }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.Qualification === 'physician' && !value.LicenceNumber)
    ctx.addIssue({ code: 'custom', path: ['LicenceNumber'], message: 'licenceNumberRequired' });
};

export const userSortFields = ['email', 'userName', 'role', 'lastLoginDate', 'isUserLoginActive'] as const;

export const userListQuerySchema = listQuerySchema.extend({
  roleId: numeric(z.number().int().positive()).optional(),
  active: booleanish.optional(),
  locale: localeSchema.optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  userName: z.string(),
  role: z.object({ id: z.number().int(), name: z.string() }),
  color: z.number().int(),
  isMainDoctor: z.boolean(),
  qualification: z.enum(qualifications),
  licenceNumber: z.string(),
  phoneNumber: z.string().nullable(),
  lastLoginDate: z.string().nullable(),
  isUserLoginActive: z.boolean(),
  mustChangePassword: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const createUserRequestSchema = z
  .object({
    Email: emailSchema,
    UserName: z.string().trim().max(100, 'invalidValue').optional(),
    PhoneNumber: optionalPhoneSchema,
    RoleId: idSchema,
    Color: colorSchema.default(1),
    IsMainDoctor: z.boolean({ error: 'invalidValue' }).default(false),
    Qualification: qualificationSchema.default('none'),
    LicenceNumber: licenceNumberSchema.default(''),
  })
  .superRefine(withLicence);
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;

export const editUserRequestSchema = z
  .object({
    UserId: idSchema,
    UserName: z.string().trim().min(1, 'required').max(100, 'invalidValue').optional(),
    PhoneNumber: optionalPhoneSchema,
    RoleId: idSchema,
    Color: colorSchema,
    IsMainDoctor: z.boolean({ error: 'invalidValue' }),
    /** Left out: kept. */
    Qualification: qualificationSchema.optional(),
    LicenceNumber: licenceNumberSchema.optional(),
  })
  .superRefine(withLicence);
export type EditUserRequest = z.input<typeof editUserRequestSchema>;

export const getUserQuerySchema = z.object({ Id: idSchema, Locale: localeSchema.optional() });

export const userIdRequestSchema = z.object({ UserId: idSchema });

export const setUserActiveRequestSchema = z.object({
  UserId: idSchema,
  IsUserLoginActive: z.boolean({ error: 'invalidValue' }),
});

/** A new or reset password, shown once to the admin. */
export const temporaryPasswordResponseSchema = z.object({
  user: userSchema,
  temporaryPassword: z.string(),
});
export type TemporaryPasswordResponse = z.infer<typeof temporaryPasswordResponseSchema>;

// Roles

export const permissionItemSchema = z.object({ name: z.string(), label: z.string() });
export type PermissionItem = z.infer<typeof permissionItemSchema>;

export const roleSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  permissionCount: z.number().int(),
  userCount: z.number().int(),
  requiresTwoFactor: z.boolean(),
});
export type RoleSummary = z.infer<typeof roleSummarySchema>;

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Its users sign in with a second factor. */
  requiresTwoFactor: z.boolean(),
  permissions: z.array(permissionItemSchema),
});
export type Role = z.infer<typeof roleSchema>;

export const localeQuerySchema = z.object({ locale: localeSchema.optional() });
export const roleQuerySchema = z.object({ Id: idSchema, locale: localeSchema.optional() });

export const rolePermissionRequestSchema = z.object({
  RoleId: idSchema,
  Permission: z.string({ error: 'required' }).min(1, 'required').max(100, 'unknownPermission'),
});
export type RolePermissionRequest = z.infer<typeof rolePermissionRequestSchema>;

/** The caller's own details (the user panel). */
export const changeDetailsRequestSchema = z.object({
  Email: emailSchema,
  PhoneNumber: optionalPhoneSchema,
  Color: colorSchema,
  /**
   * The caller's password, required when the e-mail changes: the e-mail is where temporary passwords
   * go, so a sign-in left open must not be enough to take the account.
   */
  CurrentPassword: z.string().max(200, 'invalidValue').optional(),
});
export type ChangeDetailsRequest = z.infer<typeof changeDetailsRequestSchema>;
