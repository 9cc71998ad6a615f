import http from 'node:http';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../../test/smtp.js';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { transaction } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/index.js';
import { publishAsDoctor, reportFor, withdrawConsent } from '../products/test-fixtures.js';
import { deliverDue, queueEmail, queueSms } from './outbox.js';
import { httpSmsTransport, smtpTransport } from './transports.js';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  // Both channels set up (nothing listens there: no worker runs here); one not set up is another rule
  // (delivery-status.test.ts).
  t = await testApp({ smtpUrl: 'smtp://127.0.0.1:1', smsUrl: 'http://127.0.0.1:1/sms' });
  admin = await t.authAs(demo.admin);
});
afterAll(() => t.close());

let seq = 0;
/** A test e-mail written to the outbox as a change would write it. */
async function queued(to = `someone-${++seq}@example.test`) {
  return transaction(t.db, (tx) =>
    queueEmail(tx, t.jobs, {
      to,
      subject: `Zprava ${seq}`,
      text: 'Body text',
      html: '<p>Body</p>',
      kind: 'test',
    }),
  );
}
const rowOf = async (id: number) =>
  (await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;
/** As if the retry delay had passed. */
const makeDue = (ids: number[]) =>
  t.db.update(outboxMessages).set({ nextAttemptAt: sql`now()` }).where(inArray(outboxMessages.id, ids));
/** Only these messages are due: others of earlier tests stay out of the way. */
const onlyDue = async (ids: number[]) => {
  await t.db
    .update(outboxMessages)
    .set({ nextAttemptAt: sql`now() + interval '1 day'` })
    .where(and(eq(outboxMessages.status, 'pending'), notInArray(outboxMessages.id, ids)));
  await makeDue(ids);
};

/** One delivery sweep through the test server, which is closed after it (with the transport). */
async function deliverOnce(smtp: Awaited<ReturnType<typeof startSmtpServer>>) {
  const email = smtpTransport(smtp.url, 'GenoDesk <no-reply@genodesk.test>');
  try {
    return await deliverDue(t.db, { email });
  } finally {
    email.close();
    await smtp.close();
  }
}

describe('delivering the outbox', () => {
  it('writes nothing, neither message nor its delivery, when the change rolls back', async () => {
    const before = await t.db.$count(outboxMessages);
    await expect(
      transaction(t.db, async (tx) => {
        await queueEmail(tx, t.jobs, { to: 'x@example.test', subject: 's', text: 't', kind: 'test' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.db.$count(outboxMessages)).toBe(before);
  });

  it('erases a temporary password at its expiry: an unsent message with one fails instead of sending a dead password', async () => {
    const smtp = await startSmtpServer();
    const message = (secretExpiresAt: Date) =>
      transaction(t.db, (tx) =>
        queueEmail(tx, t.jobs, {
          to: `temporary-${++seq}@example.test`,
          subject: 'Heslo',
          text: 'Vaše dočasné heslo: [[secret]]',
          secret: 'Kx7-temporary-Password',
          secretExpiresAt,
          kind: 'test',
        }),
      );
    const expired = await message(new Date(Date.now() - 1000));
    const valid = await message(new Date(Date.now() + 3_600_000));
    await onlyDue([expired, valid]);
    expect(await deliverOnce(smtp)).toEqual({ sent: 1, retry: 0, failed: 1 });
    expect(await rowOf(expired)).toMatchObject({
      status: 'failed',
      secret: null,
      lastError: 'the temporary password expired before it was sent',
    });
    expect(await rowOf(valid)).toMatchObject({ status: 'sent', secret: null });
    // Only the valid one went out.
    expect(smtp.received.filter((mail) => mail.data.includes('Kx7-temporary-Password'))).toHaveLength(1);
  });

  it('sends no message about results once the customer’s consent is withdrawn, and does not let it be retried', async () => {
    const kept = await reportFor(t);
    const withdrawn = await reportFor(t);
    for (const r of [kept, withdrawn]) await publishAsDoctor(t, r.productId);
    const messageTo = async (email: string) =>
      (await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email)))[0]!;
    const toKept = await messageTo(kept.email);
    const toWithdrawn = await messageTo(withdrawn.email);
    expect([toKept.kind, toWithdrawn.kind]).toEqual(['product-published', 'product-published']);
    await withdrawConsent(t, withdrawn.customerId);
    await onlyDue([toKept.id, toWithdrawn.id]);
    const smtp = await startSmtpServer();
    expect(await deliverOnce(smtp)).toEqual({ sent: 1, retry: 0, failed: 1 });
    expect(smtp.received.map((mail) => mail.to)).toEqual([[kept.email]]);
    expect(await rowOf(toWithdrawn.id)).toMatchObject({
      status: 'failed',
      lastError: 'not sent: the customer holds no valid DNA consent for a message about their results',
    });
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/admin/outbox/retry',
      headers: { ...admin, 'accept-language': 'en' },
      payload: { Id: toWithdrawn.id },
    });
    expect(retry.statusCode).toBe(422);
    expect(retry.json().error.fields.Id).toContain('releasing the report');
    expect(await rowOf(toWithdrawn.id)).toMatchObject({ status: 'failed' });
  });

  it('refuses the retry of an invitation once the consent is withdrawn naming the invitation, not the release (cs and en)', async () => {
    const r = await reportFor(t);
    const invited = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/products',
      headers: await t.authAs(demo.doctor),
      payload: { Id: r.productId, Status: 2 },
    });
    expect(invited.statusCode).toBe(200);
    const [invitation] = await t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, r.email));
    expect(invitation?.kind).toBe('product-invitation');
    await withdrawConsent(t, r.customerId);
    await onlyDue([invitation!.id]);
    const smtp = await startSmtpServer();
    expect(await deliverOnce(smtp)).toEqual({ sent: 0, retry: 0, failed: 1 });
    const retry = (language: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/outbox/retry',
        headers: { ...admin, 'accept-language': language },
        payload: { Id: invitation!.id },
      });
    const cs = await retry('cs');
    expect(cs.statusCode).toBe(422);
    // Eva: the refusal agrees with her gender, and names the step the message is of.
    expect(cs.json().error.fields.Id).toMatch(
      /^Zákaznice .* nemá platný souhlas s analýzou DNA, proto nelze provést: pozvání na konzultaci\./,
    );
    const en = await retry('en');
    expect(en.statusCode).toBe(422);
    expect(en.json().error.fields.Id).toContain('so this cannot be done: invitation to a consultation.');
    expect(en.json().error.fields.Id).not.toContain('releasing the report');
    expect(await rowOf(invitation!.id)).toMatchObject({ status: 'failed' });
  });

  it('keeps messages pending without a transport and delivers them once one is configured', async () => {
    const smtp = await startSmtpServer();
    const ids = [await queued(), await queued()];
    await onlyDue(ids);
    expect(await deliverDue(t.db, {})).toEqual({ sent: 0, retry: 0, failed: 0 });
    expect((await rowOf(ids[0]!)).status).toBe('pending');
    const email = smtpTransport(smtp.url, 'GenoDesk <no-reply@genodesk.test>');
    expect(await deliverDue(t.db, { email })).toEqual({ sent: 2, retry: 0, failed: 0 });
    email.close();
    for (const id of ids) {
      const row = await rowOf(id);
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      // Every attempt carries the same Message-ID, so a repeat can be recognised.
      expect(smtp.received.filter((m) => m.messageId === `<${row.messageKey}@genodesk.test>`)).toHaveLength(
        1,
      );
    }
    expect(smtp.received[0]?.data).toContain('Body text');
    await smtp.close();
  });

  it('a server that refuses for a while, then accepts: every message is delivered once', async () => {
    let refusing = true;
    const smtp = await startSmtpServer({ refuse: () => (refusing ? 451 : undefined) });
    const email = smtpTransport(smtp.url, 'GenoDesk <no-reply@genodesk.test>');
    const ids = [await queued(), await queued(), await queued()];
    await onlyDue(ids);
    expect(await deliverDue(t.db, { email })).toEqual({ sent: 0, retry: 3, failed: 0 });
    const waiting = await rowOf(ids[0]!);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting.lastError).toContain('451');
    // The next attempt is a minute or so later, not at once.
    expect(waiting.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(40_000);
    expect(await deliverDue(t.db, { email })).toEqual({ sent: 0, retry: 0, failed: 0 });

    await makeDue(ids);
    expect(await deliverDue(t.db, { email })).toEqual({ sent: 0, retry: 3, failed: 0 });
    expect((await rowOf(ids[0]!)).attempts).toBe(2);
    refusing = false;
    await makeDue(ids);
    expect(await deliverDue(t.db, { email })).toEqual({ sent: 3, retry: 0, failed: 0 });
    expect(smtp.received).toHaveLength(3);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(3);
    email.close();
    await smtp.close();
  });

  it('gives up after its two days of retries, or at once when the address is refused for good', async () => {
    const smtp = await startSmtpServer({ refuse: (to) => (to.startsWith('nobody') ? 550 : 451) });
    const email = smtpTransport(smtp.url, 'GenoDesk <no-reply@genodesk.test>');
    const old = await queued();
    const nobody = await queued(`nobody-${seq}@example.test`);
    await t.db
      .update(outboxMessages)
      .set({ giveUpAt: sql`now() - interval '1 minute'` })
      .where(eq(outboxMessages.id, old));
    await onlyDue([old, nobody]);
    expect(await deliverDue(t.db, { email })).toEqual({ sent: 0, retry: 0, failed: 2 });
    expect((await rowOf(old)).status).toBe('failed');
    expect((await rowOf(nobody)).lastError).toContain('550');
    email.close();
    await smtp.close();
  });

  it('sends an SMS through the HTTP gateway: E.164, bearer token, the same idempotency key on every attempt', async () => {
    const requests: { body: unknown; headers: http.IncomingHttpHeaders }[] = [];
    let answer = 503;
    const gateway = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        requests.push({ body: JSON.parse(body), headers: request.headers });
        response.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const sms = httpSmsTransport(
      `http://127.0.0.1:${(gateway.address() as { port: number }).port}/sms`,
      'tajne',
    );

    const id = await transaction(t.db, (tx) =>
      queueSms(tx, t.jobs, { to: '+420 601 234 567', text: 'GenoDesk: zitra v 10:00', kind: 'test-sms' }),
    );
    await onlyDue([id]);
    expect(await deliverDue(t.db, { sms })).toEqual({ sent: 0, retry: 1, failed: 0 });
    answer = 202;
    await makeDue([id]);
    expect(await deliverDue(t.db, { sms })).toEqual({ sent: 1, retry: 0, failed: 0 });
    expect(requests.map((r) => r.body)).toEqual([
      { to: '+420601234567', text: 'GenoDesk: zitra v 10:00' },
      { to: '+420601234567', text: 'GenoDesk: zitra v 10:00' },
    ]);
    expect(requests[1]?.headers.authorization).toBe('Bearer tajne');
    expect(requests[0]?.headers['idempotency-key']).toBe((await rowOf(id)).messageKey);
    expect(requests[1]?.headers['idempotency-key']).toBe(requests[0]?.headers['idempotency-key']);

    // A refusal of the number itself is final.
    answer = 400;
    const refused = await transaction(t.db, (tx) =>
      queueSms(tx, t.jobs, { to: '+420601234568', text: 'x', kind: 'test-sms' }),
    );
    await onlyDue([refused]);
    expect(await deliverDue(t.db, { sms })).toEqual({ sent: 0, retry: 0, failed: 1 });
    await new Promise<void>((resolve) => gateway.close(() => resolve()));
  });

  it('refuses an SMS to a number that is not a phone number, writing nothing', async () => {
    const before = await t.db.$count(outboxMessages);
    await expect(
      transaction(t.db, (tx) => queueSms(tx, t.jobs, { to: '+420 12ab', text: 'x', kind: 'test-sms' })),
    ).rejects.toMatchObject({ statusCode: 400, messageKey: 'invalidPhone' });
    expect(await t.db.$count(outboxMessages)).toBe(before);
  });
});

