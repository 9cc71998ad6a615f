import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../../test/smtp.js';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { hashPassword } from '../../auth/passwords.js';
import { auditLog, outboxMessages, rolePermissions, roles, users } from '../../db/schema/index.js';
import { deliverDue } from '../messaging/outbox.js';
import { smtpTransport } from '../messaging/transports.js';

let t: TestApp;
let admin: Record<string, string>;
let roleId: (name: string) => number;

beforeAll(async () => {
  t = await testApp();
  admin = await t.authAs(demo.admin);
  const all = await t.db.select().from(roles);
  roleId = (name) => all.find((r) => r.name === name)!.id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, payload?: object, headers = admin) =>
  t.app.inject({ method, url, payload, headers });

describe('PUT admin/users/create', () => {
  it('creates a user with a temporary password shown once and e-mailed through the outbox', async () => {
    const response = await call('PUT', '/api/admin/users/create', {
      Email: 'Nova.Sestra@GenoDesk.test',
      RoleId: roleId('Reception'),
      Color: 5,
      IsMainDoctor: false,
    });
    expect(response.statusCode).toBe(200);
    const { user, temporaryPassword } = response.json();
    expect(user).toMatchObject({
      email: 'Nova.Sestra@GenoDesk.test',
      userName: 'Nova.Sestra',
      color: 5,
      role: { name: 'Recepce' },
      mustChangePassword: true,
      isUserLoginActive: true,
    });
    expect(temporaryPassword).toMatch(/^[A-Za-z2-9]{12}$/);
    const [mail] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'Nova.Sestra@GenoDesk.test'));
    // Sealed: the stored body and the outbox show no password, the e-mail as sent does, and then
    // nothing of it is left.
    expect(mail?.status).toBe('pending');
    expect(mail?.bodyText).not.toContain(temporaryPassword);
    expect(mail?.bodyHtml).not.toContain(temporaryPassword);
    const shown = await call('GET', `/api/admin/outbox/${mail!.id}`);
    expect(shown.body).not.toContain(temporaryPassword);
    expect(shown.json().bodyText).toContain('••••••••');
    const smtp = await startSmtpServer();
    const email = smtpTransport(smtp.url, 'GenoDesk <no-reply@genodesk.test>');
    try {
      await t.db
        .update(outboxMessages)
        .set({ nextAttemptAt: new Date(Date.now() + 3_600_000) })
        .where(and(eq(outboxMessages.status, 'pending'), ne(outboxMessages.id, mail!.id)));
      await deliverDue(t.db, { email });
    } finally {
      email.close();
      await smtp.close();
    }
    expect(smtp.received.map((m) => m.data).join('\n')).toContain(temporaryPassword);
    const [sent] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, mail!.id));
    expect(sent).toMatchObject({ status: 'sent', secret: null });
    expect(JSON.stringify(sent)).not.toContain(temporaryPassword);
    const signedIn = await t.login('nova.sestra@genodesk.test', temporaryPassword);
    expect(signedIn.user).toMatchObject({ mustChangePassword: true });
  });

  it('defaults the colour to 1', async () => {
    const response = await call('PUT', '/api/admin/users/create', {
      email: 'default.color@genodesk.test',
      roleId: roleId('Laboratory'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ color: 1, isMainDoctor: false });
  });

  it('refuses a duplicate e-mail, whatever its case, with 409 and the spec message', async () => {
    const response = await call('PUT', '/api/admin/users/create', {
      Email: 'ADMIN@genodesk.test',
      RoleId: roleId('Admin'),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      message: 'Uživatel se zadaným e-mailem již existuje!',
      fields: { Email: 'Uživatel se zadaným e-mailem již existuje!' },
    });
    const en = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/users/create',
      payload: { Email: 'admin@genodesk.test', RoleId: roleId('Admin') },
      headers: { ...admin, 'accept-language': 'en' },
    });
    expect(en.json().error.message).toBe('A user with the specified e-mail already exists!');
  });

  it('lets exactly one of two concurrent creations with the same e-mail win', async () => {
    const payload = { Email: 'race@genodesk.test', RoleId: roleId('Laboratory') };
    const results = await Promise.all([
      call('PUT', '/api/admin/users/create', payload),
      call('PUT', '/api/admin/users/create', payload),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await t.db.select().from(users).where(eq(users.email, 'race@genodesk.test'))).toHaveLength(1);
  });

  it('allows the main doctor flag only for the Doctor role', async () => {
    const refused = await call('PUT', '/api/admin/users/create', {
      Email: 'md@genodesk.test',
      RoleId: roleId('Reception'),
      IsMainDoctor: true,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toHaveProperty('IsMainDoctor');
    expect(await t.db.select().from(users).where(eq(users.email, 'md@genodesk.test'))).toHaveLength(0);
    const accepted = await call('PUT', '/api/admin/users/create', {
      Email: 'md@genodesk.test',
      RoleId: roleId('Doctor'),
      IsMainDoctor: true,
    });
    expect(accepted.json().user.isMainDoctor).toBe(true);
  });

  it('records a qualification; a physician needs a licence number; nobody changes their own (issue 35)', async () => {
    const noLicence = await call('PUT', '/api/admin/users/create', {
      Email: 'physician@genodesk.test',
      RoleId: roleId('Doctor'),
      Qualification: 'physician',
    });
    expect(noLicence.statusCode).toBe(400);
    expect(noLicence.json().error.fields.LicenceNumber).toBe(
      'Lékař musí mít číslo licence (registrace v ČLK); tiskne se se schválením zprávy.',
    );
    expect(await t.db.select().from(users).where(eq(users.email, 'physician@genodesk.test'))).toHaveLength(0);
    const created = await call('PUT', '/api/admin/users/create', {
      Email: 'physician@genodesk.test',
      RoleId: roleId('Doctor'),
      Qualification: 'physician',
      LicenceNumber: ' ČLK 0700001 ',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().user).toMatchObject({ qualification: 'physician', licenceNumber: 'ČLK 0700001' });
    expect(
      (
        await call('PUT', '/api/admin/users/create', {
          Email: 'q@genodesk.test',
          RoleId: roleId('Doctor'),
          Qualification: 'nurse',
        })
      ).statusCode,
    ).toBe(400);
    // The demo's doctors are physicians, the laboratory a specialist, the administrator none.
    const demoUsers = await t.db
      .select({ email: users.email, qualification: users.qualification, licence: users.licenceNumber })
      .from(users)
      .where(eq(users.email, demo.doctor));
    expect(demoUsers[0]).toMatchObject({ qualification: 'physician', licence: 'ČLK 0701234' });
    // An administrator may not make themselves a physician (and so a signer).
    const [me] = await t.db.select().from(users).where(eq(users.email, demo.admin));
    const own = await call('PATCH', '/api/admin/users/edit', {
      UserId: me!.id,
      RoleId: me!.roleId,
      Color: me!.color,
      IsMainDoctor: false,
      Qualification: 'physician',
      LicenceNumber: 'ČLK 0799999',
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe('Svou vlastní odbornou kvalifikaci nemůžete změnit.');
    const [still] = await t.db.select().from(users).where(eq(users.id, me!.id));
    expect(still).toMatchObject({ qualification: 'none', licenceNumber: '' });
    // Another user's qualification is changed and audited.
    const changed = await call('PATCH', '/api/admin/users/edit', {
      UserId: created.json().user.id,
      RoleId: roleId('Doctor'),
      Color: 1,
      IsMainDoctor: false,
      Qualification: 'laboratorySpecialist',
    });
    expect(changed.json()).toMatchObject({ qualification: 'laboratorySpecialist', licenceNumber: '' });
    const audited = await t.db
      .select({ field: auditLog.field, oldValue: auditLog.oldValue, newValue: auditLog.newValue })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, created.json().user.id)));
    expect(audited).toEqual(
      expect.arrayContaining([
        { field: 'qualification', oldValue: 'physician', newValue: 'laboratorySpecialist' },
        { field: 'licenceNumber', oldValue: 'ČLK 0700001', newValue: '' },
      ]),
    );
  });

  it('validates e-mail, colour, phone and role', async () => {
    const response = await call('PUT', '/api/admin/users/create', {
      Email: 'x',
      RoleId: 0,
      Color: 99,
      PhoneNumber: '12ab',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      Email: 'Hodnota není validní e-mail!',
      Color: 'Neplatná barva!',
      PhoneNumber: 'Toto není platné telefonní číslo!',
      RoleId: 'Neplatná hodnota!',
    });
    const unknownRole = await call('PUT', '/api/admin/users/create', {
      Email: 'ghost@genodesk.test',
      RoleId: 9999,
    });
    expect(unknownRole.statusCode).toBe(422);
  });
});

describe('PATCH admin/users/edit and GET admin/users/getuser', () => {
  it('edits role, colour and name, and writes every changed field to the audit trail', async () => {
    const created = (
      await call('PUT', '/api/admin/users/create', {
        Email: 'edit.me@genodesk.test',
        RoleId: roleId('Laboratory'),
      })
    ).json();
    const id = created.user.id;
    const response = await call('PATCH', '/api/admin/users/edit', {
      userId: id,
      roleId: roleId('Doctor'),
      color: 7,
      isMainDoctor: true,
      userName: 'MUDr. Nová',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      userName: 'MUDr. Nová',
      color: 7,
      isMainDoctor: true,
      role: { name: 'Lékař' },
    });

    const viewed = await call('GET', `/api/admin/users/getuser?id=${id}&locale=en`);
    expect(viewed.json()).toMatchObject({ id, role: { name: 'Doctor' }, color: 7 });
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, id)));
    expect(trail.map((a) => a.field).sort()).toEqual([
      'color',
      'created',
      'isMainDoctor',
      'roleId',
      'userName',
    ]);
    expect(trail.find((a) => a.field === 'color')).toMatchObject({ oldValue: '1', newValue: '7' });
  });

  it('gives no role beyond the giver’s own permissions, and no one their own new role', async () => {
    // A team lead who manages users but holds little else.
    const [lead] = await t.db
      .insert(roles)
      .values({ name: 'Vedoucí směny', nameCs: 'Vedoucí směny', nameEn: 'Shift lead' })
      .returning();
    await t.db.insert(rolePermissions).values(
      ['Permissions.AdminPanel.View', 'Users.View', 'Users.Create', 'Users.Edit'].map((permission) => ({
        roleId: lead!.id,
        permission,
      })),
    );
    const leadUser = (
      await call('PUT', '/api/admin/users/create', { Email: 'vedouci@genodesk.test', RoleId: lead!.id })
    ).json();
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword('vedouci-heslo'), mustChangePassword: false })
      .where(eq(users.id, leadUser.user.id));
    const asLead = {
      authorization: `Bearer ${(await t.login('vedouci@genodesk.test', 'vedouci-heslo')).token}`,
    };

    const asAdmin = await call(
      'PUT',
      '/api/admin/users/create',
      { Email: 'komplic@genodesk.test', RoleId: roleId('Admin') },
      { ...asLead, 'accept-language': 'en' },
    );
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().error.message).toBe(
      'You cannot give this role: it grants permissions you do not hold yourself.',
    );
    expect(await t.db.select().from(users).where(eq(users.email, 'komplic@genodesk.test'))).toHaveLength(0);

    const self = await call(
      'PATCH',
      '/api/admin/users/edit',
      { userId: leadUser.user.id, roleId: roleId('Admin'), color: 1, isMainDoctor: false },
      asLead,
    );
    expect(self.statusCode).toBe(403);
    expect(self.json().error.fields.RoleId).toBe(
      'Svou vlastní roli změnit nemůžete; požádejte jiného správce.',
    );
    const [still] = await t.db.select().from(users).where(eq(users.id, leadUser.user.id));
    expect(still?.roleId).toBe(lead!.id);

    // A role within the lead's own permissions may be given.
    const peer = await call(
      'PUT',
      '/api/admin/users/create',
      { Email: 'dalsi.vedouci@genodesk.test', RoleId: lead!.id },
      asLead,
    );
    expect(peer.statusCode).toBe(200);
  });

  it('answers 404 for an unknown user and changes nothing for a bad role', async () => {
    expect((await call('GET', '/api/admin/users/getuser?Id=424242')).statusCode).toBe(404);
    const [lab] = await t.db.select().from(users).where(eq(users.email, demo.lab));
    const refused = await call('PATCH', '/api/admin/users/edit', {
      UserId: lab!.id,
      RoleId: roleId('Laboratory'),
      Color: 3,
      IsMainDoctor: true,
    });
    expect(refused.statusCode).toBe(422);
    const [after] = await t.db.select().from(users).where(eq(users.id, lab!.id));
    expect(after!.isMainDoctor).toBe(false);
  });
});

