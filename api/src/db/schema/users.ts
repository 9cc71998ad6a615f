import type { Qualification } from '@genodesk/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea } from './column-types.js';

export const roles = pgTable('roles', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  /** Canonical name (the English one); also how the Doctor role is recognised. */
  name: text('name').notNull().unique(),
  nameCs: text('name_cs').notNull(),
  nameEn: text('name_en').notNull(),
  /** Its users sign in with a second factor (and enrol one right after the password). */
  requiresTwoFactor: boolean('requires_two_factor').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    userName: text('user_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => roles.id),
    color: smallint('color').notNull().default(1),
    isMainDoctor: boolean('is_main_doctor').notNull().default(false),
    /**
     * `Qualification` (issue 35): only a physician signs a report off, whatever the role's permissions;
     * a physician has a licence number, printed with the approval.
     */
    qualification: text('qualification').$type<Qualification>().notNull().default('none'),
    licenceNumber: text('licence_number').notNull().default(''),
    phoneNumber: text('phone_number'),
    lastLoginDate: timestamp('last_login_date', { withTimezone: true }),
    isUserLoginActive: boolean('is_user_login_active').notNull().default(true),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** An e-mailed temporary password works until then (null: none, or one issued at the console). */
    temporaryPasswordExpiresAt: timestamp('temporary_password_expires_at', { withTimezone: true }),
    /** Still the demo seed's well-known password: the server then refuses a public address. */
    demoPassword: boolean('demo_password').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'users_qualification',
      sql`${t.qualification} in ('physician', 'laboratorySpecialist', 'technician', 'none')`,
    ),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_role_id_idx').on(t.roleId),
    index('users_last_login_date_idx').on(t.lastLoginDate),
    index('users_user_name_idx').on(t.userName),
    index('users_search_trgm_idx').using(
      'gin',
      sql`(search_fold(${t.email} || ' ' || ${t.userName})) gin_trgm_ops`,
    ),
    check('users_color_range', sql`${t.color} between 1 and 12`),
  ],
);

/** One sign-in: the family of rotated refresh tokens. Revoking it ends the access tokens too. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last request or refresh (kept to the minute): an idle sign-in ends on the server too. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** Where it signed in from, for the user's list of their sign-ins. */
    userAgent: text('user_agent'),
    address: text('address'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /** The password was right; the second factor is still to come (only its own calls are open). */
    secondFactorPending: boolean('second_factor_pending').notNull().default(false),
    /** How the second factor was given: totp, recovery or passkey. */
    secondFactor: text('second_factor'),
    /** The WebAuthn challenge last issued to this sign-in, and when (it answers once, for minutes). */
    webauthnChallenge: text('webauthn_challenge'),
    webauthnChallengeAt: timestamp('webauthn_challenge_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_id_idx').on(t.sessionId)],
);

/** Failed sign-ins, counted per account and per address to throttle guessing. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    address: text('address').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.failedAt),
    index('login_failures_address_idx').on(t.address, t.failedAt),
  ],
);

/** A user's authenticator app (RFC 6238); the secret is sealed with the server's key. */
export const userTotp = pgTable('user_totp', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  /** Null until a first code proves the app holds the secret. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The time step of the last accepted code: each code signs in once. */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time codes for a lost phone or key; only their SHA-256 is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_id_idx').on(t.userId)],
);

/** A WebAuthn credential (security key, phone, platform authenticator) of a user. */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential id, base64url. */
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'`),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_id_idx').on(t.userId)],
);

/**
 * Sign-ins and changes to how staff sign in: who, from where, when. Read by administrators; the
 * e-mail typed at a refused sign-in is not kept (the user is, when the address names one).
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    event: text('event').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** Who did it to the user, when not the user (an administrator resetting factors). */
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    address: text('address'),
    userAgent: text('user_agent'),
    detail: text('detail'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list sorts `occurred_at desc nulls last, id desc`: read backwards, these give it.
    index('security_events_occurred_at_idx').on(sql`${t.occurredAt} nulls first`, t.id),
    index('security_events_user_idx').on(t.userId, sql`${t.occurredAt} nulls first`, t.id),
    index('security_events_event_idx').on(t.event, sql`${t.occurredAt} nulls first`, t.id),
  ],
);

/** @fastify/rate-limit's counters, shared by every node (an unlogged table). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
});
