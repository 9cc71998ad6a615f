import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { deliveryChannels, outboxMessages } from '../../db/schema/index.js';

let t: TestApp;
let reception: Record<string, string>;
beforeAll(async () => {
  t = await testApp({ smtpUrl: 'smtp://127.0.0.1:1', smsUrl: 'http://127.0.0.1:1/sms' });
  reception = await t.authAs(demo.reception);
  // Only this test's messages.
  await t.db.delete(outboxMessages);
});
afterAll(() => t.close());

const status = async (headers = reception) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/outbox/delivery', headers });
  return { code: response.statusCode, body: response.json() };
};
const message = (channel: 'email' | 'sms', values: Partial<typeof outboxMessages.$inferInsert> = {}) => ({
  channel,
  recipient: channel === 'email' ? 'jana@example.cz' : '+420777123456',
  bodyText: 'Dobrý den',
  kind: 'custom',
  ...values,
});

describe('GET admin/outbox/delivery', () => {
  it('says both channels are fine when nothing fails, and that both are configured', async () => {
    const { code, body } = await status();
    expect(code).toBe(200);
    expect(body).toEqual([
      expect.objectContaining({
        channel: 'email',
        configured: true,
        failingSince: null,
        waiting: 0,
        failed: 0,
      }),
      expect.objectContaining({
        channel: 'sms',
        configured: true,
        failingSince: null,
        waiting: 0,
        failed: 0,
      }),
    ]);
  });

  it('names a failing channel with its last error and since when, and counts what waits and failed', async () => {
    const since = new Date('2026-11-24T09:15:00Z');
    await t.db
      .update(deliveryChannels)
      .set({ failingSince: since, lastError: 'connect ECONNREFUSED 127.0.0.1:2525', lastErrorAt: new Date() })
      .where(eq(deliveryChannels.channel, 'email'));
    const oldest = new Date('2026-11-24T09:14:00Z');
    await t.db.insert(outboxMessages).values([
      message('email', {
        createdAt: oldest,
        attempts: 2,
        lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
      }),
      message('email', { attempts: 1 }),
      message('email', { status: 'failed', attempts: 1, lastError: '550 5.1.1 Mailbox unavailable' }),
      message('email', { status: 'sent', sentAt: new Date() }),
      message('sms'),
    ]);
    const { body } = await status();
    expect(body[0]).toMatchObject({
      channel: 'email',
      failingSince: since.toISOString(),
      lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
      waiting: 2,
      oldestWaitingSince: oldest.toISOString(),
      failed: 1,
    });
    expect(body[1]).toMatchObject({ channel: 'sms', failingSince: null, waiting: 1, failed: 0 });
  });

  it('the dashboard counts a message refused once as undelivered at once, not only after an hour', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: reception });
    const counters = response.json().counters as { key: string; count: number }[];
    // Two waiting after refused attempts (written just now) and one failed; the untried SMS is not.
    expect(counters.find((c) => c.key === 'undeliveredMessages')?.count).toBe(3);
    const undelivered = (
      await t.app.inject({ method: 'GET', url: '/api/admin/outbox?status=undelivered', headers: reception })
    ).json();
    expect(undelivered.total).toBe(3);
  });

  it('counts a message written during an outage or a gateway pause at once, though it was never tried', async () => {
    const undeliveredCount = async () => {
      const dashboard = await t.app.inject({
        method: 'GET',
        url: '/api/admin/dashboard',
        headers: reception,
      });
      const counters = dashboard.json().counters as { key: string; count: number }[];
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/admin/outbox?status=undelivered',
        headers: reception,
      });
      const fromCounter = counters.find((c) => c.key === 'undeliveredMessages')?.count;
      // The card's count is the total of the list it opens.
      expect(list.json().total).toBe(fromCounter);
      return fromCounter;
    };
    // A failing channel tries only its longest-waiting message: a new one waits with no attempt.
    await t.db.insert(outboxMessages).values(message('email'));
    expect(await undeliveredCount()).toBe(4);

    // The SMS gateway asked to wait (429 Retry-After): its untried message counts too.
    const until = new Date(Date.now() + 10 * 60_000);
    await t.db
      .update(deliveryChannels)
      .set({ pausedUntil: until })
      .where(eq(deliveryChannels.channel, 'sms'));
    expect(await undeliveredCount()).toBe(5);
    const { body } = await status();
    expect(body[1]).toMatchObject({ channel: 'sms', pausedUntil: until.toISOString(), waiting: 1 });

    // Both work again: a message written just now and never tried is on its way, not undelivered.
    await t.db.update(deliveryChannels).set({ failingSince: null, pausedUntil: null });
    expect(await undeliveredCount()).toBe(3);
    const after = await status();
    expect(after.body[0]).toMatchObject({ channel: 'email', failingSince: null, waiting: 3, failed: 1 });
  });

  it('is refused without Barcodes.View', async () => {
    expect((await status(await t.authAs(demo.doctor))).code).toBe(403);
  });
});

describe('a server with no e-mail server or SMS gateway set up', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await testApp({ smtpUrl: undefined, smsUrl: undefined });
    await bare.db.delete(outboxMessages);
  });
  afterAll(() => bare.close());

  it('counts a message written just now as undelivered, as the banner says it waits: the card does not say nothing does', async () => {
    const headers = await bare.authAs(demo.reception);
    await bare.db.insert(outboxMessages).values([message('email'), message('sms')]);
    const delivery = (
      await bare.app.inject({ method: 'GET', url: '/api/admin/outbox/delivery', headers })
    ).json();
    expect(delivery).toEqual([
      expect.objectContaining({ channel: 'email', configured: false, waiting: 1 }),
      expect.objectContaining({ channel: 'sms', configured: false, waiting: 1 }),
    ]);
    const dashboard = await bare.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers });
    const counters = dashboard.json().counters as { key: string; count: number }[];
    expect(counters.find((c) => c.key === 'undeliveredMessages')?.count).toBe(2);
    const list = await bare.app.inject({
      method: 'GET',
      url: '/api/admin/outbox?status=undelivered',
      headers,
    });
    expect(list.json().total).toBe(2);
  });
});