describe('GET admin/users', () => {
  it('pages, sorts and searches in SQL', async () => {
    const firstPage = (await call('GET', '/api/admin/users?pageSize=2&sort=-email')).json();
    expect(firstPage.items).toHaveLength(2);
    expect(firstPage.total).toBeGreaterThanOrEqual(4);
    const emails = firstPage.items.map((u: { email: string }) => u.email.toLowerCase());
    expect(emails).toEqual([...emails].sort().reverse());

    const found = (await call('GET', '/api/admin/users?search=RECEPČNÍ')).json();
    expect(found.items.map((u: { email: string }) => u.email)).toEqual([demo.reception]);
    const withoutDiacritics = (await call('GET', '/api/admin/users?search=recepcni')).json();
    expect(withoutDiacritics.items.map((u: { email: string }) => u.email)).toEqual([demo.reception]);
    const literal = (await call('GET', '/api/admin/users?search=%25')).json();
    expect(literal.total).toBe(0);

    const byRole = (await call('GET', `/api/admin/users?roleId=${roleId('Doctor')}&sort=email`)).json();
    expect(byRole.items.every((u: { role: { name: string } }) => u.role.name === 'Lékař')).toBe(true);
  });

  it('sorts on every whitelisted column', async () => {
    for (const field of ['email', 'userName', 'role', 'lastLoginDate', 'isUserLoginActive', 'createdAt']) {
      for (const sort of [field, `-${field}`]) {
        const response = await call('GET', `/api/admin/users?sort=${sort}`);
        expect(response.statusCode, sort).toBe(200);
      }
    }
    const byRole = (await call('GET', '/api/admin/users?sort=role&locale=en')).json();
    const roleNames = byRole.items.map((u: { role: { name: string } }) => u.role.name);
    expect(roleNames).toEqual([...roleNames].sort());
  });

  it('equal names by e-mail; one role’s users by name', async () => {
    // Inserted out of order: the id (the last tie-breaker) would give c, a, b.
    for (const [email, userName] of [
      ['c.stejnojmenny@genodesk.test', 'Stejnojmenný Zdeněk'],
      ['a.stejnojmenny@genodesk.test', 'Stejnojmenný Zdeněk'],
      ['b.stejnojmenny@genodesk.test', 'Stejnojmenný Adam'],
    ] as const)
      await t.db.insert(users).values({ email, userName, passwordHash: 'x', roleId: roleId('Reception') });
    const listed = async (sort: string) =>
      (await call('GET', `/api/admin/users?search=stejnojmenn&sort=${sort}`))
        .json()
        .items.map((u: { email: string }) => u.email.split('.')[0]);
    expect(await listed('userName')).toEqual(['b', 'a', 'c']);
    expect(await listed('-userName')).toEqual(['c', 'a', 'b']);
    expect(await listed('role')).toEqual(['b', 'a', 'c']);
  });

  it('refuses an unknown sort field with 400', async () => {
    const response = await call('GET', '/api/admin/users?sort=password_hash');
    expect(response.statusCode).toBe(400);
  });
});

