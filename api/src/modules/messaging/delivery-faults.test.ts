import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmsGateway } from '../../../test/sms-gateway.js';
import { closedPort, type Hang, startSmtpServer } from '../../../test/smtp.js';
import { type TestApp, testApp } from '../../../test/test-app.js';
import { transaction } from '../../db/client.js';
import { deliveryChannels, outboxMessages } from '../../db/schema/index.js';
import { deliverDue, queueEmails, queueSms } from './outbox.js';
import { httpSmsTransport, smtpTransport } from './transports.js';

/**
 * The fault harness: real servers on the loopback that refuse, hang, answer temporarily or for good,
 * drop the connection or answer slowly. For each fault, 50 messages queued at once; when it clears,
 * the first sweep delivers every one of them exactly once (sweeps run every minute, so within two),
 * counted at the server by Message-ID or Idempotency-Key.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** Short, so a hang costs the test little; production's is 20 s. */
const deadlineMs = 1500;
const from = 'GenoDesk <no-reply@genodesk.test>';
const count = 50;

beforeEach(async () => {
  // Only this test's messages wait, and no channel remembers an earlier test's outage.
  await t.db.update(outboxMessages).set({ status: 'sent' }).where(eq(outboxMessages.status, 'pending'));
  await t.db.update(deliveryChannels).set({
    failingSince: null,
    lastError: null,
    lastErrorAt: null,
    pausedUntil: null,
    lastSentAt: null,
  });
});

let seq = 0;
/** 50 e-mails written at once, as a mailing writes them; one may go to `special`. */
async function queueFifty(special?: string) {
  seq += 1;
  const ids = await transaction(t.db, (tx) =>
    queueEmails(
      tx,
      t.jobs,
      Array.from({ length: count }, (_, n) => ({
        to: n === 0 && special ? special : `zakaznik-${seq}-${n}@example.test`,
        subject: `Zprava ${seq}-${n}`,
        text: 'Body text',
        kind: 'test',
      })),
    ),
  );
  return ids;
}
const rows = (ids: number[]) => t.db.select().from(outboxMessages).where(inArray(outboxMessages.id, ids));
const channel = async (name: string) =>
  (await t.db.select().from(deliveryChannels).where(eq(deliveryChannels.channel, name)))[0];
/** As if the retry delays had passed. */
const makeDue = (ids: number[]) =>
  t.db
    .update(outboxMessages)
    .set({ nextAttemptAt: sql`now()` })
    .where(and(inArray(outboxMessages.id, ids), eq(outboxMessages.status, 'pending')));

/** Every message was received exactly once and is recorded as sent. */
async function deliveredOnce(ids: number[], counts: Map<string, number>, id: (key: string) => string) {
  const messages = await rows(ids);
  expect(messages.filter((m) => m.status !== 'sent')).toEqual([]);
  expect(messages.map((m) => counts.get(id(m.messageKey)) ?? 0)).toEqual(ids.map(() => 1));
}
const messageId = (key: string) => `<${key}@genodesk.test>`;

