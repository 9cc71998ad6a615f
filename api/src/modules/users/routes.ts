import {
  changeDetailsRequestSchema,
  createUserRequestSchema,
  currentUserSchema,
  editUserRequestSchema,
  getUserQuerySchema,
  localeQuerySchema,
  okSchema,
  Permissions,
  pageOf,
  permissionItemSchema,
  rolePermissionRequestSchema,
  roleQuerySchema,
  roleSchema,
  roleSummarySchema,
  roleTwoFactorRequestSchema,
  setUserActiveRequestSchema,
  temporaryPasswordResponseSchema,
  userIdRequestSchema,
  userListQuerySchema,
  userSchema,
} from '@genodesk/contract';
import { z } from 'zod';
import { principalOf } from '../../auth/access.js';
import { loadPrincipal, sessionLimitsOf } from '../../auth/principal.js';
import type { App, Deps } from '../../http/app-types.js';
import { requestLocale } from '../../http/errors.js';
import { rateLimits } from '../../http/rate-limit.js';
import { clientOf } from '../audit/security-log.js';
import { currentUser } from '../auth/service.js';
import { resetSecondFactors } from '../auth/twofactor.service.js';
import {
  addPermission,
  getRole,
  listRoles,
  permissionCatalogue,
  removePermission,
  setRoleTwoFactor,
} from './roles.service.js';
import {
  changeOwnDetails,
  createUser,
  editUser,
  getUser,
  listUsers,
  markReset,
  setActive,
  signOutEverywhere,
} from './users.service.js';

const P = Permissions;

export function usersRoutes(app: App, deps: Deps) {
  const tags = ['users'];

  app.get('/api/admin/users', {
    config: { access: { all: [P.UsersView] } },
    schema: {
      tags,
      summary: 'Users, paged, sorted and searched',
      querystring: userListQuerySchema,
      response: { 200: pageOf(userSchema) },
    },
    handler: (request) => listUsers(deps.db, request.query, requestLocale(request)),
  });

  app.get('/api/admin/users/getuser', {
    config: { access: { all: [P.UsersView] } },
    schema: { tags, summary: 'One user', querystring: getUserQuerySchema, response: { 200: userSchema } },
    handler: (request) => getUser(deps.db, request.query.Id, request.query.Locale ?? requestLocale(request)),
  });

  app.put('/api/admin/users/create', {
    config: { access: { all: [P.UsersCreate] } },
    schema: {
      tags,
      summary: 'Create a user with a temporary password (shown once, e-mailed through the outbox)',
      body: createUserRequestSchema,
      response: { 200: temporaryPasswordResponseSchema },
    },
    handler: (request) => createUser(deps, principalOf(request), request.body, requestLocale(request)),
  });

  app.patch('/api/admin/users/edit', {
    config: { access: { all: [P.UsersEdit] } },
    schema: {
      tags,
      summary: "Edit a user's role, colour and main doctor flag",
      body: editUserRequestSchema,
      response: { 200: userSchema },
    },
    handler: (request) => editUser(deps, principalOf(request), request.body, requestLocale(request)),
  });

  app.post('/api/admin/users/markreset', {
    config: { access: { all: [P.UsersEdit] } },
    schema: {
      tags,
      summary: 'Reset the password: a temporary one, to be changed at the next sign-in',
      body: userIdRequestSchema,
      response: { 200: temporaryPasswordResponseSchema },
    },
    handler: (request) =>
      markReset(deps, principalOf(request), request.body.UserId, requestLocale(request), clientOf(request)),
  });

  app.post('/api/admin/users/signout', {
    config: { access: { all: [P.UsersEdit] } },
    schema: {
      tags,
      summary: 'End every sign-in of the user at once (their next call is refused); audited',
      body: userIdRequestSchema,
      response: { 200: z.object({ ended: z.number().int() }) },
    },
    handler: (request) =>
      signOutEverywhere(deps, principalOf(request), request.body.UserId, clientOf(request)),
  });

  app.post('/api/admin/users/resetfactors', {
    config: { access: { all: [P.UsersEdit] } },
    schema: {
      tags,
      summary:
        "Remove a user's second factors and recovery codes (a lost phone or key) and end their sign-ins; audited",
      body: userIdRequestSchema,
      response: { 200: okSchema },
    },
    handler: async (request) => {
      await resetSecondFactors(deps, principalOf(request), request.body.UserId, clientOf(request));
      return { ok: true as const };
    },
  });

  app.post('/api/admin/users/setactive', {
    config: { access: { all: [P.UsersEdit] } },
    schema: {
      tags,
      summary: 'Activate or deactivate a user',
      body: setUserActiveRequestSchema,
      response: { 200: userSchema },
    },
    handler: (request) =>
      setActive(
        deps,
        principalOf(request),
        request.body.UserId,
        request.body.IsUserLoginActive,
        requestLocale(request),
      ),
  });

  app.post('/api/admin/userpanel/changeDetails', {
    // A new e-mail is confirmed with the password, which a stolen sign-in must not be able to guess.
    config: { access: 'signedIn', rateLimit: rateLimits.passwordConfirmation },
    schema: {
      tags,
      summary:
        "The caller's own e-mail, phone and colour; a new e-mail needs CurrentPassword (422 when missing or wrong)",
      body: changeDetailsRequestSchema,
      response: { 200: currentUserSchema },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      await changeOwnDetails(deps.db, principal, request.body, clientOf(request));
      const fresh = await loadPrincipal(
        deps.db,
        principal.id,
        principal.sessionId,
        sessionLimitsOf(deps.config),
      );
      if (!fresh) throw new Error('signed-in user vanished');
      return currentUser(fresh, requestLocale(request));
    },
  });
}

