import { createHash, randomInt } from 'node:crypto';
import type { RecoveryCodesResponse, TotpSetup, TwoFactorStatus } from '@genodesk/contract';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { signInStepOf } from '../../auth/access.js';
import type { Principal } from '../../auth/principal.js';
import { type Database, type Executor, type Tx, transaction } from '../../db/client.js';
import { passkeys, recoveryCodes, sessions, users, userTotp } from '../../db/schema/index.js';
import { AppError, conflict, notFound, unprocessable } from '../../http/errors.js';
import { audit } from '../audit/audit.js';
import { type Client, recordSecurityEvent } from '../audit/security-log.js';
import { ensureMayManage } from '../users/users.service.js';
import {
  type AuthDeps,
  clearSignInFailures,
  confirmPassword,
  countSignInAttempt,
  type PasswordConfirmation,
  secondFactorCount,
  throttleRefusal,
} from './service.js';

/** Who the browser must be talking to: WebAuthn binds a passkey to this site and origin. */
export type RelyingParty = { id: string; origin: string };

const issuer = 'GenoDesk';
const totpPeriod = 30;
/** A code from the step before or after is accepted too (a phone's clock is seldom exact). */
const totpWindow = 1;
const recoveryCodeCount = 10;
/** A passkey challenge answers once, within this time. */
const challengeSeconds = 5 * 60;

const totpOf = (secret: string, label: string) =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: totpPeriod,
    secret: Secret.fromBase32(secret),
  });

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** Recovery codes are read off paper: no 0/O or 1/l/I to confuse, grouped `xxxxx-xxxxx`. */
const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** Replaces the user's recovery codes with ten new ones, shown once. */
async function issueRecoveryCodes(tx: Executor, userId: number): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashCode(normaliseRecoveryCode(code)) })));
  return codes;
}

/** New codes when the user has none left unused (a first factor); else none. */
async function recoveryCodesForFirstFactor(tx: Executor, userId: number): Promise<string[] | null> {
  const [left] = await tx
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return (left?.n ?? 0) > 0 ? null : issueRecoveryCodes(tx, userId);
}

/** Removing a factor or renewing the recovery codes asks for the password (`password`). */
const ensurePassword = (
  db: Database,
  principal: Principal,
  password: string,
  purpose: PasswordConfirmation,
  client: Client,
) => confirmPassword(db, principal, password, { purpose, field: 'password', client });

/** How long after the password step a sign-in's enrolment step may add a factor without the password again. */
export const enrolmentWithoutPasswordMinutes = 10;

/**
 * Adding a factor asks for the password (`CurrentPassword`; ASVS 7.5.1), as a new e-mail does: a
 * stolen sign-in must not become a second factor of its own. Not at a sign-in's enrolment step within
 * minutes of its password step (the password was given just before, and the step opens nothing but
 * enrolment); a sign-in left at that step longer asks for it again.
 */
async function ensurePasswordToAdd(
  db: Database,
  principal: Principal,
  password: string | undefined,
  purpose: PasswordConfirmation,
  client: Client,
) {
  if (signInStepOf(principal) === 'enrolment') {
    const [fresh] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.id, principal.sessionId),
          sql`${sessions.createdAt} > now() - make_interval(mins => ${enrolmentWithoutPasswordMinutes})`,
        ),
      );
    if (fresh) return;
  }
  await confirmPassword(db, principal, password, {
    purpose,
    field: 'CurrentPassword',
    missing: 'currentPasswordRequiredForFactor',
    client,
  });
}

/** The last factor of a user whose role requires two stays. */
async function ensureNotLastRequired(tx: Executor, principal: Principal) {
  if (principal.requiresTwoFactor && (await secondFactorCount(tx, principal.id)) <= 1)
    throw unprocessable('lastSecondFactor');
}

