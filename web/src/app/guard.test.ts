import type { CurrentUser, SecondFactorUser } from '@genodesk/contract/auth';
import { Permissions } from '@genodesk/contract/permissions';
import { describe, expect, it } from 'vitest';
import { decideAccess, pageTitle } from './guard';
import type { RouteHandle } from './route-handle';

const user = (
  permissions: string[],
  mustChangePassword = false,
  secondFactor: CurrentUser['secondFactor'] = null,
): CurrentUser => ({
  id: 1,
  email: 'a@b.cz',
  userName: 'A',
  role: { id: 1, name: 'Admin' },
  permissions,
  color: 1,
  isMainDoctor: false,
  qualification: 'none',
  phoneNumber: null,
  mustChangePassword,
  secondFactor,
});

const root: RouteHandle = { name: 'root' };
const shell: RouteHandle = { name: 'admin', permissions: [Permissions.AdminPanelView], fallback: 'login' };
const users: RouteHandle = {
  name: 'admin.users',
  title: 'users.title',
  permissions: [Permissions.UsersView],
  fallback: 'dashboard',
};
const usersEdit: RouteHandle = {
  name: 'admin.users.edit',
  title: 'users.editTitle',
  permissions: [Permissions.UsersEdit],
  fallback: 'dashboard',
};
const login: RouteHandle = { name: 'admin.login', public: true, title: 'login.title' };
const notFound: RouteHandle = { name: 'admin.notFound', notFound: true };
const changePassword: RouteHandle = { name: 'admin.changePassword', fallback: 'login' };
const secondFactor: RouteHandle = { name: 'admin.secondFactor', fallback: 'login' };
const enrol: RouteHandle = { name: 'admin.enrolTwoFactor', fallback: 'login' };

describe('decideAccess', () => {
  it('lets in a user holding any one of the anyPermissions, and no one holding none', () => {
    const results: RouteHandle = {
      name: 'admin.results',
      anyPermissions: [Permissions.ResultsView, Permissions.ResultsUpload],
      fallback: 'dashboard',
    };
    const chain = [root, shell, results];
    const panel = Permissions.AdminPanelView;
    expect(decideAccess(chain, user([panel, Permissions.ResultsUpload]))).toEqual({ kind: 'allow' });
    expect(decideAccess(chain, user([panel, Permissions.ResultsView]))).toEqual({ kind: 'allow' });
    expect(decideAccess(chain, user([panel, Permissions.ProductsView]))).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('sends visitors who are not signed in to /login', () => {
    expect(decideAccess([root, shell], null)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('lets anyone open public routes', () => {
    expect(decideAccess([root, login], null)).toEqual({ kind: 'allow' });
  });

  it('shows the 404 screen to visitors too', () => {
    expect(decideAccess([root, shell, notFound], null)).toEqual({ kind: 'allow' });
  });

  it('requires AdminPanel.View for everything under / and falls back to login', () => {
    expect(decideAccess([root, shell], user([Permissions.UsersView]))).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });

  it('checks every route of the chain', () => {
    const viewer = user([Permissions.AdminPanelView, Permissions.UsersView]);
    expect(decideAccess([root, shell, users], viewer)).toEqual({ kind: 'allow' });
    expect(decideAccess([root, shell, users, usersEdit], viewer)).toEqual({ kind: 'redirect', to: '/' });
    const editorWithoutView = user([Permissions.AdminPanelView, Permissions.UsersEdit]);
    expect(decideAccess([root, shell, users, usersEdit], editorWithoutView)).toEqual({
      kind: 'redirect',
      to: '/',
    });
    const both = user([Permissions.AdminPanelView, Permissions.UsersView, Permissions.UsersEdit]);
    expect(decideAccess([root, shell, users, usersEdit], both)).toEqual({ kind: 'allow' });
  });

  it('sends a user who must change the password to that screen first', () => {
    const fresh = user([Permissions.AdminPanelView], true);
    expect(decideAccess([root, shell], fresh)).toEqual({ kind: 'redirect', to: '/change-password' });
    expect(decideAccess([root, changePassword], fresh)).toEqual({ kind: 'allow' });
    expect(decideAccess([root, changePassword], user([Permissions.AdminPanelView]))).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });
});

describe('decideAccess through the steps of a sign-in', () => {
  const panel = Permissions.AdminPanelView;

  it('asks for the second factor before anything else, the new password included', () => {
    // Before the second factor the API says only who is signing in and with which factors.
    const waiting: SecondFactorUser = {
      email: 'a@b.cz',
      userName: 'A',
      secondFactor: 'verify',
      factors: { totp: true, passkeys: false, recoveryCodes: true },
    };
    expect(decideAccess([root, shell], waiting)).toEqual({ kind: 'redirect', to: '/login/second-factor' });
    expect(decideAccess([root, changePassword], waiting)).toEqual({
      kind: 'redirect',
      to: '/login/second-factor',
    });
    expect(decideAccess([root, enrol], waiting)).toEqual({ kind: 'redirect', to: '/login/second-factor' });
    expect(decideAccess([root, secondFactor], waiting)).toEqual({ kind: 'allow' });
    expect(decideAccess([root, secondFactor], null)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('then the temporary password, then enrolment when the role requires a factor', () => {
    expect(decideAccess([root, enrol], user([panel], true))).toEqual({
      kind: 'redirect',
      to: '/change-password',
    });
    const enrolling = user([panel], false, 'enrol');
    expect(decideAccess([root, shell], enrolling)).toEqual({ kind: 'redirect', to: '/security/enrol' });
    expect(decideAccess([root, shell, users], enrolling)).toEqual({
      kind: 'redirect',
      to: '/security/enrol',
    });
    expect(decideAccess([root, enrol], enrolling)).toEqual({ kind: 'allow' });
    expect(decideAccess([root, changePassword], enrolling)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('leaves the step screens open to a signed-in user with nothing owed (they move on by themselves)', () => {
    const done = user([panel]);
    expect(decideAccess([root, secondFactor], done)).toEqual({ kind: 'allow' });
    expect(decideAccess([root, enrol], done)).toEqual({ kind: 'allow' });
    expect(decideAccess([root, shell], done)).toEqual({ kind: 'allow' });
  });
});

describe('pageTitle', () => {
  const t = (key: string) => ({ 'app.name': 'GenoDesk', 'users.title': 'Uživatelé' })[key] ?? key;
  it('uses the deepest title', () => {
    expect(pageTitle([root, shell, users], t)).toBe('Uživatelé · GenoDesk');
    expect(pageTitle([root, shell], t)).toBe('GenoDesk');
  });
});