export function rolesRoutes(app: App, deps: Deps) {
  const tags = ['roles'];

  // The user forms pick a role too, so user editors may read the list.
  app.get('/api/admin/roles', {
    config: { access: { any: [P.RolesView, P.UsersView, P.UsersCreate, P.UsersEdit] } },
    schema: {
      tags,
      summary: 'Roles with their permission and user counts',
      querystring: localeQuerySchema,
      response: { 200: z.array(roleSummarySchema) },
    },
    handler: (request) => listRoles(deps.db, requestLocale(request)),
  });

  app.get('/api/admin/roles/role', {
    config: { access: { all: [P.RolesView] } },
    schema: {
      tags,
      summary: 'A role with its permissions',
      querystring: roleQuerySchema,
      response: { 200: roleSchema },
    },
    handler: (request) => getRole(deps.db, request.query.Id, requestLocale(request)),
  });

  app.get('/api/admin/roles/getpermissions', {
    config: { access: { all: [P.RolesView] } },
    schema: {
      tags,
      summary: 'Every permission with its label',
      querystring: localeQuerySchema,
      response: { 200: z.array(permissionItemSchema) },
    },
    handler: async (request) => permissionCatalogue(requestLocale(request)),
  });

  app.put('/api/admin/roles/addpermission', {
    config: { access: { all: [P.RolesEdit] } },
    schema: {
      tags,
      summary: 'Grant one permission to a role',
      body: rolePermissionRequestSchema,
      response: { 200: roleSchema },
    },
    handler: (request) =>
      addPermission(
        deps.db,
        principalOf(request),
        request.body.RoleId,
        request.body.Permission,
        requestLocale(request),
      ),
  });

  app.put('/api/admin/roles/twofactor', {
    config: { access: { all: [P.RolesEdit] } },
    schema: {
      tags,
      summary: "Require (or not) a second factor at the role's users' sign-in; audited",
      body: roleTwoFactorRequestSchema,
      response: { 200: roleSchema },
    },
    handler: (request) =>
      setRoleTwoFactor(
        deps.db,
        principalOf(request),
        request.body.RoleId,
        request.body.Required,
        requestLocale(request),
      ),
  });

  app.delete('/api/admin/roles/removepermission', {
    config: { access: { all: [P.RolesEdit] } },
    schema: {
      tags,
      summary: 'Take one permission from a role',
      querystring: rolePermissionRequestSchema,
      response: { 200: roleSchema },
    },
    handler: (request) =>
      removePermission(
        deps.db,
        principalOf(request),
        request.query.RoleId,
        request.query.Permission,
        requestLocale(request),
      ),
  });
}
