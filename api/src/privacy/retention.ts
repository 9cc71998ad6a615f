import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { secretPlaceholder } from '../modules/messaging/outbox.js';

/** Rows one statement purges: short transactions, whatever the backlog. */
const batchSize = 1000;

export type RetentionPolicy = Config['retention'];

/** What one purge removed, per kind. */
export type RetentionReport = {
  /** Outbox messages whose text, HTML and attachments were cleared. */
  outboxBodies: number;
  /** Old temporary-password e-mails whose password was in their text (before migration 0023). */
  clearPasswords: number;
  /** Stored pieces of results files whose upload is no longer being read. */
  resultFilePieces: number;
  /** Finished pg-boss jobs. */
  jobs: number;
  /** Access log rows. */
  accessLog: number;
};

/** Runs `statement` (which answers the rows it touched, at most `batchSize`) until a batch is short. */
async function inBatches(run: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const touched = await run();
    total += touched;
    if (touched < batchSize) return total;
  }
}

const rowCount = (result: { rowCount: number | null }) => result.rowCount ?? 0;

/**
 * The retention purge (issue 24, GDPR Art. 5(1)(e)), in batches of `batchSize` rows, each its own
 * transaction:
 * - outbox messages sent or failed more than `outboxDays` ago lose their text, HTML and attachments;
 *   channel, recipient, subject, kind, status, dates and the last error stay (a failed one can no
 *   longer be sent again). A failed message's end is taken as its `next_attempt_at`, which its last
 *   attempt set a retry delay (at most six hours) after it failed;
 * - temporary-password e-mails written before the password was sealed (migration 0023) carry it in
 *   their text: cleared once sent or failed, or a day after they were written (the password expired);
 * - the stored pieces of a results file whose upload is not being read any more (complete, failed):
 *   the job deletes them itself, this removes any left behind;
 * - finished pg-boss jobs (completed, failed, cancelled) that finished more than `jobsDays` ago;
 * - access log rows older than `accessLogYears`, through the purge setting its append-only trigger
 *   requires (migration 0028).
 */
export async function purgeExpired(db: Database, policy: RetentionPolicy): Promise<RetentionReport> {
  const outboxBodies = await inBatches(async () =>
    rowCount(
      await db.$client.query(
        `update outbox_messages set body_text = '', body_html = null, attachments = null, secret = null
         where id in (
           select id from outbox_messages
           where status in ('sent', 'failed')
             and (case when status = 'sent' then sent_at else next_attempt_at end) < now() - make_interval(days => $1)
             and (body_text <> '' or body_html is not null or attachments is not null or secret is not null)
           limit ${batchSize})`,
        [policy.outboxDays],
      ),
    ),
  );
  const clearPasswords = await inBatches(async () =>
    rowCount(
      await db.$client.query(
        `update outbox_messages
         set body_text = '', body_html = null,
             status = case when status = 'pending' then 'failed' else status end,
             last_error = case when status = 'pending' then 'temporary password expired' else last_error end
         where id in (
           select id from outbox_messages
           where kind in ('user-created', 'password-reset')
             and body_text <> '' and position($1 in body_text) = 0
             and (status <> 'pending' or created_at < now() - interval '1 day')
           limit ${batchSize})`,
        [secretPlaceholder],
      ),
    ),
  );
  const resultFilePieces = await inBatches(async () =>
    rowCount(
      await db.$client.query(
        `delete from result_upload_files f
         where (f.upload_id, f.seq) in (
           select p.upload_id, p.seq from result_upload_files p
           join result_uploads u on u.id = p.upload_id
           where u.status <> 1
           limit ${batchSize})`,
      ),
    ),
  );
  const jobs = await inBatches(async () =>
    rowCount(
      await db.$client.query(
        `delete from pgboss.job j
         where (j.name, j.id) in (
           select name, id from pgboss.job
           where state in ('completed', 'failed', 'cancelled')
             and completed_on < now() - make_interval(days => $1)
           limit ${batchSize})`,
        [policy.jobsDays],
      ),
    ),
  );
  // Through the owner's function: the application's role may not delete from the access log itself.
  const accessLog = await inBatches(async () => {
    const { rows } = await db.$client.query<{ removed: number }>(
      'select purge_access_log($1::interval, $2) as removed',
      [`${policy.accessLogYears} years`, batchSize],
    );
    return rows[0]?.removed ?? 0;
  });
  return { outboxBodies, clearPasswords, resultFilePieces, jobs, accessLog };
}
