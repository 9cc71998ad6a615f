import {
  okSchema,
  passkeyOptionsRequestSchema,
  passkeyRegisterRequestSchema,
  passkeyRemoveRequestSchema,
  passkeyVerifyRequestSchema,
  passwordConfirmRequestSchema,
  recoveryCodesResponseSchema,
  secondFactorVerifyRequestSchema,
  totpConfirmRequestSchema,
  totpSetupSchema,
  twoFactorStatusSchema,
} from '@genodesk/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../../auth/access.js';
import type { App, Deps } from '../../http/app-types.js';
import { rateLimits } from '../../http/rate-limit.js';
import { clientOf } from '../audit/security-log.js';
import {
  confirmTotp,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  type RelyingParty,
  registerPasskey,
  removePasskey,
  removeTotp,
  renewRecoveryCodes,
  startTotpSetup,
  twoFactorStatus,
  verifyPasskeySignIn,
  verifySecondFactorCode,
} from './twofactor.service.js';

const tags = ['auth'];

/** WebAuthn options go to @simplewebauthn/browser as they are. */
const webAuthnOptionsSchema = z.looseObject({ challenge: z.string() });
const asWebAuthnOptions = (options: { challenge: string }) =>
  options as z.infer<typeof webAuthnOptionsSchema>;

export function twoFactorRoutes(app: App, deps: Deps) {
  const relyingParty = (request: FastifyRequest): RelyingParty => {
    const origin = deps.config.publicUrl ?? `${request.protocol}://${request.host}`;
    return { id: new URL(origin).hostname, origin };
  };

  // Not before the second factor: the password alone does not show the keys' names and uses.
  app.get('/api/auth/twofactor', {
    config: { access: 'enrolment' },
    schema: {
      tags,
      summary:
        "The caller's second factors: the app, passkeys, recovery codes left; whether the role requires one",
      response: { 200: twoFactorStatusSchema },
    },
    handler: (request) => twoFactorStatus(deps, principalOf(request)),
  });

  // The second step of a sign-in

  app.post('/api/auth/twofactor/verify', {
    config: { access: 'secondFactor', rateLimit: rateLimits.secondFactor },
    schema: {
      tags,
      summary: 'Give the second factor: a code of the authenticator app or a recovery code (used once)',
      body: secondFactorVerifyRequestSchema,
      response: { 200: okSchema },
    },
    handler: async (request) => {
      await verifySecondFactorCode(deps, principalOf(request), request.body.code, clientOf(request));
      return { ok: true as const };
    },
  });

  app.post('/api/auth/twofactor/passkey/options', {
    config: { access: 'secondFactor', rateLimit: rateLimits.secondFactor },
    schema: {
      tags,
      summary: 'A WebAuthn challenge for signing in with one of the caller’s passkeys',
      response: { 200: webAuthnOptionsSchema },
    },
    handler: async (request) =>
      asWebAuthnOptions(await passkeySignInOptions(deps, principalOf(request), relyingParty(request))),
  });

  app.post('/api/auth/twofactor/passkey/verify', {
    config: { access: 'secondFactor', rateLimit: rateLimits.secondFactor },
    schema: {
      tags,
      summary: 'Give the second factor with a passkey (the answer to the last challenge)',
      body: passkeyVerifyRequestSchema,
      response: { 200: okSchema },
    },
    handler: async (request) => {
      await verifyPasskeySignIn(
        deps,
        principalOf(request),
        request.body.response,
        relyingParty(request),
        clientOf(request),
      );
      return { ok: true as const };
    },
  });

  // Enrolment, from the profile or right after the password

  app.post('/api/auth/twofactor/totp/setup', {
    config: { access: 'enrolment' },
    schema: {
      tags,
      summary: 'A new authenticator-app secret and its QR code; active once confirmed with a code',
      response: { 200: totpSetupSchema },
    },
    handler: (request) => startTotpSetup(deps, principalOf(request)),
  });

  app.post('/api/auth/twofactor/totp/confirm', {
    config: { access: 'enrolment', rateLimit: rateLimits.passwordConfirmation },
    schema: {
      tags,
      summary:
        'Turn the authenticator app on with its first code and CurrentPassword (not at the enrolment step of a sign-in); the first factor brings ten recovery codes',
      body: totpConfirmRequestSchema,
      response: { 200: recoveryCodesResponseSchema },
    },
    handler: (request) => confirmTotp(deps, principalOf(request), request.body, clientOf(request)),
  });

  app.post('/api/auth/twofactor/totp/remove', {
    config: { access: 'enrolment', rateLimit: rateLimits.passwordConfirmation },
    schema: {
      tags,
      summary: 'Remove the authenticator app (asks for the password; not the last factor a role requires)',
      body: passwordConfirmRequestSchema,
      response: { 200: okSchema },
    },
    handler: async (request) => {
      await removeTotp(deps, principalOf(request), request.body.password, clientOf(request));
      return { ok: true as const };
    },
  });

  app.post('/api/auth/twofactor/recoverycodes', {
    config: { access: 'enrolment', rateLimit: rateLimits.passwordConfirmation },
    schema: {
      tags,
      summary: 'Ten new recovery codes in place of the old ones (asks for the password)',
      body: passwordConfirmRequestSchema,
      response: { 200: recoveryCodesResponseSchema },
    },
    handler: (request) =>
      renewRecoveryCodes(deps, principalOf(request), request.body.password, clientOf(request)),
  });

  app.post('/api/auth/twofactor/passkeys/options', {
    config: { access: 'enrolment', rateLimit: rateLimits.passwordConfirmation },
    schema: {
      tags,
      summary:
        'A WebAuthn challenge for registering a new passkey; asks for CurrentPassword (not at the enrolment step of a sign-in)',
      body: passkeyOptionsRequestSchema,
      response: { 200: webAuthnOptionsSchema },
    },
    handler: async (request) =>
      asWebAuthnOptions(
        await passkeyRegistrationOptions(
          deps,
          principalOf(request),
          request.body,
          relyingParty(request),
          clientOf(request),
        ),
      ),
  });

  app.post('/api/auth/twofactor/passkeys', {
    config: { access: 'enrolment', rateLimit: rateLimits.passwordConfirmation },
    schema: {
      tags,
      summary:
        'Register a passkey (the answer to the last challenge) with CurrentPassword (not at the enrolment step of a sign-in); the first factor brings recovery codes',
      body: passkeyRegisterRequestSchema,
      response: { 200: recoveryCodesResponseSchema },
    },
    handler: (request) =>
      registerPasskey(deps, principalOf(request), request.body, relyingParty(request), clientOf(request)),
  });

  app.post('/api/auth/twofactor/passkeys/remove', {
    config: { access: 'enrolment', rateLimit: rateLimits.passwordConfirmation },
    schema: {
      tags,
      summary: 'Remove a passkey (asks for the password; not the last factor a role requires)',
      body: passkeyRemoveRequestSchema,
      response: { 200: okSchema },
    },
    handler: async (request) => {
      await removePasskey(deps, principalOf(request), request.body, clientOf(request));
      return { ok: true as const };
    },
  });
}