describe('e-mail through a faulty SMTP server', () => {
  it('connection refused for a while: the sweep stops at the outage; once the server is up, all 50 arrive once', async () => {
    const port = await closedPort();
    const email = smtpTransport(`smtp://127.0.0.1:${port}`, from, { deadlineMs });
    const ids = await queueFifty();
    const during = await deliverDue(t.db, { email });
    // One attempt per delivery lane at most: the first refusals mark the server failing.
    expect(during.sent).toBe(0);
    expect(during.retry).toBeLessThanOrEqual(4);
    expect(await channel('email')).toMatchObject({ lastError: expect.stringContaining('ECONNREFUSED') });
    expect((await channel('email'))?.failingSince).toBeInstanceOf(Date);
    // While it stays down, a sweep tries one message, not fifty.
    expect(await deliverDue(t.db, { email })).toEqual({ sent: 0, retry: 1, failed: 0 });

    const smtp = await startSmtpServer({ port });
    expect(await deliverDue(t.db, { email })).toEqual({ sent: count, retry: 0, failed: 0 });
    await deliveredOnce(ids, smtp.countsByMessageId(), messageId);
    expect(await channel('email')).toMatchObject({ failingSince: null, lastSentAt: expect.any(Date) });
    email.close();
    await smtp.close();
  });

  it.each<Hang>(['greeting', 'mail', 'rcpt', 'data'])(
    'a server that accepts and then never answers (%s): each send ends at its deadline; when it answers again, all 50 arrive once',
    async (where) => {
      let hanging = true;
      const smtp = await startSmtpServer({ hang: () => (hanging ? where : undefined) });
      const email = smtpTransport(smtp.url, from, { deadlineMs });
      const ids = await queueFifty();
      const during = await deliverDue(t.db, { email });
      expect(during.sent).toBe(0);
      expect(smtp.hung()).toBeGreaterThan(0);
      expect((await channel('email'))?.lastError).toContain('did not finish within 1.5 s');
      expect((await rows(ids)).every((m) => m.status === 'pending')).toBe(true);

      hanging = false;
      expect(await deliverDue(t.db, { email })).toEqual({ sent: count, retry: 0, failed: 0 });
      await deliveredOnce(ids, smtp.countsByMessageId(), messageId);
      email.close();
      await smtp.close();
    },
  );

  it('421 "service not available": an outage of the server; all 50 arrive once when it takes mail again', async () => {
    let code: number | undefined = 421;
    const smtp = await startSmtpServer({ refuse: () => code });
    const email = smtpTransport(smtp.url, from, { deadlineMs });
    const ids = await queueFifty();
    expect((await deliverDue(t.db, { email })).retry).toBeLessThanOrEqual(4);
    expect((await channel('email'))?.lastError).toContain('421');
    code = undefined;
    expect(await deliverDue(t.db, { email })).toEqual({ sent: count, retry: 0, failed: 0 });
    await deliveredOnce(ids, smtp.countsByMessageId(), messageId);
    email.close();
    await smtp.close();
  });

  it('451 "try again later" is each message’s own: all 50 wait for their retry, and arrive once then', async () => {
    let code: number | undefined = 451;
    const smtp = await startSmtpServer({ refuse: () => code });
    const email = smtpTransport(smtp.url, from, { deadlineMs });
    const ids = await queueFifty();
    expect(await deliverDue(t.db, { email })).toEqual({ sent: 0, retry: count, failed: 0 });
    const waiting = await rows(ids);
    expect(waiting.every((m) => m.lastError?.includes('451') && m.attempts === 1)).toBe(true);
    // Not an outage of the server: nothing says it is failing.
    expect((await channel('email'))?.failingSince ?? null).toBeNull();
    code = undefined;
    // The retry waits its delay (a minute for the second attempt)...
    expect(await deliverDue(t.db, { email })).toEqual({ sent: 0, retry: 0, failed: 0 });
    await makeDue(ids);
    expect(await deliverDue(t.db, { email })).toEqual({ sent: count, retry: 0, failed: 0 });
    await deliveredOnce(ids, smtp.countsByMessageId(), messageId);
    email.close();
    await smtp.close();
  });

  it('550 refuses for good: all 50 end failed with the server’s reason, none is tried again', async () => {
    const smtp = await startSmtpServer({ refuse: () => 550 });
    const email = smtpTransport(smtp.url, from, { deadlineMs });
    const ids = await queueFifty();
    expect(await deliverDue(t.db, { email })).toEqual({ sent: 0, retry: 0, failed: count });
    const failed = await rows(ids);
    expect(failed.every((m) => m.status === 'failed' && m.lastError?.includes('550'))).toBe(true);
    expect(await deliverDue(t.db, { email })).toEqual({ sent: 0, retry: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
    email.close();
    await smtp.close();
  });

  it('a connection dropped in the middle of DATA: nothing is half-sent; all 50 arrive once when it holds', async () => {
    let dropping = true;
    const smtp = await startSmtpServer({ drop: () => dropping });
    const email = smtpTransport(smtp.url, from, { deadlineMs });
    const ids = await queueFifty();
    expect((await deliverDue(t.db, { email })).sent).toBe(0);
    expect((await channel('email'))?.failingSince).toBeInstanceOf(Date);
    dropping = false;
    expect(await deliverDue(t.db, { email })).toEqual({ sent: count, retry: 0, failed: 0 });
    await deliveredOnce(ids, smtp.countsByMessageId(), messageId);
    email.close();
    await smtp.close();
  });

  it('a slow server (a fifth of the deadline a message): all 50 arrive once, none retried', async () => {
    const smtp = await startSmtpServer({ delayMs: deadlineMs / 5 });
    const email = smtpTransport(smtp.url, from, { deadlineMs });
    const ids = await queueFifty();
    expect(await deliverDue(t.db, { email })).toEqual({ sent: count, retry: 0, failed: 0 });
    expect((await rows(ids)).every((m) => m.attempts === 1)).toBe(true);
    await deliveredOnce(ids, smtp.countsByMessageId(), messageId);
    email.close();
    await smtp.close();
  });

  it('one hung connection does not hold up the other messages, nor mark the server failing', async () => {
    let stuck = true;
    const smtp = await startSmtpServer({
      hang: (to) => (stuck && to === 'zaseknuty@example.test' ? 'data' : undefined),
      // The others take a while each, so some go through after the hung one began, however late its
      // lane starts on a busy machine (what tells a hung connection from a server gone down).
      delayMs: deadlineMs / 8,
    });
    const email = smtpTransport(smtp.url, from, { deadlineMs });
    const ids = await queueFifty('zaseknuty@example.test');
    expect(await deliverDue(t.db, { email })).toEqual({ sent: count - 1, retry: 1, failed: 0 });
    const [hung] = await rows([ids[0]!]);
    expect(hung).toMatchObject({ status: 'pending', lastError: expect.stringContaining('did not finish') });
    expect((await channel('email'))?.failingSince ?? null).toBeNull();
    stuck = false;
    await makeDue([ids[0]!]);
    expect(await deliverDue(t.db, { email })).toEqual({ sent: 1, retry: 0, failed: 0 });
    await deliveredOnce(ids, smtp.countsByMessageId(), messageId);
    email.close();
    await smtp.close();
  });
});

describe('SMS through a faulty gateway', () => {
  /** 50 SMS written at once. */
  async function queueFiftySms() {
    seq += 1;
    return transaction(t.db, async (tx) => {
      const ids: number[] = [];
      for (let n = 0; n < count; n++)
        ids.push(
          await queueSms(tx, t.jobs, {
            to: `+420 601 ${String(seq % 1000).padStart(3, '0')} ${String(n).padStart(3, '0')}`,
            text: `GenoDesk ${seq}-${n}`,
            kind: 'test-sms',
          }),
        );
      return ids;
    });
  }
  const byKey = (key: string) => key;

  it.each([
    ['500', { status: 500 }],
    ['hang', 'hang'],
    ['a closed socket', 'close'],
  ] as const)('the gateway answers %s: an outage; when it clears, all 50 arrive once', async (_, fault) => {
    let faulty = true;
    const gateway = await startSmsGateway({ token: 'tajne', fault: () => (faulty ? fault : undefined) });
    const sms = httpSmsTransport(gateway.url, 'tajne', { deadlineMs });
    const ids = await queueFiftySms();
    const during = await deliverDue(t.db, { sms });
    expect(during.sent).toBe(0);
    expect(during.retry).toBeLessThanOrEqual(4);
    expect((await channel('sms'))?.failingSince).toBeInstanceOf(Date);
    faulty = false;
    expect(await deliverDue(t.db, { sms })).toEqual({ sent: count, retry: 0, failed: 0 });
    await deliveredOnce(ids, gateway.countsByKey(), byKey);
    await gateway.close();
  });

  it('429 with Retry-After: nothing is tried on the channel before it has passed; then all 50 arrive once', async () => {
    let limited = true;
    const gateway = await startSmsGateway({
      token: 'tajne',
      fault: () => (limited ? { status: 429, retryAfter: '2' } : undefined),
    });
    const sms = httpSmsTransport(gateway.url, 'tajne', { deadlineMs });
    const ids = await queueFiftySms();
    expect((await deliverDue(t.db, { sms })).sent).toBe(0);
    const paused = await channel('sms');
    expect(paused?.pausedUntil?.getTime()).toBeGreaterThan(Date.now());
    limited = false;
    // The gateway asked for two seconds: a sweep now leaves it alone.
    expect(await deliverDue(t.db, { sms })).toEqual({ sent: 0, retry: 0, failed: 0 });
    await t.db
      .update(deliveryChannels)
      .set({ pausedUntil: sql`now()` })
      .where(eq(deliveryChannels.channel, 'sms'));
    expect(await deliverDue(t.db, { sms })).toEqual({ sent: count, retry: 0, failed: 0 });
    await deliveredOnce(ids, gateway.countsByKey(), byKey);
    await gateway.close();
  });

  it('400 refuses each message for good, with the gateway’s reason', async () => {
    const gateway = await startSmsGateway({ token: 'tajne', fault: () => ({ status: 400 }) });
    const sms = httpSmsTransport(gateway.url, 'tajne', { deadlineMs });
    const ids = await queueFiftySms();
    expect(await deliverDue(t.db, { sms })).toEqual({ sent: 0, retry: 0, failed: count });
    expect((await rows(ids)).every((m) => m.status === 'failed' && m.lastError?.includes('400'))).toBe(true);
    await gateway.close();
  });

  it('a wrong token (401) is the gateway’s fault until mended, not the messages’', async () => {
    const gateway = await startSmsGateway({ token: 'tajne' });
    const ids = await queueFiftySms();
    const wrong = httpSmsTransport(gateway.url, 'spatne', { deadlineMs });
    expect((await deliverDue(t.db, { sms: wrong })).failed).toBe(0);
    expect((await channel('sms'))?.lastError).toContain('401');
    const right = httpSmsTransport(gateway.url, 'tajne', { deadlineMs });
    expect(await deliverDue(t.db, { sms: right })).toEqual({ sent: count, retry: 0, failed: 0 });
    await deliveredOnce(ids, gateway.countsByKey(), byKey);
    await gateway.close();
  });
});
