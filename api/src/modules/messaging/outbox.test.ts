import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/test-app.js';
import { transaction } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/index.js';
import { deliverMessage, queueEmail, smtpMailer } from './outbox.js';

type Received = { to: string[]; data: string };

let t: TestApp;
let smtp: SMTPServer;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  t = await testApp();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk) => {
        data += chunk.toString();
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await t.close();
});

const message = { to: 'someone@genodesk.test', subject: 'Hello', text: 'Body text', kind: 'test' };

describe('the outbox', () => {
  it('keeps a message pending when no transport is configured', async () => {
    const id = await transaction(t.db, (tx) => queueEmail(tx, t.jobs, message));
    await deliverMessage(t.db, undefined, id);
    const [row] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('delivers a message over real SMTP and marks it sent', async () => {
    const id = await transaction(t.db, (tx) => queueEmail(tx, t.jobs, message));
    await deliverMessage(
      t.db,
      smtpMailer(`smtp://127.0.0.1:${port}`, 'GenoDesk <no-reply@genodesk.test>'),
      id,
    );
    expect(received.at(-1)?.to).toEqual(['someone@genodesk.test']);
    expect(received.at(-1)?.data).toContain('Body text');
    const [row] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('records a failed delivery and rethrows so the job is retried', async () => {
    const id = await transaction(t.db, (tx) => queueEmail(tx, t.jobs, message));
    await expect(
      deliverMessage(t.db, smtpMailer('smtp://127.0.0.1:1', 'x@genodesk.test'), id),
    ).rejects.toThrow();
    const [row] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toBeTruthy();
  });

  it('writes nothing, neither message nor job, when the transaction rolls back', async () => {
    const before = await t.db.$count(outboxMessages);
    const jobsBefore = await t.db.$client.query(
      `select count(*)::int as n from pgboss.job where name = 'deliver-message'`,
    );
    await expect(
      transaction(t.db, async (tx) => {
        await queueEmail(tx, t.jobs, message);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.db.$count(outboxMessages)).toBe(before);
    const jobsAfter = await t.db.$client.query(
      `select count(*)::int as n from pgboss.job where name = 'deliver-message'`,
    );
    expect(jobsAfter.rows[0].n).toBe(jobsBefore.rows[0].n);
  });
});
