import { type DashboardCounter, dashboardCounterKeys, exactCountLimit } from '@genodesk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

async function dashboardOf(email: string): Promise<Map<string, DashboardCounter>> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/admin/dashboard',
    headers: await t.authAs(email),
  });
  expect(response.statusCode).toBe(200);
  const counters = response.json().counters as DashboardCounter[];
  return new Map(counters.map((counter) => [counter.key, counter]));
}

async function listTotal(url: string): Promise<number> {
  const response = await t.app.inject({ method: 'GET', url, headers: await t.authAs(demo.admin) });
  expect(response.statusCode).toBe(200);
  return response.json().total;
}

/** The list each counter links to (web `work-queue.ts`), through the API. */
const listOf: Record<string, string> = {
  reportsToEvaluate: '/api/admin/products?section=results&status=1',
  reportsRequiringInspection: '/api/admin/products?section=results&requiresInspection=true',
  reportsInDoctorSection: '/api/admin/products?section=doctorSection',
  uploadsInProgress: '/api/admin/results?status=1,2',
  uploadsRequiringInspection: '/api/admin/results?status=4',
  samplesToSend: '/api/admin/samples?list=pending',
  samplesToReceive: '/api/admin/samples?list=receiving',
  samplesWaitingForAnalysis: '/api/admin/samples?list=waitingForAnalysis',
  samplesInAnalysis: '/api/admin/samples?list=inAnalysis',
  partnerRequestsWaiting: '/api/admin/customerrelationships?status=REQUESTED',
  unprocessedOrders: '/api/admin/unpaidcustomers',
  refundsDue: '/api/admin/payments?refundDue=true',
  undeliveredMessages: '/api/admin/outbox?status=undelivered',
};

describe('the dashboard', () => {
  it('shows an administrator every counter, in order, each equal to the total of the list it links to', async () => {
    const dashboard = await dashboardOf(demo.admin);
    expect([...dashboard.keys()]).toEqual([...dashboardCounterKeys]);
    expect(Object.keys(listOf).sort()).toEqual([...dashboardCounterKeys].sort());
    for (const [key, counter] of dashboard) {
      expect({ key, count: counter.count }).toEqual({ key, count: await listTotal(listOf[key]!) });
    }
    // The demo data leaves work in most queues.
    expect(dashboard.get('samplesToSend')?.count).toBeGreaterThan(0);
    expect(dashboard.get('reportsToEvaluate')?.count).toBeGreaterThan(0);
  });

  it('shows each role only the counters of the lists it may open', async () => {
    expect([...(await dashboardOf(demo.doctor)).keys()]).toEqual([
      'reportsToEvaluate',
      'reportsRequiringInspection',
      'reportsInDoctorSection',
      'uploadsInProgress',
      'uploadsRequiringInspection',
      'partnerRequestsWaiting',
    ]);
    expect([...(await dashboardOf(demo.lab)).keys()]).toEqual([
      'reportsToEvaluate',
      'reportsRequiringInspection',
      'reportsInDoctorSection',
      'uploadsInProgress',
      'uploadsRequiringInspection',
      'samplesToSend',
      'samplesToReceive',
      'samplesWaitingForAnalysis',
      'samplesInAnalysis',
      'partnerRequestsWaiting',
      'undeliveredMessages',
    ]);
    expect([...(await dashboardOf(demo.reception)).keys()]).toEqual([
      'samplesToSend',
      'samplesToReceive',
      'samplesWaitingForAnalysis',
      'samplesInAnalysis',
      'partnerRequestsWaiting',
      'unprocessedOrders',
      'refundsDue',
      'undeliveredMessages',
    ]);
  });

  it('counts new work at once, and stops counting at the cap', async () => {
    const before = (await dashboardOf(demo.admin)).get('samplesToReceive')!;
    const extra = exactCountLimit + 5 - before.count;
    await t.db.execute(sql`
      insert into samples (customer_id, status)
      select (select min(id) from customers), 3 from generate_series(1, ${extra})`);
    const after = (await dashboardOf(demo.admin)).get('samplesToReceive')!;
    expect(after).toEqual({ key: 'samplesToReceive', count: exactCountLimit, capped: true });
    await t.db.execute(sql`
      delete from samples where id in (select id from samples where status = 3 order by id desc limit 5)`);
    expect((await dashboardOf(demo.admin)).get('samplesToReceive')).toEqual({
      key: 'samplesToReceive',
      count: exactCountLimit,
      capped: false,
    });
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard' });
    expect(response.statusCode).toBe(401);
  });
});
