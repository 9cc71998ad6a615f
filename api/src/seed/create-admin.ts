import { pathToFileURL } from 'node:url';
import { createUserRequestSchema, emailSchema } from '@genodesk/contract';
import { eq, sql } from 'drizzle-orm';
import { generateTemporaryPassword, hashPassword } from '../auth/passwords.js';
import { loadConfig } from '../config.js';
import { createDatabase, type Database, transaction } from '../db/client.js';
import { runMigrations, withStartupLock } from '../db/migrate.js';
import { roles, users } from '../db/schema/index.js';
import { audit } from '../modules/audit/audit.js';
import { baseRoles, ensureBaseRoles } from './roles.js';

/** Why the command changed nothing; the CLI prints the message and exits with 1. */
export class CreateAdminRefused extends Error {}

/** The role every installation's administrators have (all permissions). */
export const adminRoleName = baseRoles[0]?.name ?? 'Admin';

const userNameSchema = createUserRequestSchema.shape.UserName;

const duplicate = (email: string) =>
  new CreateAdminRefused(`A user with the e-mail ${email} already exists; nothing was changed.`);

/**
 * Migrates the database, creates the base roles when there are none and adds an administrator with a
 * temporary password they must replace at the first sign-in. Refuses, changing nothing, an invalid
 * e-mail and one a user already has (ignoring case).
 */
export async function createAdmin(
  db: Database,
  input: { email: string; userName?: string },
): Promise<{ id: number; email: string; userName: string; temporaryPassword: string }> {
  const parsedEmail = emailSchema.safeParse(input.email);
  if (!parsedEmail.success)
    throw new CreateAdminRefused(`"${input.email}" is not a valid e-mail address; nothing was changed.`);
  const email = parsedEmail.data;
  const parsedName = userNameSchema.safeParse(input.userName);
  if (!parsedName.success)
    throw new CreateAdminRefused('The user name may have at most 100 characters; nothing was changed.');
  const userName = parsedName.data || email.split('@')[0] || email;

  await withStartupLock(db, () => runMigrations(db));
  const temporaryPassword = generateTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  const id = await transaction(db, async (tx) => {
    await ensureBaseRoles(tx);
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    if (existing) throw duplicate(email);
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, adminRoleName));
    if (!role) throw new CreateAdminRefused(`There is no role named ${adminRoleName}; nothing was changed.`);
    const [row] = await tx
      .insert(users)
      .values({ email, userName, passwordHash, roleId: role.id, mustChangePassword: true })
      .returning({ id: users.id })
      .catch((error: unknown) => {
        // Another creation of the same e-mail won the race.
        const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
        if (cause?.code === '23505') throw duplicate(email);
        throw error;
      });
    if (!row) throw new Error('user insert returned nothing');
    await audit(tx, {
      entity: 'user',
      entityId: row.id,
      changedBy: null,
      changes: [{ field: 'created', oldValue: null, newValue: email }],
    });
    return row.id;
  });
  return { id, email, userName, temporaryPassword };
}

/** `npm run create-admin -- <email> [user name]`: the first administrator of a DATABASE_URL installation. */
async function main(args: string[]) {
  const config = loadConfig();
  if (!config.databaseUrl)
    throw new CreateAdminRefused(
      'npm run create-admin needs DATABASE_URL (the PostgreSQL to add the administrator to). ' +
        '`npm start` without it runs an embedded database and seeds demo users (admin@genodesk.test, password genodesk).',
    );
  const [email, ...name] = args;
  if (!email) throw new CreateAdminRefused('Usage: npm run create-admin -- <email> [user name]');
  const db = createDatabase(config.databaseUrl, 2);
  try {
    const admin = await createAdmin(db, { email, userName: name.join(' ') || undefined });
    console.info(
      [
        `Administrator ${admin.userName} created.`,
        `  e-mail:             ${admin.email}`,
        `  temporary password: ${admin.temporaryPassword}`,
        'It is shown only now; the first sign-in asks for a new password.',
      ].join('\n'),
    );
  } finally {
    await db.$client.end();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    if (error instanceof CreateAdminRefused) console.error(error.message);
    else console.error(error);
    process.exit(1);
  });
}
