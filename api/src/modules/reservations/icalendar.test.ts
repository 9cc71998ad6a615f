import { describe, expect, it } from 'vitest';
import { events, parseIcs, prop, propOf } from '../../../test/icalendar.js';
import { buildCalendar, escapeText, foldLine } from './icalendar.js';

describe('iCalendar (RFC 5545)', () => {
  it('escapes text and folds long lines at 75 octets without splitting a character', () => {
    expect(escapeText('a\\b; c, d\ne')).toBe('a\\\\b\\; c\\, d\\ne');
    const long = `SUMMARY:${'Žluťoučký kůň úpěl ďábelské ódy, '.repeat(6)}`;
    const folded = foldLine(long);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(long);
  });

  it('writes a calendar a strict reader takes back unchanged', () => {
    const text = buildCalendar({
      method: 'REQUEST',
      now: new Date('2026-03-01T12:00:00Z'),
      events: [
        {
          uid: 'abc@genodesk',
          sequence: 2,
          start: new Date('2026-03-30T08:00:00Z'),
          end: new Date('2026-03-30T09:00:00Z'),
          summary: 'Konzultace; vstupní, „první“\nřádek',
          location: 'Ambulance A, 2. patro',
          status: 'CONFIRMED',
          organizer: { name: 'GenoDesk', email: 'no-reply@genodesk.test' },
          attendee: { name: 'Eva "Nováková"; Jr', email: 'eva@example.test' },
        },
      ],
    });
    const calendar = parseIcs(text);
    expect(prop(calendar, 'METHOD')).toBe('REQUEST');
    expect(prop(calendar, 'VERSION')).toBe('2.0');
    const [event] = events(calendar);
    expect(prop(event!, 'UID')).toBe('abc@genodesk');
    expect(prop(event!, 'SEQUENCE')).toBe('2');
    expect(prop(event!, 'DTSTART')).toBe('20260330T080000Z');
    expect(prop(event!, 'DTEND')).toBe('20260330T090000Z');
    expect(prop(event!, 'DTSTAMP')).toBe('20260301T120000Z');
    expect(prop(event!, 'SUMMARY')).toBe('Konzultace; vstupní, „první“\nřádek');
    expect(prop(event!, 'LOCATION')).toBe('Ambulance A, 2. patro');
    expect(propOf(event!, 'ATTENDEE')).toMatchObject({
      params: { CN: 'Eva Nováková; Jr' },
      value: 'mailto:eva@example.test',
    });
    expect(propOf(event!, 'ORGANIZER')?.value).toBe('mailto:no-reply@genodesk.test');
  });
});
