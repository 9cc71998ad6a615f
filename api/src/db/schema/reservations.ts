import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { users } from './users.js';

/** A wall-clock time of day, read as `08:00` (Postgres answers `08:00:00`). */
const timeOfDay = customType<{ data: string; driverData: string }>({
  dataType: () => 'time',
  fromDriver: (value) => value.slice(0, 5),
});

/** A consulting room: one doctor (a user of the Doctor role), a colour of the staff palette (1–12). */
export const consultingRooms = pgTable(
  'consulting_rooms',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    color: smallint('color').notNull().default(1),
    /** A disabled room takes no new bookings; its existing ones stay. */
    isEnabled: boolean('is_enabled').notNull().default(true),
    doctorId: bigint('doctor_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** Surgery hours on Prague's clock, on ISO weekdays (1 Monday … 7 Sunday): the calendar shades the rest. */
    opensAt: timeOfDay('opens_at').notNull().default('08:00'),
    closesAt: timeOfDay('closes_at').notNull().default('18:00'),
    openDays: smallint('open_days').array().notNull().default(sql`'{1,2,3,4,5}'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('consulting_rooms_hours_check', sql`${t.closesAt} > ${t.opensAt}`),
    check('consulting_rooms_open_days_check', sql`${t.openDays} <@ '{1,2,3,4,5,6,7}'::smallint[]`),
    uniqueIndex('consulting_rooms_name_lower_key').on(sql`lower(${t.name})`),
    index('consulting_rooms_name_sort_idx').on(sql`${t.name} collate sort_cs nulls first`, t.id),
    index('consulting_rooms_created_sort_idx').on(sql`${t.createdAt} nulls first`, t.id),
    index('consulting_rooms_doctor_id_idx').on(t.doctorId),
    check('consulting_rooms_color_range', sql`${t.color} between 1 and 12`),
  ],
);

/** Series ids: the occurrences of one weekly series share one. */
export const reservationSeriesSequence = pgSequence('reservation_series_seq');

/**
 * One occurrence of a consultation in a consulting room: a customer, or `is_fake` (blocked), or
 * neither (a free slot). Cancelled ones are kept (`cancelled_at`) for the customer's history and
 * leave the time free. The exclusion constraint `reservations_no_overlap` (migration 0014, which
 * drizzle-kit cannot express) keeps two live reservations of one room from overlapping, whatever
 * races: `exclude using gist (consulting_room_id with =, tstzrange(start, end) with &&) where
 * (cancelled_at is null)`; its index also serves the calendar's range reads per room. Likewise
 * `reservations_customer_no_overlap` (migration 0048) keeps a customer from two live reservations at
 * once, in any rooms: `exclude using gist (customer_id with =, tstzrange(start, end) with &&) where
 * (cancelled_at is null and customer_id is not null)`. A doctor in two rooms at once is kept out by the
 * booking service under a lock per doctor (a room's doctor can change, so no constraint on this table
 * can say it).
 */
export const reservations = pgTable(
  'reservations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The iCalendar UID of the occurrence: stable for its life, whatever moves. */
    uid: uuid('uid').notNull().defaultRandom(),
    consultingRoomId: bigint('consulting_room_id', { mode: 'number' })
      .notNull()
      .references(() => consultingRooms.id),
    reservationType: smallint('reservation_type').notNull().default(0),
    customerId: bigint('customer_id', { mode: 'number' }).references(() => customers.id, {
      onDelete: 'cascade',
    }),
    isFake: boolean('is_fake').notNull().default(false),
    consultationStart: timestamp('consultation_start', { withTimezone: true }).notNull(),
    consultationEnd: timestamp('consultation_end', { withTimezone: true }).notNull(),
    /** From `reservation_series_seq`; null for a reservation that does not repeat. */
    seriesId: bigint('series_id', { mode: 'number' }),
    /** Weeks after the series' first occurrence (0 for the first, and for a single one). */
    occurrence: smallint('occurrence').notNull().default(0),
    /** The iCalendar SEQUENCE: raised on every change the customer is told about. */
    sequence: integer('sequence').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: bigint('cancelled_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    /** The start the SMS reminder was handled for: a moved occurrence is reminded again, once. */
    remindedForStart: timestamp('reminded_for_start', { withTimezone: true }),
    /** The reminder's outbox message (null when the customer had no number to text). */
    reminderOutboxId: bigint('reminder_outbox_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reservations_uid_key').on(t.uid),
    index('reservations_room_start_idx').on(t.consultingRoomId, t.consultationStart),
    index('reservations_customer_start_idx').on(t.customerId, t.consultationStart),
    index('reservations_series_idx').on(t.seriesId, t.occurrence),
    // Today's consultations and the reminder sweep read live ones by start.
    index('reservations_live_start_idx').on(t.consultationStart).where(sql`${t.cancelledAt} is null`),
    check('reservations_type_range', sql`${t.reservationType} between 0 and 2`),
    check('reservations_end_after_start', sql`${t.consultationEnd} > ${t.consultationStart}`),
    check('reservations_customer_or_fake', sql`not (${t.customerId} is not null and ${t.isFake})`),
    check('reservations_occurrence_range', sql`${t.occurrence} between 0 and 12`),
  ],
);

/**
 * A user's private calendar feed: the SHA-256 of its secret token (the URL is shown once, at renewal).
 * Revoking deletes the row.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});