export async function twoFactorStatus(deps: AuthDeps, principal: Principal): Promise<TwoFactorStatus> {
  const [totp] = await deps.db
    .select({ confirmedAt: userTotp.confirmedAt })
    .from(userTotp)
    .where(eq(userTotp.userId, principal.id));
  const keys = await deps.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, principal.id))
    .orderBy(asc(passkeys.createdAt));
  const [left] = await deps.db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, principal.id), isNull(recoveryCodes.usedAt)));
  return {
    required: principal.requiresTwoFactor,
    totp: Boolean(totp?.confirmedAt),
    passkeys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      createdAt: k.createdAt.toISOString(),
      lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    })),
    recoveryCodesLeft: left?.n ?? 0,
  };
}

// Enrolment (from the profile, or right after the password when the role requires it)

/** A new secret to scan; the app is not active until `confirmTotp` proves it holds the secret. */
export async function startTotpSetup(deps: AuthDeps, principal: Principal): Promise<TotpSetup> {
  const [existing] = await deps.db
    .select({ confirmedAt: userTotp.confirmedAt })
    .from(userTotp)
    .where(eq(userTotp.userId, principal.id));
  if (existing?.confirmedAt) throw conflict('totpAlreadySetUp');
  const secret = new Secret({ size: 20 }).base32;
  const sealed = deps.signer.seal(secret);
  // One statement: a setup racing a confirmation never replaces a secret once it is confirmed.
  const stored = await deps.db
    .insert(userTotp)
    .values({ userId: principal.id, secret: sealed })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secret: sealed, createdAt: new Date(), lastUsedStep: null },
      setWhere: isNull(userTotp.confirmedAt),
    })
    .returning({ userId: userTotp.userId });
  if (stored.length === 0) throw conflict('totpAlreadySetUp');
  const uri = totpOf(secret, principal.email).toString();
  const QRCode = await import('qrcode');
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Accepts a code of the user's app once: the step it belongs to must be later than the last one
 * used, written in the same statement (two requests with one code cannot both pass).
 */
async function acceptTotpCode(
  tx: Executor,
  deps: AuthDeps,
  userId: number,
  code: string,
  state: 'confirmed' | 'unconfirmed',
): Promise<boolean> {
  const [row] = await tx
    .select()
    .from(userTotp)
    .where(
      and(
        eq(userTotp.userId, userId),
        state === 'confirmed' ? isNotNull(userTotp.confirmedAt) : isNull(userTotp.confirmedAt),
      ),
    );
  if (!row) return false;
  // A secret sealed under another key (JWT_SECRET changed) cannot be read: no code matches it.
  let secret: string;
  try {
    secret = deps.signer.unseal(row.secret);
  } catch {
    return false;
  }
  const delta = totpOf(secret, '').validate({ token: code, window: totpWindow });
  if (delta === null) return false;
  const step = Math.floor(Date.now() / 1000 / totpPeriod) + delta;
  const accepted = await tx
    .update(userTotp)
    .set({ lastUsedStep: step, ...(state === 'unconfirmed' ? { confirmedAt: new Date() } : {}) })
    .where(
      and(
        eq(userTotp.userId, userId),
        sql`(${userTotp.lastUsedStep} is null or ${userTotp.lastUsedStep} < ${step})`,
      ),
    )
    .returning({ userId: userTotp.userId });
  return accepted.length > 0;
}

export async function confirmTotp(
  deps: AuthDeps,
  principal: Principal,
  input: { code: string; CurrentPassword?: string },
  client: Client,
): Promise<RecoveryCodesResponse> {
  // Before the code is looked at: a refused password leaves the code unused.
  await ensurePasswordToAdd(deps.db, principal, input.CurrentPassword, 'totpEnrolment', client);
  return transaction(deps.db, async (tx) => {
    // Two factors enrolled at once issue one set of recovery codes, not two.
    await lockUser(tx, principal.id);
    const [pending] = await tx
      .select({ userId: userTotp.userId })
      .from(userTotp)
      .where(and(eq(userTotp.userId, principal.id), isNull(userTotp.confirmedAt)))
      .for('update');
    if (!pending) throw conflict('totpNotSetUp');
    if (!(await acceptTotpCode(tx, deps, principal.id, input.code.replace(/\s/g, ''), 'unconfirmed')))
      throw unprocessable('invalidSecondFactorCode', 'code');
    await recordSecurityEvent(tx, { event: 'factorEnrolled', userId: principal.id, client, detail: 'totp' });
    return { recoveryCodes: await recoveryCodesForFirstFactor(tx, principal.id) };
  });
}

