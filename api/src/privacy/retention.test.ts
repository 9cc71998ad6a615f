import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../test/test-app.js';
import { loadConfig } from '../config.js';
import { purgeExpired, type RetentionPolicy } from './retention.js';
import { privacyWorkers } from './workers.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const policy: RetentionPolicy = { outboxDays: 90, jobsDays: 30, accessLogYears: 5 };

type Row = Record<string, unknown>;
const rows = async (query: ReturnType<typeof sql>) => (await t.db.execute<Row>(query)).rows;

/** An outbox message with a body, its times given as SQL expressions relative to now(). */
async function message(fields: {
  status: 'pending' | 'sent' | 'failed';
  sentAt?: string;
  nextAttemptAt?: string;
  createdAt?: string;
  kind?: string;
  body?: string;
}): Promise<number> {
  const [row] = await rows(sql`
    insert into outbox_messages (channel, recipient, subject, body_text, body_html, attachments, kind, status,
      sent_at, next_attempt_at, created_at)
    values ('email', 'someone@example.cz', 'Předmět', ${fields.body ?? 'Text zprávy'}, '<p>Text zprávy</p>',
      '[{"filename":"a.ics","contentType":"text/calendar","content":"QkVHSU4="}]'::jsonb,
      ${fields.kind ?? 'mailing'}, ${fields.status},
      ${sql.raw(fields.sentAt ?? 'null')}, ${sql.raw(fields.nextAttemptAt ?? 'now()')}, ${sql.raw(fields.createdAt ?? 'now()')})
    returning id`);
  return Number(row!.id);
}

const outbox = async (id: number) =>
  (
    await rows(
      sql`select recipient, subject, body_text as "bodyText", body_html as "bodyHtml", attachments, status, last_error as "lastError"
        from outbox_messages where id = ${id}`,
    )
  )[0];

const purgedBody = { bodyText: '', bodyHtml: null, attachments: null };
const keptBody = { bodyText: expect.not.stringMatching(/^$/), bodyHtml: expect.any(String) };

