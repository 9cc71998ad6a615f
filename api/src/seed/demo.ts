import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.js';
import { type Database, transaction } from '../db/client.js';
import { roles, users } from '../db/schema/index.js';
import { type SeededSample, seedCustomers } from './customers.js';
import { seedFinances } from './finances.js';
import { seedMarkers } from './markers.js';
import { seedReservations } from './reservations.js';
import { type DemoIssuing, seedDemoResults } from './results.js';
import { seedTemplates } from './templates.js';
import { seedVouchers } from './vouchers.js';

export const demoPassword = 'genodesk';

export const demoUsers = [
  {
    email: 'admin@genodesk.test',
    userName: 'Alena Adminová',
    role: 'Admin',
    color: 1,
    isMainDoctor: false,
    qualification: 'none',
    licenceNumber: '',
    phoneNumber: '+420601111111',
  },
  {
    email: 'doctor@genodesk.test',
    userName: 'MUDr. David Dvořák',
    role: 'Doctor',
    color: 2,
    isMainDoctor: true,
    qualification: 'physician',
    licenceNumber: 'ČLK 0701234',
    phoneNumber: '+420602222222',
  },
  {
    email: 'doctor2@genodesk.test',
    userName: 'MUDr. Eva Horáková',
    role: 'Doctor',
    color: 6,
    isMainDoctor: false,
    qualification: 'physician',
    licenceNumber: 'ČLK 0705678',
    phoneNumber: '+420605555555',
  },
  {
    email: 'doctor3@genodesk.test',
    userName: 'MUDr. Petr Malý',
    role: 'Doctor',
    color: 8,
    isMainDoctor: false,
    qualification: 'physician',
    licenceNumber: 'ČLK 0709012',
    phoneNumber: '+420606666666',
  },
  {
    email: 'lab@genodesk.test',
    userName: 'Lucie Laborantová',
    role: 'Laboratory',
    color: 3,
    isMainDoctor: false,
    qualification: 'laboratorySpecialist',
    licenceNumber: '',
    phoneNumber: '+420603333333',
  },
  {
    email: 'reception@genodesk.test',
    userName: 'Radka Recepční',
    role: 'Reception',
    color: 4,
    isMainDoctor: false,
    qualification: 'none',
    licenceNumber: '',
    phoneNumber: '+420604444444',
  },
] as const;

export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return (row?.count ?? 0) === 0;
}

/**
 * The demo data of every area; run once into an empty database. The demo results file is processed
 * in the same transaction and the released reports issued with `issuing` (`results: false` leaves
 * both out, to write the file again).
 */
export async function seedDemo(
  db: Database,
  options: { results?: false; issuing?: undefined } | { results?: true; issuing: DemoIssuing },
): Promise<{ withResults: SeededSample[]; awaitingResults: SeededSample[] }> {
  const passwordHash = await hashPassword(demoPassword);
  return transaction(db, async (tx) => {
    // The demo signs in with its published password alone; a real installation keeps the default.
    await tx.update(roles).set({ requiresTwoFactor: false });
    for (const user of demoUsers) {
      const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, user.role));
      if (!role) throw new Error(`base role ${user.role} is missing`);
      await tx.insert(users).values({
        email: user.email,
        userName: user.userName,
        passwordHash,
        roleId: role.id,
        color: user.color,
        isMainDoctor: user.isMainDoctor,
        qualification: user.qualification,
        licenceNumber: user.licenceNumber,
        phoneNumber: user.phoneNumber,
        // Marked until changed: the server refuses a public address while one is left.
        demoPassword: true,
      });
    }
    await seedTemplates(tx);
    await seedMarkers(tx);
    const seeded = await seedCustomers(tx);
    await seedFinances(tx);
    await seedVouchers(tx);
    await seedReservations(tx);
    // Most customers consented to DNA analysis at registration; every fifth of those whose kit has not
    // gone yet did not, so the lab sees the refusal. Every sample past its kit was taken with consent.
    await tx.execute(sql`
      update customers set agreed_to_dna_analysis = true
      where id % 5 <> 0
         or id in (select customer_id from samples where status not in (1, 2, 7))`);
    await tx.execute(
      sql`update customers set dna_consent_at = date_registration where agreed_to_dna_analysis`,
    );
    // Each consent as a record (issue 35), as migration 0033 carries existing ones over: the demo's
    // reports are published only with one, and the one consent rule reads nothing else.
    await tx.execute(sql`
      insert into dna_consents (customer_id, form_version, signed_on, recorded_at)
      select c.id, 'demo-1', (c.dna_consent_at at time zone 'Europe/Prague')::date, c.dna_consent_at
        from customers c
       where c.agreed_to_dna_analysis and c.dna_consent_at is not null
         and not exists (select 1 from dna_consents d where d.customer_id = c.id and d.withdrawn_at is null)`);
    if (options.issuing) await seedDemoResults(tx, seeded.withResults, options.issuing);
    return seeded;
  });
}

export function demoBanner(url: string): string {
  return [
    '',
    `GenoDesk demo data is ready at ${url}`,
    ...demoUsers.map((u) => `  ${u.role.padEnd(11)} ${u.email}  password: ${demoPassword}`),
    '',
  ].join('\n');
}
