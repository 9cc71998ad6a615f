import { createHash, randomBytes } from 'node:crypto';
import {
  type CalendarFeed,
  type Locale,
  type ReservationType,
  reservationTypeLabels,
} from '@genodesk/contract';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import type { Database, Executor } from '../../db/client.js';
import { calendarFeeds, consultingRooms, customers, reservations, users } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { recordAccess } from '../audit/access-log.js';
import { buildCalendar } from './icalendar.js';
import { calendarUid } from './notifications.js';

/**
 * A doctor's private iCalendar feed: a secret URL (32 random bytes, base64url) that any calendar
 * application can subscribe to. Only its SHA-256 is stored, so the URL is shown once, when renewed;
 * renewing replaces it and revoking deletes it, and the old URL answers 404 at once.
 */

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A feed's URL works this long after it was made (issue 36: a leaked URL does not work for ever). */
export const feedLifetimeDays = 180;
const expiryOf = (createdAt: Date) => new Date(createdAt.getTime() + feedLifetimeDays * 86_400_000);

/** The feed's path under the API root: `calendar/feed/<token>.ics`. */
export const feedPath = (token: string) => `/api/calendar/feed/${token}.ics`;

const toFeed = (
  row: { createdAt: Date; lastUsedAt: Date | null } | undefined,
  url: string | null = null,
): CalendarFeed => ({
  active: row !== undefined && expiryOf(row.createdAt).getTime() > Date.now(),
  url,
  createdAt: row?.createdAt.toISOString() ?? null,
  expiresAt: row ? expiryOf(row.createdAt).toISOString() : null,
  lastUsedAt: row?.lastUsedAt?.toISOString() ?? null,
});

/** `GET admin/userpanel/calendarfeed`: whether the caller has a feed (its URL is not kept). */
export async function getCalendarFeed(db: Executor, by: Principal): Promise<CalendarFeed> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, by.id));
  return toFeed(row);
}

/** `POST admin/userpanel/calendarfeed/renew`: a new secret URL, answered once; the old one stops working. */
export async function renewCalendarFeed(db: Executor, by: Principal, origin: string): Promise<CalendarFeed> {
  const token = randomBytes(32).toString('base64url');
  const values = { tokenHash: hashToken(token), createdAt: new Date(), lastUsedAt: null };
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId: by.id, ...values })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: values })
    .returning();
  return toFeed(row, `${origin}${feedPath(token)}`);
}

/** `DELETE admin/userpanel/calendarfeed`: the URL stops working. */
export async function revokeCalendarFeed(db: Executor, by: Principal): Promise<CalendarFeed> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, by.id));
  return toFeed(undefined);
}

/** The feed reaches this far back and ahead. */
const feedPastDays = 60;
const feedFutureDays = 366;

/**
 * `GET calendar/feed/{token}.ics` (public: the token is the credential): the consultations with a
 * customer in the rooms whose doctor holds the token, live, from two months back to a year ahead;
 * each only with the type, the customer's name and the room. 404 for an unknown or revoked token and
 * for a deactivated user.
 */
export async function calendarFeedText(
  db: Database,
  token: string,
  locale: Locale,
  address: string | null = null,
): Promise<string> {
  const bare = token.replace(/\.ics$/, '');
  const [owner] = await db
    .select({ id: users.id, userName: users.userName, lastUsedAt: calendarFeeds.lastUsedAt })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(
      and(
        eq(calendarFeeds.tokenHash, hashToken(bare)),
        eq(users.isUserLoginActive, true),
        sql`${calendarFeeds.createdAt} > now() - make_interval(days => ${feedLifetimeDays})`,
      ),
    );
  if (!owner) throw notFound();
  const rows = await db
    .select({
      customerId: reservations.customerId,
      uid: reservations.uid,
      sequence: reservations.sequence,
      start: reservations.consultationStart,
      end: reservations.consultationEnd,
      type: reservations.reservationType,
      updatedAt: reservations.updatedAt,
      room: consultingRooms.name,
      name: customers.name,
      surname: customers.surname,
    })
    .from(reservations)
    .innerJoin(consultingRooms, eq(consultingRooms.id, reservations.consultingRoomId))
    .innerJoin(customers, eq(customers.id, reservations.customerId))
    .where(
      and(
        eq(consultingRooms.doctorId, owner.id),
        isNull(reservations.cancelledAt),
        isNotNull(reservations.customerId),
        sql`${reservations.consultationStart} >= now() - make_interval(days => ${feedPastDays})`,
        sql`${reservations.consultationStart} < now() + make_interval(days => ${feedFutureDays})`,
      ),
    )
    .orderBy(asc(reservations.consultationStart), asc(reservations.id));
  // Calendar applications poll every few minutes: the last use, and the read of whose consultations
  // it showed (the access log, issue 36), are written at most hourly.
  if (!owner.lastUsedAt || Date.now() - owner.lastUsedAt.getTime() > 3_600_000) {
    await db.update(calendarFeeds).set({ lastUsedAt: new Date() }).where(eq(calendarFeeds.userId, owner.id));
    await recordAccess(db, {
      kind: 'calendarFeed',
      userId: owner.id,
      customerIds: [...new Set(rows.flatMap((r) => (r.customerId === null ? [] : [r.customerId])))],
      address,
    });
  }
  return buildCalendar({
    name: `GenoDesk – ${owner.userName}`,
    events: rows.map((r) => ({
      uid: calendarUid(r.uid),
      sequence: r.sequence,
      start: r.start,
      end: r.end,
      // Initials only: a calendar on a phone or a shared account is no place for customers' names.
      summary: `${reservationTypeLabels[r.type as ReservationType]?.[locale] ?? ''}: ${initials(r.name, r.surname)}`,
      location: r.room,
      status: 'CONFIRMED',
      lastModified: r.updatedAt,
    })),
  });
}

/** "Jana Nováková" → "J. N.". */
const initials = (name: string, surname: string) =>
  [name, surname]
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => `${part[0]?.toUpperCase()}.`)
    .join(' ');