describe('the outbox screen', () => {
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin });

  it('lists every message with channel, status and attempts; filters and searches', async () => {
    const email = await queued(`hledany-${seq}@example.test`);
    const response = await get(`/api/admin/outbox?search=hledany-${seq}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      total: 1,
      totalExact: true,
      items: [{ id: email, channel: 'email', status: 'pending', attempts: 0, kind: 'test' }],
    });
    const sms = (await get('/api/admin/outbox?channel=sms&pageSize=100')).json();
    expect(sms.items.length).toBeGreaterThan(0);
    expect(sms.items.every((m: { channel: string }) => m.channel === 'sms')).toBe(true);
    const failed = (await get('/api/admin/outbox?status=failed&pageSize=100')).json();
    expect(failed.items.every((m: { status: string }) => m.status === 'failed')).toBe(true);
    expect((await get('/api/admin/outbox?status=lost')).statusCode).toBe(400);
    expect((await get('/api/admin/outbox?createdFrom=2026-02-30')).statusCode).toBe(400);
  });

  it('counts as undelivered what failed or waits for over an hour', async () => {
    const fresh = await queued();
    const late = await queued();
    await t.db
      .update(outboxMessages)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(eq(outboxMessages.id, late));
    const ids = (await get('/api/admin/outbox?status=undelivered&pageSize=100'))
      .json()
      .items.map((m: { id: number }) => m.id);
    expect(ids).toContain(late);
    expect(ids).not.toContain(fresh);
  });

  it('shows a message as sent and sends a failed one again; anything else is a 422', async () => {
    const id = await queued();
    const detail = await get(`/api/admin/outbox/${id}`);
    expect(detail.json()).toMatchObject({
      id,
      bodyText: 'Body text',
      bodyHtml: '<p>Body</p>',
      attachments: [],
    });
    const retry = (Id: number) =>
      t.app.inject({ method: 'POST', url: '/api/admin/outbox/retry', headers: admin, payload: { Id } });
    const refused = await retry(id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('Znovu odeslat lze jen zprávu, jejíž doručení selhalo.');
    await t.db
      .update(outboxMessages)
      .set({ status: 'failed', nextAttemptAt: sql`now() + interval '1 day'` })
      .where(eq(outboxMessages.id, id));
    const retried = await retry(id);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'pending' });
    const row = await rowOf(id);
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(row.giveUpAt.getTime() - Date.now()).toBeGreaterThan(47 * 3600_000);
    expect((await retry(999_999)).statusCode).toBe(404);
  });

  it('is for Barcodes.View, as the e-mail screen', async () => {
    const doctor = await t.authAs(demo.doctor);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: doctor })).statusCode,
    ).toBe(403);
  });
});
