import type { ConsultingRoom } from '@genodesk/contract';
import {
  addPragueDays,
  fromPragueWallTime,
  pragueDay,
  pragueMidnight,
  pragueWallTime,
} from '@genodesk/contract';
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

const englishMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A Prague wall time (`pragueLocal`'s `YYYY-MM-DDTHH:MM`) as the messages write a moment, spelled out
 * here rather than by Intl: '15. 3. 2027 9:30' (Czech writes the hour without a leading zero),
 * '15 Mar 2027, 09:30'.
 */
export function momentText(local: string, locale: 'cs' | 'en' = 'cs') {
  const [day, time] = local.split('T') as [string, string];
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return locale === 'cs'
    ? `${date}. ${month}. ${year} ${time.replace(/^0/, '')}`
    : `${date} ${englishMonths[month - 1]} ${year}, ${time}`;
}

/**
 * `hours` from the next whole hour (at most an hour after now), as ISO 8601 (UTC): a whole number of
 * them starts on the hour, so an hour-long slot never runs past Prague's midnight (a reservation ends
 * on the day it begins) whenever the tests run.
 */
export const hoursFromNow = (hours: number) =>
  new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + hours * 3_600_000).toISOString();

/**
 * `hours` after tomorrow's midnight on Prague's wall clock (`pragueHours(26.5)` is 02:30 the day after),
 * as ISO 8601: slots within an hour of the day never run past midnight, DST or not.
 */
export function pragueHours(hours: number): string {
  const tomorrow = pragueMidnight(pragueDay(addPragueDays(new Date(), 1)));
  const day = pragueWallTime(addPragueDays(tomorrow, Math.floor(hours / 24)));
  const minutes = Math.round((hours % 24) * 60);
  return fromPragueWallTime({ ...day, hour: Math.floor(minutes / 60), minute: minutes % 60 }).toISOString();
}

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