describe('activation and reset', () => {
  it('deactivates a user, who then cannot sign in and loses the current session at once', async () => {
    const created = (
      await call('PUT', '/api/admin/users/create', {
        Email: 'leaving@genodesk.test',
        RoleId: roleId('Reception'),
      })
    ).json();
    const session = await t.login('leaving@genodesk.test', created.temporaryPassword);
    const off = await call('POST', '/api/admin/users/setactive', {
      UserId: created.user.id,
      IsUserLoginActive: false,
    });
    expect(off.json().isUserLoginActive).toBe(false);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(me.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/adminLogin',
      payload: { email: 'leaving@genodesk.test', password: created.temporaryPassword },
    });
    expect(login.statusCode).toBe(403);
    const on = await call('POST', '/api/admin/users/setactive', {
      UserId: created.user.id,
      IsUserLoginActive: true,
    });
    expect(on.json().isUserLoginActive).toBe(true);
  });

  it('does not let an admin deactivate themselves', async () => {
    const [me] = await t.db.select().from(users).where(eq(users.email, demo.admin));
    const response = await call('POST', '/api/admin/users/setactive', {
      UserId: me!.id,
      IsUserLoginActive: false,
    });
    expect(response.statusCode).toBe(422);
    expect((await t.db.select().from(users).where(eq(users.id, me!.id)))[0]!.isUserLoginActive).toBe(true);
  });

  it('queues the reset e-mail with the new temporary password', async () => {
    const [reception] = await t.db.select().from(users).where(eq(users.email, demo.reception));
    const response = await call('POST', '/api/admin/users/markreset', { userid: reception!.id });
    expect(response.statusCode).toBe(200);
    const { temporaryPassword, user } = response.json();
    expect(user.mustChangePassword).toBe(true);
    const mails = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, demo.reception), eq(outboxMessages.kind, 'password-reset')));
    expect(mails.at(-1)?.secret).toBe(temporaryPassword);
    expect(mails.at(-1)?.bodyText).not.toContain(temporaryPassword);
    expect((await call('POST', '/api/admin/users/markreset', { UserId: 999999 })).statusCode).toBe(404);
  });
});

