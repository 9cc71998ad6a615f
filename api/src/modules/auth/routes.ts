import {
  authUserSchema,
  changePasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  okSchema,
  refreshRequestSchema,
  sessionIdParamsSchema,
  staffSessionSchema,
  tokenPairSchema,
} from '@genodesk/contract';
import { z } from 'zod';
import { principalOf } from '../../auth/access.js';
import { loadPrincipal, sessionLimitsOf } from '../../auth/principal.js';
import type { App, Deps } from '../../http/app-types.js';
import { requestLocale } from '../../http/errors.js';
import { rateLimits } from '../../http/rate-limit.js';
import { clientOf } from '../audit/security-log.js';
import {
  authUser,
  changePassword,
  endOwnSession,
  listOwnSessions,
  login,
  logout,
  refresh,
} from './service.js';

const tags = ['auth'];

export function authRoutes(app: App, deps: Deps) {
  app.post('/api/auth/adminLogin', {
    config: { access: 'public', rateLimit: rateLimits.signIn },
    schema: {
      tags,
      summary: 'Sign in with e-mail and password',
      body: loginRequestSchema,
      response: { 200: loginResponseSchema },
    },
    handler: async (request) => {
      const tokens = await login(deps, request.body, clientOf(request)).catch((error: unknown) => {
        // Who tried is kept (the user's id is not known for a wrong e-mail); the e-mail is not logged.
        request.log.warn(
          { event: 'signInRefused', code: (error as { code?: string }).code },
          'sign-in refused',
        );
        throw error;
      });
      request.log.info({ event: 'signIn', user: tokens.userId, session: tokens.sessionId }, 'signed in');
      const principal = await loadPrincipal(
        deps.db,
        tokens.userId,
        tokens.sessionId,
        sessionLimitsOf(deps.config),
      );
      if (!principal) throw new Error('signed-in user vanished');
      return {
        token: tokens.token,
        refreshToken: tokens.refreshToken,
        user: await authUser(deps.db, principal, requestLocale(request)),
      };
    },
  });

  app.post('/api/auth/refresh', {
    config: { access: 'public', rateLimit: rateLimits.refresh },
    schema: {
      tags,
      summary: 'Rotate the refresh token',
      body: refreshRequestSchema,
      response: { 200: tokenPairSchema },
    },
    handler: async (request) => {
      const { token, refreshToken } = await refresh(deps, request.body.refreshToken);
      return { token, refreshToken };
    },
  });

  app.get('/api/auth/sessions', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: "The caller's live sign-ins (device, address, last use), the latest used first",
      response: { 200: z.array(staffSessionSchema) },
    },
    handler: (request) => listOwnSessions(deps, principalOf(request)),
  });

  app.delete('/api/auth/sessions/:id', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'End one of the caller’s own sign-ins; 404 for any other',
      params: sessionIdParamsSchema,
      response: { 200: okSchema },
    },
    handler: async (request) => {
      await endOwnSession(deps, principalOf(request), request.params.id, clientOf(request));
      return { ok: true as const };
    },
  });

  app.delete('/api/auth/logout', {
    config: { access: 'secondFactor' },
    schema: { tags, summary: "Revoke the caller's sign-in", response: { 200: okSchema } },
    handler: async (request) => {
      await logout(deps, principalOf(request), clientOf(request));
      return { ok: true as const };
    },
  });

  app.get('/api/auth/user', {
    config: { access: 'secondFactor' },
    schema: {
      tags,
      summary:
        'The signed-in user with role and permissions; before the second factor only e-mail, name and the factors held',
      response: { 200: authUserSchema },
    },
    handler: (request) => authUser(deps.db, principalOf(request), requestLocale(request)),
  });

  app.post('/api/auth/changepassword', {
    config: { access: 'passwordChange', rateLimit: rateLimits.passwordConfirmation },
    schema: {
      tags,
      summary: "Change the caller's password",
      body: changePasswordRequestSchema,
      response: { 200: okSchema },
    },
    handler: async (request) => {
      await changePassword(deps, principalOf(request), request.body, clientOf(request));
      return { ok: true as const };
    },
  });

  app.get('/api/config', {
    config: { access: 'public' },
    schema: {
      tags: ['meta'],
      summary: 'Timings the web app follows, and the laboratory (named on the public verification page)',
      response: {
        200: z.object({
          idleTimeoutMs: z.number(),
          idleCountdownMs: z.number(),
          userPollIntervalMs: z.number(),
          laboratory: z.string(),
        }),
      },
    },
    handler: async () => ({
      idleTimeoutMs: deps.config.idleTimeoutMs,
      idleCountdownMs: deps.config.idleCountdownMs,
      userPollIntervalMs: deps.config.userPollIntervalMs,
      laboratory: deps.config.reportCompany.name,
    }),
  });
}