describe('the retention purge', () => {
  it('removes exactly what is past its period, and leaves the rest', async () => {
    // Outbox: 90 days after a message was sent, or failed (its last attempt's next_attempt_at).
    const sentDue = await message({ status: 'sent', sentAt: "now() - interval '90 days 1 minute'" });
    const sentKept = await message({
      status: 'sent',
      sentAt: "now() - interval '89 days 23 hours 59 minutes'",
    });
    const failedDue = await message({
      status: 'failed',
      nextAttemptAt: "now() - interval '90 days 1 minute'",
    });
    const failedKept = await message({
      status: 'failed',
      nextAttemptAt: "now() - interval '89 days 23 hours'",
    });
    const pendingOld = await message({
      status: 'pending',
      createdAt: "now() - interval '200 days'",
      nextAttemptAt: "now() - interval '200 days'",
    });
    // More than a batch of due ones.
    await t.db.execute(sql`
      insert into outbox_messages (channel, recipient, subject, body_text, kind, status, sent_at)
      select 'sms', '+420601' || lpad(i::text, 6, '0'), null, 'Připomínka', 'consultation-reminder', 'sent',
        now() - interval '100 days'
      from generate_series(1, 1500) i`);

    // Temporary passwords written in clear before migration 0023.
    const clearSent = await message({
      status: 'sent',
      sentAt: "now() - interval '3 days'",
      kind: 'user-created',
      body: 'Dočasné heslo: K7P2M9XR4TDQ',
    });
    const clearPendingOld = await message({
      status: 'pending',
      createdAt: "now() - interval '25 hours'",
      kind: 'password-reset',
      body: 'Dočasné heslo: K7P2M9XR4TDA',
    });
    const clearPendingNew = await message({
      status: 'pending',
      createdAt: "now() - interval '1 hour'",
      kind: 'password-reset',
      body: 'Dočasné heslo: K7P2M9XR4TDB',
    });
    const sealedSent = await message({
      status: 'sent',
      sentAt: "now() - interval '3 days'",
      kind: 'user-created',
      body: 'Dočasné heslo: [[secret]]',
    });

    // Results files: the pieces of uploads no longer read go; those of one being read stay.
    const upload = async (status: number) => {
      const [row] = await rows(sql`
        insert into result_uploads (file_name, file_hash, file_size, status)
        values ('plate.csv', md5(random()::text), 10, ${status}) returning id`);
      const id = Number(row!.id);
      await t.db.execute(sql`insert into result_upload_files (upload_id, seq, content)
        values (${id}, 0, '\\x6261726364'::bytea), (${id}, 1, '\\x6f6465'::bytea)`);
      return id;
    };
    const [reading, complete, failed] = [await upload(1), await upload(3), await upload(5)];

    // Jobs: finished more than 30 days ago go; newer, unfinished and running ones stay.
    const job = async (state: string, completedAgo: string | null, createdAgo = '40 days') => {
      const [row] = await rows(sql`
        insert into pgboss.job (name, data, state, created_on, start_after, completed_on, keep_until)
        values ('reanalyse', '{"runId": 1}'::jsonb, ${state}::pgboss.job_state, now() - ${createdAgo}::interval,
          now() - ${createdAgo}::interval,
          ${completedAgo === null ? null : sql`now() - ${completedAgo}::interval`}, now() + interval '1 day')
        returning id`);
      return String(row!.id);
    };
    const jobsDue = [
      await job('completed', '30 days 1 minute'),
      await job('failed', '31 days'),
      await job('cancelled', '60 days'),
    ];
    const jobsKept = [
      await job('completed', '29 days 23 hours'),
      await job('failed', '1 day'),
      await job('created', null),
      await job('active', null),
      await job('retry', null),
    ];

    // Access log: older than five years goes.
    const access = async (ago: string) => {
      const [row] = await rows(sql`
        insert into access_log (occurred_at, user_id, kind, entity_id, customer_ids)
        values (now() - ${ago}::interval, 1, 'customer', 1, '{1}') returning id`);
      return Number(row!.id);
    };
    const accessDue = [await access('5 years 1 day'), await access('7 years')];
    const accessKept = [await access('4 years 364 days'), await access('1 hour')];

    const report = await purgeExpired(t.db, policy);
    expect(report).toEqual({
      // The demo seed writes no outbox messages: these are all.
      outboxBodies: 1502,
      clearPasswords: 2,
      resultFilePieces: 4,
      jobs: 3,
      accessLog: 2,
    });

    // Bodies gone, headers kept.
    for (const id of [sentDue, failedDue])
      expect(await outbox(id)).toMatchObject({
        recipient: 'someone@example.cz',
        subject: 'Předmět',
        ...purgedBody,
      });
    for (const id of [sentKept, failedKept, pendingOld]) expect(await outbox(id)).toMatchObject(keptBody);
    // A failed message whose text is gone cannot be sent again.
    const retried = await t.app.inject({
      method: 'POST',
      url: '/api/admin/outbox/retry',
      headers: { ...(await t.authAs(demo.admin)), 'accept-language': 'en' },
      payload: { Id: failedDue },
    });
    expect(retried.statusCode).toBe(422);
    expect(retried.json().error.message).toBe(
      'The text of this message was deleted after its retention period; it cannot be sent again.',
    );
    expect(
      await rows(
        sql`select count(*)::int as n from outbox_messages where kind = 'consultation-reminder' and body_text <> ''`,
      ),
    ).toEqual([{ n: 0 }]);

    expect(await outbox(clearSent)).toMatchObject({ bodyText: '', bodyHtml: null, status: 'sent' });
    expect(await outbox(clearPendingOld)).toMatchObject({
      bodyText: '',
      status: 'failed',
      lastError: 'temporary password expired',
    });
    expect(await outbox(clearPendingNew)).toMatchObject({
      bodyText: 'Dočasné heslo: K7P2M9XR4TDB',
      status: 'pending',
    });
    expect(await outbox(sealedSent)).toMatchObject({ bodyText: 'Dočasné heslo: [[secret]]' });

    const pieces = await rows(
      sql`select upload_id as "uploadId", count(*)::int as n from result_upload_files
          where upload_id in (${reading}, ${complete}, ${failed}) group by 1`,
    );
    expect(pieces).toEqual([{ uploadId: reading, n: 2 }]);

    const remainingJobs = (
      await rows(
        sql`select id::text as id from pgboss.job where id = any(${sql.param([...jobsDue, ...jobsKept])}::uuid[])`,
      )
    ).map((r) => r.id);
    expect(remainingJobs.sort()).toEqual([...jobsKept].sort());

    const remainingAccess = (
      await rows(
        sql`select id from access_log where id = any(${sql.param([...accessDue, ...accessKept])}::bigint[]) order by id`,
      )
    ).map((r) => Number(r.id));
    expect(remainingAccess).toEqual(accessKept);

    // Nothing more is due: a second run removes nothing.
    expect(await purgeExpired(t.db, policy)).toEqual({
      outboxBodies: 0,
      clearPasswords: 0,
      resultFilePieces: 0,
      jobs: 0,
      accessLog: 0,
    });
  });

  it('follows the configured periods', async () => {
    const [row] = await rows(sql`
      insert into access_log (occurred_at, user_id, kind, customer_ids)
      values (now() - interval '2 years 1 day', 1, 'export', '{}') returning id`);
    const sent = await message({ status: 'sent', sentAt: "now() - interval '11 days'" });
    const [due] = await rows(
      sql`select count(*)::int as n from access_log where occurred_at < now() - interval '2 years'`,
    );
    const report = await purgeExpired(t.db, { outboxDays: 10, jobsDays: 30, accessLogYears: 2 });
    expect(report.accessLog).toBe(due!.n);
    expect(await rows(sql`select id from access_log where occurred_at < now() - interval '2 years'`)).toEqual(
      [],
    );
    expect(await rows(sql`select id from access_log where id = ${row!.id}`)).toEqual([]);
    expect(await outbox(sent)).toMatchObject(purgedBody);
  });

  it('the access log is still append-only outside the purge', async () => {
    const [row] = await rows(sql`
      insert into access_log (occurred_at, user_id, kind, customer_ids)
      values (now() - interval '10 years', 1, 'export', '{}') returning id`);
    await expect(t.db.execute(sql`delete from access_log where id = ${row!.id}`)).rejects.toThrow();
  });

  it("sets pg-boss's own retention of finished jobs to RETENTION_JOBS_DAYS", async () => {
    const queues = await rows(
      sql`select name, deletion_seconds as "seconds" from pgboss.queue order by name`,
    );
    expect(queues.length).toBeGreaterThan(0);
    for (const queue of queues)
      expect(queue, String(queue.name)).toMatchObject({ seconds: 30 * 24 * 60 * 60 });
  });

  it('reads the periods from the environment, validated', () => {
    expect(loadConfig({}).retention).toEqual({ outboxDays: 90, jobsDays: 30, accessLogYears: 5 });
    expect(
      loadConfig({ RETENTION_OUTBOX_DAYS: '30', RETENTION_JOBS_DAYS: '7', RETENTION_ACCESS_LOG_YEARS: '10' })
        .retention,
    ).toEqual({ outboxDays: 30, jobsDays: 7, accessLogYears: 10 });
    for (const [name, value] of [
      ['RETENTION_OUTBOX_DAYS', '0'],
      ['RETENTION_JOBS_DAYS', 'month'],
      ['RETENTION_ACCESS_LOG_YEARS', '-1'],
    ] as const)
      expect(() => loadConfig({ [name]: value }), name).toThrow(name);
  });

  it('runs daily through pg-boss in the workers, and once at their start', async () => {
    await privacyWorkers({ jobs: t.jobs, db: t.db, config: t.config });
    expect(
      await rows(sql`select cron, timezone from pgboss.schedule where name = 'retention-purge'`),
    ).toEqual([{ cron: '30 3 * * *', timezone: 'Europe/Prague' }]);
    expect(await rows(sql`select count(*)::int as n from pgboss.job where name = 'retention-purge'`)).toEqual(
      [{ n: 1 }],
    );
  });
});
