import { pragueWallTime } from '@genodesk/contract';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { reservations, samples } from '../../db/schema/index.js';
import { demoRooms, nearestDstChange } from '../../seed/reservations.js';

let t: TestApp;
let reception: Record<string, string>;
beforeAll(async () => {
  t = await testApp();
  reception = await t.authAs(demo.reception);
});
afterAll(() => t.close());

const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: reception })).json();

describe('the reservations demo', () => {
  it('has three rooms with their doctors and colours', async () => {
    const rooms = (await get('/api/admin/consultingrooms?search=ambulance&pageSize=100')).items as {
      name: string;
      color: number;
      isEnabled: boolean;
      doctor: { email: string };
    }[];
    const seeded = rooms.filter((r) => demoRooms.some((d) => d.name === r.name));
    expect(seeded.map((r) => [r.name, r.doctor.email, r.color, r.isEnabled])).toEqual(
      demoRooms.map((d) => [d.name, d.doctor, d.color, true]),
    );
    const doctors = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/consultingrooms/doctors',
        headers: await t.authAs(demo.admin),
      })
    ).json();
    expect(doctors.map((d: { email: string }) => d.email)).toEqual(
      expect.arrayContaining(['doctor@genodesk.test', 'doctor2@genodesk.test', 'doctor3@genodesk.test']),
    );
  });

  it('fills a month back and ahead with every type, blocked and free slots, and two weekly series', async () => {
    const all = await t.db.select().from(reservations);
    const now = Date.now();
    expect(all.some((r) => r.consultationStart.getTime() < now - 20 * 86_400_000)).toBe(true);
    expect(all.some((r) => r.consultationStart.getTime() > now + 20 * 86_400_000)).toBe(true);
    const booked = all.filter((r) => r.customerId !== null);
    expect(new Set(booked.map((r) => r.reservationType))).toEqual(new Set([0, 1, 2]));
    expect(all.some((r) => r.isFake)).toBe(true);
    expect(all.some((r) => r.customerId === null && !r.isFake && r.consultationStart.getTime() > now)).toBe(
      true,
    );
    const series = new Map<number, typeof all>();
    for (const r of all)
      if (r.seriesId !== null) series.set(r.seriesId, [...(series.get(r.seriesId) ?? []), r]);
    expect(series.size).toBe(2);
    const change = new Date(`${nearestDstChange(new Date())}T12:00:00Z`).getTime();
    const acrossDst = [...series.values()].find((occurrences) => {
      const starts = occurrences.map((o) => o.consultationStart.getTime());
      return Math.min(...starts) < change && Math.max(...starts) > change;
    });
    expect(acrossDst).toBeDefined();
    const wallClock = acrossDst!.map((o) => {
      const wall = pragueWallTime(o.consultationStart);
      return `${wall.hour}:${wall.minute}`;
    });
    expect(new Set(wallClock)).toEqual(new Set(['17:0']));
    expect(new Set(acrossDst!.map((o) => o.consultationStart.getUTCHours())).size).toBe(2);
  });

  it('gives every customer whose sample is reserved for the entry consultation [7] one ahead', async () => {
    const reservedSamples = await t.db.select().from(samples).where(eq(samples.status, 7));
    expect(reservedSamples.length).toBeGreaterThan(0);
    for (const sample of reservedSamples) {
      const entries = await t.db
        .select()
        .from(reservations)
        .where(
          and(
            eq(reservations.customerId, sample.customerId),
            eq(reservations.reservationType, 1),
            isNull(reservations.cancelledAt),
            isNotNull(reservations.customerId),
          ),
        );
      expect(entries.some((r) => r.consultationStart.getTime() > Date.now())).toBe(true);
    }
  });
});
