/**
 * iCalendar (RFC 5545) for consultations: the e-mail attachments (iTIP METHOD:REQUEST on booking and
 * change, METHOD:CANCEL on cancellation) and the doctors' feeds. Times are UTC (`…Z`), so no
 * VTIMEZONE is needed; text is escaped (backslash, semicolon, comma, newline) and lines are folded at
 * 75 octets without splitting a UTF-8 character; lines end with CRLF.
 */

export type CalendarPerson = { name: string; email: string };

export type CalendarEvent = {
  /** Stable for the life of the occurrence, whatever moves. */
  uid: string;
  /** Raised on every change (iTIP: the later one wins). */
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  location?: string;
  status: 'CONFIRMED' | 'CANCELLED';
  organizer?: CalendarPerson;
  attendee?: CalendarPerson;
  lastModified?: Date;
};

export type CalendarMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

export type Calendar = {
  /** iTIP method of an e-mailed invitation; a subscribed feed has none. */
  method?: CalendarMethod;
  /** The feed's display name (X-WR-CALNAME). */
  name?: string;
  events: CalendarEvent[];
  /** DTSTAMP of every event. */
  now?: Date;
};

/** A UTC DATE-TIME: 20260330T080000Z. */
export const icsDateTime = (instant: Date) =>
  `${instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}`;

/** A TEXT value escaped (RFC 5545 §3.3.11); CR LF and lone CRs become `\n`. */
export const escapeText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** A parameter value (e.g. CN): quoted, without the characters a quoted value may not hold. */
const paramValue = (value: string) =>
  `"${[...value].filter((c) => c !== '"' && c.charCodeAt(0) >= 0x20 && c !== '\u007f').join('')}"`;

const encoder = new TextEncoder();

/**
 * One content line folded at 75 octets (RFC 5545 §3.1): each continuation starts with a space, and a
 * multi-octet UTF-8 character is never split.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; a continuation 74 after its leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const person = (property: 'ORGANIZER' | 'ATTENDEE', p: CalendarPerson, extra = '') =>
  `${property};CN=${paramValue(p.name)}${extra}:mailto:${p.email.replace(/[\r\n:;]/g, '')}`;

function eventLines(event: CalendarEvent, stamp: Date): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${icsDateTime(stamp)}`,
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    `STATUS:${event.status}`,
    'TRANSP:OPAQUE',
    ...(event.lastModified ? [`LAST-MODIFIED:${icsDateTime(event.lastModified)}`] : []),
    ...(event.organizer ? [person('ORGANIZER', event.organizer)] : []),
    ...(event.attendee
      ? [person('ATTENDEE', event.attendee, ';ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE')]
      : []),
    'END:VEVENT',
  ];
}

/** The whole VCALENDAR as text, CRLF line ends, folded. */
export function buildCalendar(calendar: Calendar): string {
  const stamp = calendar.now ?? new Date();
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//GenoDesk//Consultations//CS',
    'CALSCALE:GREGORIAN',
    ...(calendar.method ? [`METHOD:${calendar.method}`] : []),
    ...(calendar.name
      ? [
          `X-WR-CALNAME:${escapeText(calendar.name)}`,
          'X-WR-TIMEZONE:Europe/Prague',
          'REFRESH-INTERVAL;VALUE=DURATION:PT15M',
          'X-PUBLISHED-TTL:PT15M',
        ]
      : []),
    ...calendar.events.flatMap((event) => eventLines(event, stamp)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
