import { z } from 'zod';
import { daySchema, listQuerySchema, numeric, requiredNumber } from './common.js';

// Two-factor sign-in (TOTP, recovery codes, passkeys)

/** A code from an authenticator app (6 digits) or a recovery code (`xxxxx-xxxxx`). */
export const secondFactorCodeSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, 'required')
  .max(40, 'invalidSecondFactorCode');

export const secondFactorVerifyRequestSchema = z.object({ code: secondFactorCodeSchema });

/**
 * The password that confirms adding a second factor (ASVS 7.5.1), as a new e-mail asks for it; not
 * asked at a sign-in's enrolment step, where it was given just before. The server says when it is
 * missing or wrong (422 on this field).
 */
export const currentPasswordSchema = z.string().max(200, 'invalidValue').optional();

/** `POST auth/twofactor/totp/confirm`: the app's first code, and the password. */
export const totpConfirmRequestSchema = secondFactorVerifyRequestSchema.extend({
  CurrentPassword: currentPasswordSchema,
});

/** `POST auth/twofactor/passkeys/options`: the password, checked before the browser makes a key. */
export const passkeyOptionsRequestSchema = z.object({ CurrentPassword: currentPasswordSchema });

/** A WebAuthn response as @simplewebauthn/browser hands it over; checked by the server's library. */
export const webAuthnResponseSchema = z
  .object({
    id: z.string().min(1).max(1400),
    rawId: z.string().min(1).max(1400),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
    authenticatorAttachment: z.string().max(40).optional(),
  })
  .loose();

export const passkeyVerifyRequestSchema = z.object({ response: webAuthnResponseSchema });

export const passkeyNameSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, 'required')
  .max(60, 'invalidValue');

export const passkeyRegisterRequestSchema = z.object({
  name: passkeyNameSchema,
  response: webAuthnResponseSchema,
  CurrentPassword: currentPasswordSchema,
});

/** Removing a factor or renewing recovery codes asks for the password again. */
export const passwordConfirmRequestSchema = z.object({
  password: z.string({ error: 'required' }).min(1, 'required').max(200, 'invalidValue'),
});

export const passkeyRemoveRequestSchema = passwordConfirmRequestSchema.extend({
  id: z.string({ error: 'required' }).min(1, 'required').max(1400, 'invalidValue'),
});

export const passkeySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeySummary = z.infer<typeof passkeySummarySchema>;

/** `GET auth/twofactor`: what the caller has enrolled and whether their role requires it. */
export const twoFactorStatusSchema = z.object({
  required: z.boolean(),
  totp: z.boolean(),
  passkeys: z.array(passkeySummarySchema),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** `POST auth/twofactor/totp/setup`: a new secret to scan (not active until confirmed). */
export const totpSetupSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  /** The `otpauth://` URI as an SVG QR code, a `data:` URL. */
  qrCode: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** New recovery codes, shown once; null when the user still holds unused ones. */
export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()).nullable() });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

export const roleTwoFactorRequestSchema = z.object({
  RoleId: numeric(requiredNumber().int().positive()),
  Required: z.boolean({ error: 'required' }),
});

// The security log

export const securityEventTypes = [
  'signIn',
  'signInRefused',
  'lockedOut',
  'secondFactor',
  'secondFactorRefused',
  'signOut',
  'sessionEnded',
  'signedOutEverywhere',
  'passwordChanged',
  'passwordReset',
  'factorEnrolled',
  'factorRemoved',
  'factorsReset',
  'recoveryCodesRenewed',
  'passwordConfirmationRefused',
  'passwordSpraying',
] as const;
export type SecurityEventType = (typeof securityEventTypes)[number];

export const securityEventLabels: Record<SecurityEventType, { cs: string; en: string }> = {
  signIn: { cs: 'Přihlášení', en: 'Signed in' },
  signInRefused: { cs: 'Odmítnuté přihlášení', en: 'Sign-in refused' },
  lockedOut: { cs: 'Zablokováno po mnoha pokusech', en: 'Locked out after many attempts' },
  secondFactor: { cs: 'Druhý faktor ověřen', en: 'Second factor verified' },
  secondFactorRefused: { cs: 'Odmítnutý druhý faktor', en: 'Second factor refused' },
  signOut: { cs: 'Odhlášení', en: 'Signed out' },
  sessionEnded: { cs: 'Ukončené přihlášení', en: 'Sign-in ended' },
  signedOutEverywhere: { cs: 'Odhlášení na všech zařízeních', en: 'Signed out everywhere' },
  passwordChanged: { cs: 'Změna hesla', en: 'Password changed' },
  passwordReset: { cs: 'Reset hesla', en: 'Password reset' },
  factorEnrolled: { cs: 'Přidán druhý faktor', en: 'Second factor added' },
  factorRemoved: { cs: 'Odebrán druhý faktor', en: 'Second factor removed' },
  factorsReset: { cs: 'Druhé faktory zrušeny správcem', en: 'Second factors reset by an administrator' },
  recoveryCodesRenewed: { cs: 'Nové záložní kódy', en: 'New recovery codes' },
  passwordSpraying: {
    cs: 'Podezření na zkoušení hesel na mnoha účtech',
    en: 'Suspected password spraying across many accounts',
  },
  passwordConfirmationRefused: {
    cs: 'Chybné heslo při potvrzení změny',
    en: 'Wrong password confirming a change',
  },
};

export const securityLogSortFields = ['occurredAt', 'event', 'user'] as const;

export const securityLogQuerySchema = listQuerySchema.extend({
  event: z.enum(securityEventTypes, { error: 'invalidValue' }).optional(),
  userId: numeric(z.number().int().positive()).optional(),
  from: daySchema.optional(),
  to: daySchema.optional(),
});
export type SecurityLogQuery = z.infer<typeof securityLogQuerySchema>;

export const securityEventSchema = z.object({
  id: z.number().int(),
  event: z.enum(securityEventTypes),
  occurredAt: z.string(),
  user: z.object({ id: z.number().int(), userName: z.string(), email: z.string() }).nullable(),
  actor: z.object({ id: z.number().int(), userName: z.string() }).nullable(),
  address: z.string().nullable(),
  userAgent: z.string().nullable(),
  detail: z.string().nullable(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;
