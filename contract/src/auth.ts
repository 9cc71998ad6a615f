import { z } from 'zod';
import { emailSchema } from './common.js';
import { qualifications } from './users.js';

/** Staff passwords (ASVS 6.2.1); customers' own app keeps its 8. */
export const passwordMinLength = 12;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'required' }).min(1, 'required').max(200, 'invalidValue'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const roleRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const currentUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  userName: z.string(),
  role: roleRefSchema,
  permissions: z.array(z.string()),
  color: z.number().int(),
  isMainDoctor: z.boolean(),
  /**
   * The professional qualification (issue 35): the web offers a physician's acts (the sign-off, a
   * withholding, an invitation to a consultation, a word to customers about their results) only to a
   * physician, as the server allows them only to one.
   */
  qualification: z.enum(qualifications),
  phoneNumber: z.string().nullable(),
  mustChangePassword: z.boolean(),
  /** `enrol` a second factor because the role requires it (only enrolment calls are open); null when none. */
  secondFactor: z.literal('enrol').nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/**
 * A sign-in whose password was right and whose second factor is still owed: only what its screen
 * needs — who is signing in and which factors they can give. No role, permissions or phone before
 * the second factor.
 */
export const secondFactorUserSchema = z.object({
  email: z.string(),
  userName: z.string(),
  secondFactor: z.literal('verify'),
  factors: z.object({ totp: z.boolean(), passkeys: z.boolean(), recoveryCodes: z.boolean() }),
});
export type SecondFactorUser = z.infer<typeof secondFactorUserSchema>;

/** `GET auth/user` and the sign-in's answer: the user, or only that much while the second factor is owed. */
export const authUserSchema = z.union([secondFactorUserSchema, currentUserSchema]);
export type AuthUser = z.infer<typeof authUserSchema>;

export const tokenPairSchema = z.object({ token: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const loginResponseSchema = tokenPairSchema.extend({ user: authUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshRequestSchema = z.object({
  refreshToken: z.string({ error: 'required' }).min(1, 'required').max(200, 'invalidValue'),
});

export const newPasswordSchema = z
  .string({ error: 'required' })
  .min(passwordMinLength, 'passwordTooShort')
  .max(200, 'invalidValue');

export const changePasswordRequestSchema = z.object({
  OldPassword: z.string({ error: 'required' }).min(1, 'required').max(200, 'invalidValue'),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

/** A sign-in of the caller that is still live: where and when, and whether it is this one. */
export const staffSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  userAgent: z.string().nullable(),
  address: z.string().nullable(),
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

/** `DELETE auth/sessions/{id}`: one of the caller's own sign-ins. */
export const sessionIdParamsSchema = z.object({ id: z.uuid({ error: 'invalidValue' }) });