export async function removeTotp(deps: AuthDeps, principal: Principal, password: string, client: Client) {
  await ensurePassword(deps.db, principal, password, 'totpRemoval', client);
  await transaction(deps.db, async (tx) => {
    await lockUser(tx, principal.id);
    const [totp] = await tx.select().from(userTotp).where(eq(userTotp.userId, principal.id));
    if (!totp) throw notFound();
    if (totp.confirmedAt) await ensureNotLastRequired(tx, principal);
    await tx.delete(userTotp).where(eq(userTotp.userId, principal.id));
    await forgetRecoveryCodesWithoutFactor(tx, principal.id);
    await recordSecurityEvent(tx, { event: 'factorRemoved', userId: principal.id, client, detail: 'totp' });
  });
}

/** Serialises changes to one user's factors (the last one of a required pair is kept). */
async function lockUser(tx: Tx, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Recovery codes stand in for a factor; with none left, they would be a password of their own. */
async function forgetRecoveryCodesWithoutFactor(tx: Executor, userId: number) {
  if ((await secondFactorCount(tx, userId)) === 0)
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function renewRecoveryCodes(
  deps: AuthDeps,
  principal: Principal,
  password: string,
  client: Client,
): Promise<RecoveryCodesResponse> {
  await ensurePassword(deps.db, principal, password, 'recoveryCodes', client);
  return transaction(deps.db, async (tx) => {
    await lockUser(tx, principal.id);
    if ((await secondFactorCount(tx, principal.id)) === 0) throw conflict('totpNotSetUp');
    const codes = await issueRecoveryCodes(tx, principal.id);
    await recordSecurityEvent(tx, { event: 'recoveryCodesRenewed', userId: principal.id, client });
    return { recoveryCodes: codes };
  });
}

async function storeChallenge(tx: Executor, sessionId: string, challenge: string) {
  await tx
    .update(sessions)
    .set({ webauthnChallenge: challenge, webauthnChallengeAt: new Date() })
    .where(eq(sessions.id, sessionId));
}

/** The challenge this sign-in was given, taken so that it answers once. */
async function takeChallenge(tx: Tx, sessionId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({
      challenge: sessions.webauthnChallenge,
      fresh: sql<boolean>`${sessions.webauthnChallengeAt} > now() - make_interval(secs => ${challengeSeconds})`,
    })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .for('update');
  if (!row?.challenge) return undefined;
  await tx
    .update(sessions)
    .set({ webauthnChallenge: null, webauthnChallengeAt: null })
    .where(eq(sessions.id, sessionId));
  return row.fresh ? row.challenge : undefined;
}

/**
 * A challenge for a new passkey. The password is checked here already, so that a wrong one stops
 * before the browser makes a key the account will not have; the registration checks it again.
 */
export async function passkeyRegistrationOptions(
  deps: AuthDeps,
  principal: Principal,
  input: { CurrentPassword?: string },
  rp: RelyingParty,
  client: Client,
) {
  await ensurePasswordToAdd(deps.db, principal, input.CurrentPassword, 'passkeyEnrolment', client);
  const existing = await deps.db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, principal.id));
  const options = await generateRegistrationOptions({
    rpName: issuer,
    rpID: rp.id,
    userName: principal.email,
    userDisplayName: principal.userName,
    userID: new TextEncoder().encode(`genodesk-user-${principal.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((k) => ({ id: k.id, transports: k.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await storeChallenge(deps.db, principal.sessionId, options.challenge);
  return options;
}

export async function registerPasskey(
  deps: AuthDeps,
  principal: Principal,
  input: { name: string; response: unknown; CurrentPassword?: string },
  rp: RelyingParty,
  client: Client,
): Promise<RecoveryCodesResponse> {
  await ensurePasswordToAdd(deps.db, principal, input.CurrentPassword, 'passkeyEnrolment', client);
  return transaction(deps.db, async (tx) => {
    await lockUser(tx, principal.id);
    const challenge = await takeChallenge(tx, principal.sessionId);
    if (!challenge) throw unprocessable('passkeyRejected');
    const verification = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    }).catch(() => undefined);
    if (!verification?.verified) throw unprocessable('passkeyRejected');
    const { credential } = verification.registrationInfo;
    const added = await tx
      .insert(passkeys)
      .values({
        id: credential.id,
        userId: principal.id,
        publicKey: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: input.name,
      })
      .onConflictDoNothing()
      .returning({ id: passkeys.id });
    if (added.length === 0) throw conflict('passkeyRejected');
    await recordSecurityEvent(tx, {
      event: 'factorEnrolled',
      userId: principal.id,
      client,
      detail: 'passkey',
    });
    return { recoveryCodes: await recoveryCodesForFirstFactor(tx, principal.id) };
  });
}

export async function removePasskey(
  deps: AuthDeps,
  principal: Principal,
  input: { id: string; password: string },
  client: Client,
) {
  await ensurePassword(deps.db, principal, input.password, 'passkeyRemoval', client);
  await transaction(deps.db, async (tx) => {
    await lockUser(tx, principal.id);
    await ensureNotLastRequired(tx, principal);
    const removed = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, input.id), eq(passkeys.userId, principal.id)))
      .returning({ id: passkeys.id });
    if (removed.length === 0) throw notFound();
    await forgetRecoveryCodesWithoutFactor(tx, principal.id);
    await recordSecurityEvent(tx, {
      event: 'factorRemoved',
      userId: principal.id,
      client,
      detail: 'passkey',
    });
  });
}

// The second step of a sign-in

/**
 * Counts an attempt at the second factor with the account's failed sign-ins before it is checked
 * (a burst is limited like attempts in turn); past the limit the waiting sign-in is ended.
 */
async function countAttempt(deps: AuthDeps, principal: Principal, client: Client) {
  if (!principal.secondFactorPending) throw conflict('secondFactorNotPending');
  const throttle = await countSignInAttempt(deps.db, principal.email.toLowerCase(), client.address, {
    secondFactor: true,
    userId: principal.id,
    client,
  });
  if (throttle?.kind === 'delayed') throw throttleRefusal(throttle);
  if (throttle) {
    await transaction(deps.db, async (tx) => {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: 'too many second-factor attempts' })
        .where(eq(sessions.id, principal.sessionId));
      await recordSecurityEvent(tx, {
        event: 'lockedOut',
        userId: principal.id,
        client,
        detail: 'secondFactor',
      });
    });
    throw new AppError(429, 'TOO_MANY_ATTEMPTS', 'tooManyAttempts');
  }
}

async function completeSecondFactor(
  tx: Executor,
  principal: Principal,
  method: 'totp' | 'recovery' | 'passkey',
  client: Client,
) {
  await tx
    .update(sessions)
    .set({ secondFactorPending: false, secondFactor: method, lastUsedAt: new Date() })
    .where(eq(sessions.id, principal.sessionId));
  await clearSignInFailures(tx, principal.email.toLowerCase(), client.address);
  await recordSecurityEvent(tx, { event: 'secondFactor', userId: principal.id, client, detail: method });
}

async function refuseSecondFactor(deps: AuthDeps, principal: Principal, client: Client, detail: string) {
  await recordSecurityEvent(deps.db, { event: 'secondFactorRefused', userId: principal.id, client, detail });
}

/** `POST auth/twofactor/verify`: a code of the app (six digits) or a recovery code. */
export async function verifySecondFactorCode(
  deps: AuthDeps,
  principal: Principal,
  input: string,
  client: Client,
) {
  await countAttempt(deps, principal, client);
  const code = input.replace(/\s/g, '');
  const method = /^\d{6}$/.test(code) ? 'totp' : 'recovery';
  const accepted = await transaction(deps.db, async (tx) => {
    const ok =
      method === 'totp'
        ? await acceptTotpCode(tx, deps, principal.id, code, 'confirmed')
        : (
            await tx
              .update(recoveryCodes)
              .set({ usedAt: new Date() })
              .where(
                and(
                  eq(recoveryCodes.userId, principal.id),
                  eq(recoveryCodes.codeHash, hashCode(normaliseRecoveryCode(code))),
                  isNull(recoveryCodes.usedAt),
                ),
              )
              .returning({ id: recoveryCodes.id })
          ).length > 0;
    if (ok) await completeSecondFactor(tx, principal, method, client);
    return ok;
  });
  if (!accepted) {
    await refuseSecondFactor(deps, principal, client, method);
    throw unprocessable('invalidSecondFactorCode', 'code');
  }
}

export async function passkeySignInOptions(deps: AuthDeps, principal: Principal, rp: RelyingParty) {
  if (!principal.secondFactorPending) throw conflict('secondFactorNotPending');
  const keys = await deps.db
    .select({ id: passkeys.id, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, principal.id));
  if (keys.length === 0) throw unprocessable('passkeyUnknown');
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: keys.map((k) => ({ id: k.id, transports: k.transports })),
    userVerification: 'preferred',
  });
  await storeChallenge(deps.db, principal.sessionId, options.challenge);
  return options;
}

export async function verifyPasskeySignIn(
  deps: AuthDeps,
  principal: Principal,
  response: { id: string },
  rp: RelyingParty,
  client: Client,
) {
  await countAttempt(deps, principal, client);
  const accepted = await transaction(deps.db, async (tx) => {
    const challenge = await takeChallenge(tx, principal.sessionId);
    const [key] = await tx
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.id, response.id), eq(passkeys.userId, principal.id)))
      .for('update');
    if (!challenge || !key) return false;
    const verification = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: key.id,
        publicKey: new Uint8Array(key.publicKey),
        counter: key.counter,
        transports: key.transports,
      },
      requireUserVerification: false,
    }).catch(() => undefined);
    if (!verification?.verified) return false;
    await tx
      .update(passkeys)
      .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
      .where(eq(passkeys.id, key.id));
    await completeSecondFactor(tx, principal, 'passkey', client);
    return true;
  });
  if (!accepted) {
    await refuseSecondFactor(deps, principal, client, 'passkey');
    throw unprocessable('passkeyRejected');
  }
}

// An administrator's reset (a lost phone or key)

/**
 * `POST admin/users/resetfactors`: removes every factor and recovery code of another user and ends
 * their sign-ins; they enrol again at the next sign-in when their role requires it.
 */
export async function resetSecondFactors(deps: AuthDeps, by: Principal, userId: number, client: Client) {
  if (userId === by.id) throw unprocessable('ownFactorsReset');
  await transaction(deps.db, async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw notFound();
    await ensureMayManage(tx, by, userId);
    const totp = await tx
      .delete(userTotp)
      .where(eq(userTotp.userId, userId))
      .returning({ id: userTotp.userId });
    const keys = await tx.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'second factors reset by an administrator' })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    await audit(tx, {
      entity: 'user',
      entityId: userId,
      changedBy: by.id,
      changes: [
        {
          field: 'secondFactors',
          oldValue: `totp: ${totp.length}, passkeys: ${keys.length}`,
          newValue: 'totp: 0, passkeys: 0',
        },
      ],
    });
    await recordSecurityEvent(tx, { event: 'factorsReset', userId, actorId: by.id, client });
  });
}
