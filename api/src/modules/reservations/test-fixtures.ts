import type { ConsultingRoom } from '@genodesk/contract';
import { pragueDay } from '@genodesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import { type IcsComponent, parseIcs } from '../../../test/icalendar.js';
import type { TestApp } from '../../../test/test-app.js';
import { hashPassword } from '../../auth/passwords.js';
import { customers, outboxMessages, roles, users } from '../../db/schema/index.js';

let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}`;

/** A user of the Doctor role (active unless said otherwise). */
export async function doctorUser(t: TestApp, options: { active?: boolean; color?: number } = {}) {
  const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Doctor'));
  const email = `doctor-${unique()}@example.test`;
  const [user] = await t.db
    .insert(users)
    .values({
      email,
      userName: `MUDr. Test ${seq}`,
      passwordHash: await hashPassword('doctor-password'),
      roleId: role!.id,
      color: options.color ?? 5,
      isUserLoginActive: options.active ?? true,
    })
    .returning({ id: users.id });
  return { id: user!.id, email, password: 'doctor-password' };
}

/** A consulting room made through the API by `headers` (an administrator). */
export async function consultingRoom(
  t: TestApp,
  headers: Record<string, string>,
  fields: {
    DoctorId: number;
    IsEnabled?: boolean;
    Color?: number;
    Name?: string;
    OpensAt?: string;
    ClosesAt?: string;
    OpenDays?: number[];
  },
) {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/consultingrooms',
    headers,
    payload: { Name: `Ambulance ${unique()}`, IsEnabled: true, ...fields },
  });
  if (response.statusCode !== 200) throw new Error(`room: ${response.statusCode} ${response.body}`);
  return response.json() as ConsultingRoom;
}

/** A customer with a mobile number, speaking `language`. */
export async function customer(
  t: TestApp,
  options: { language?: 'cs' | 'en'; phone?: string; name?: string } = {},
) {
  const email = `client-${unique()}@example.test`;
  const [row] = await t.db
    .insert(customers)
    .values({
      name: options.name ?? 'Jana',
      surname: `Klientová${seq}`,
      email,
      gender: 2,
      registrationSource: 1,
      phonePrefix: '+420',
      phone: options.phone ?? '777123456',
      language: options.language ?? 'cs',
      // Consultation messages ignore the notification settings (SPEC §9).
      notifyByEmail: false,
      notifyBySms: false,
    })
    .returning({ id: customers.id, name: customers.name, surname: customers.surname });
  return { id: row!.id, email, fullName: `${row!.name} ${row!.surname}` };
}

/** `hours` from now, as ISO 8601 (UTC). */
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** A moment a whole number of `days` ahead at `hh:mm` on Prague's clock, without an offset (the API reads it as Prague). */
export function pragueLocal(daysAhead: number, time: string) {
  return `${pragueDay(new Date(Date.now() + daysAhead * 86_400_000))}T${time}`;
}

/** The messages to a customer, oldest first. */
export const outboxOf = (t: TestApp, customerId: number, kind?: string) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.customerId, customerId), kind ? eq(outboxMessages.kind, kind) : undefined))
    .orderBy(asc(outboxMessages.id));

/** The iCalendar attachment of an outbox e-mail, parsed. */
export function calendarOf(message: {
  attachments: { filename: string; contentType: string; content: string }[] | null;
}): {
  calendar: IcsComponent;
  contentType: string;
  filename: string;
} {
  const attachment = message.attachments?.find((a) => a.contentType.startsWith('text/calendar'));
  if (!attachment) throw new Error('no iCalendar attachment');
  return {
    calendar: parseIcs(Buffer.from(attachment.content, 'base64').toString('utf8')),
    contentType: attachment.contentType,
    filename: attachment.filename,
  };
}