describe('POST admin/userpanel/changeDetails', () => {
  it('changes own e-mail, phone and colour, with the spec messages for bad values', async () => {
    const headers = await t.authAs(demo.doctor);
    const bad = await call(
      'POST',
      '/api/admin/userpanel/changeDetails',
      { Email: 'nope', PhoneNumber: 'abc', Color: 1 },
      headers,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      Email: 'Hodnota není validní e-mail!',
      PhoneNumber: 'Toto není platné telefonní číslo!',
    });
    const taken = await call(
      'POST',
      '/api/admin/userpanel/changeDetails',
      { Email: demo.admin, Color: 1, CurrentPassword: 'genodesk' },
      headers,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Uživatel se zadaným e-mailem již existuje!');
    const ok = await call(
      'POST',
      '/api/admin/userpanel/changeDetails',
      {
        Email: 'dr.david@genodesk.test',
        PhoneNumber: '+420 777 123 456',
        Color: 9,
        CurrentPassword: 'genodesk',
      },
      headers,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      email: 'dr.david@genodesk.test',
      phoneNumber: '+420 777 123 456',
      color: 9,
    });
    await t.login('dr.david@genodesk.test');
  });

  it('a new e-mail needs the current password; the phone and colour do not', async () => {
    const email = 'own.details@genodesk.test';
    const [own] = await t.db
      .insert(users)
      .values({
        email,
        userName: 'Own Details',
        passwordHash: await hashPassword('own-details-password'),
        roleId: roleId('Reception'),
        phoneNumber: '+420 601 000 001',
      })
      .returning({ id: users.id });
    const { token } = await t.login(email, 'own-details-password');
    const headers = { authorization: `Bearer ${token}` };
    const change = (body: object, locale = 'cs') =>
      call('POST', `/api/admin/userpanel/changeDetails?locale=${locale}`, { Color: 3, ...body }, headers);
    const row = async () => {
      const [user] = await t.db.select().from(users).where(eq(users.id, own!.id));
      return { email: user!.email, phoneNumber: user!.phoneNumber, color: user!.color };
    };
    const before = await row();

    const missing = await change({ Email: 'taken.over@genodesk.test', PhoneNumber: '+420 601 000 002' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.fields).toEqual({ CurrentPassword: 'Pro změnu e-mailu zadejte své heslo.' });
    const empty = await change({ Email: 'taken.over@genodesk.test', CurrentPassword: '' }, 'en');
    expect(empty.json().error.fields).toEqual({
      CurrentPassword: 'Enter your password to change your e-mail.',
    });
    // Not even whether the address is taken is said without the password.
    const someoneElses = await change({ Email: demo.admin });
    expect(someoneElses.statusCode).toBe(422);

    const wrong = await change({ Email: 'taken.over@genodesk.test', CurrentPassword: 'genodesk' }, 'en');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.fields).toEqual({ CurrentPassword: 'Wrong password!' });
    expect(await row()).toEqual(before);

    const phone = await change({ Email: email.toUpperCase(), PhoneNumber: '+420 601 000 003', Color: 7 });
    expect(phone.statusCode, phone.body).toBe(200);
    expect(await row()).toEqual({ email: email.toUpperCase(), phoneNumber: '+420 601 000 003', color: 7 });

    const right = await change({ Email: 'moved@genodesk.test', CurrentPassword: 'own-details-password' });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ email: 'moved@genodesk.test' });
    await t.login('moved@genodesk.test', 'own-details-password');
  });
});
