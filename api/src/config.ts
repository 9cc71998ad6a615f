import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isCzechAccount, maxLabFileBytes } from '@genodesk/contract';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

/** ČNB's example account: a valid number for the demo, never a real one's. */
export const demoBankAccount = '19-2000145399/0800';

function bankAccountFromEnv(raw: string | undefined): string {
  const account = raw?.trim() || demoBankAccount;
  if (!isCzechAccount(account))
    throw new Error(`BANK_ACCOUNT must be a Czech account number (prefix-number/bank), got "${account}"`);
  return account;
}

export type Config = ReturnType<typeof loadConfig>;

/** Everything the server reads from the environment, in one place. */
export function loadConfig(env = process.env) {
  const dataDir = path.resolve(env.DATA_DIR || path.join(repoRoot, 'data'));
  return {
    repoRoot,
    port: intFromEnv(env, 'PORT', 3000),
    /**
     * This machine only unless the operator opens it: a fresh start has the demo accounts, whose
     * password is published (main.ts refuses any other address while one of them keeps it).
     */
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    seedDemo: env.SEED_DEMO === '1' || (!env.DATABASE_URL && env.SEED_DEMO !== '0'),
    workers: env.WORKERS !== 'off',
    /**
     * Reads of customers' genetic and health data are written to the access log (issue 24); `off` only
     * to measure what the log costs (`npm run bench`, BENCH_ACCESS_LOG): GDPR wants it on.
     */
    accessLog: env.ACCESS_LOG !== 'off',
    /**
     * Statements prepared per connection (see db/client.ts); `off` behind a pooler that hands a
     * session's statements to other clients (PgBouncer in transaction mode before 1.21).
     */
    preparedStatements: env.DATABASE_PREPARED_STATEMENTS !== 'off',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'GenoDesk <no-reply@genodesk.test>',
    /** The account bank-transfer payments are made to (Czech `prefix-number/bank` form). */
    bankAccount: bankAccountFromEnv(env.BANK_ACCOUNT),
    /** The key the payment gateway signs its card notifications with; without it they are refused (503). */
    paymentWebhookSecret: env.PAYMENT_WEBHOOK_SECRET || undefined,
    smsUrl: env.SMS_URL || undefined,
    smsToken: env.SMS_TOKEN || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    webDist: path.join(repoRoot, 'web', 'dist'),
    idleTimeoutMs: intFromEnv(env, 'IDLE_TIMEOUT_MS', 20 * 60 * 1000),
    idleCountdownMs: intFromEnv(env, 'IDLE_COUNTDOWN_MS', 30 * 1000),
    /** A sign-in ends this many hours after it began, however active (ASVS 7.3.2). */
    sessionMaxHours: intFromEnv(env, 'SESSION_MAX_HOURS', 12),
    userPollIntervalMs: intFromEnv(env, 'USER_POLL_INTERVAL_MS', 30 * 1000),
    /** The largest results upload accepted, in bytes; at most `maxLabFileBytes` (about 2 GB). */
    resultsMaxUploadBytes: Math.min(
      intFromEnv(env, 'RESULTS_MAX_UPLOAD_BYTES', maxLabFileBytes),
      maxLabFileBytes,
    ),
    logLevel: env.LOG_LEVEL || 'info',
    /**
     * Which proxies' X-Forwarded-For is believed (Fastify's trustProxy): off unless set — `loopback`,
     * an address or CIDR list, or a hop count such as `1`.
     */
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    /**
     * The address staff open the back-office at (`https://lab.example.cz`): passkeys are bound to
     * its host. Unset, each request's own origin is used (fine on one address).
     */
    publicUrl: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : undefined,
    /**
     * The publication e-mail: a notification without genetic data (`none`), or with the issued report
     * PDF attached, encrypted with AES-256 and the customer's date of birth (DDMMYYYY) as its password.
     */
    reportEmailAttachment: reportEmailAttachmentFromEnv(env.REPORT_EMAIL_ATTACHMENT),
    /**
     * Four eyes on release (issue 35): the physician who signs a report off may not be the person who
     * technically validated it. On unless `RELEASE_FOUR_EYES=off` (a one-person lab).
     */
    releaseFourEyes: env.RELEASE_FOUR_EYES !== 'off',
    /** The laboratory every report PDF's header names (demo values unless set). */
    reportCompany: reportCompanyFromEnv(env),
    /**
     * How long one report PDF may take to render before its thread is ended and replaced (the caller
     * gets 503 'reportPdfTimedOut'); a 10-page report takes a few hundred milliseconds.
     */
    reportPdfTimeoutMs: positiveIntFromEnv(env, 'REPORT_PDF_TIMEOUT_MS', 30_000),
    /**
     * How long personal data nobody needs any more is kept (issue 24, GDPR Art. 5(1)(e)); the daily
     * 'retention-purge' job (modules/privacy) removes what is past it. docs/operations.md, "Retention".
     */
    retention: {
      /** Sent or failed outbox messages keep their text, HTML and attachments this many days (headers stay). */
      outboxDays: positiveIntFromEnv(env, 'RETENTION_OUTBOX_DAYS', 90),
      /** Finished background jobs (completed, failed, cancelled) are kept this many days. */
      jobsDays: positiveIntFromEnv(env, 'RETENTION_JOBS_DAYS', 30),
      /** The access log (who read whose genetic or health data) is kept this many years. */
      accessLogYears: positiveIntFromEnv(env, 'RETENTION_ACCESS_LOG_YEARS', 5),
    },
  };
}

function positiveIntFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a whole number greater than 0, got "${raw}"`);
  return value;
}

/** The header of the report PDF: the lab's name, address, contact line(s) and company ID (IČO). */
export type ReportCompany = { name: string; address: string; contact: string[]; id: string | null };

function reportCompanyFromEnv(env: NodeJS.ProcessEnv): ReportCompany {
  // Several contact lines are separated by `|` (an environment variable holds one line).
  const contact = (env.COMPANY_CONTACT ?? '')
    .split('|')
    .map((line) => line.trim())
    .filter(Boolean);
  return {
    name: env.COMPANY_NAME?.trim() || 'GenoDesk s.r.o.',
    address: env.COMPANY_ADDRESS?.trim() || 'Laboratorní 1234/5, 110 00 Praha 1',
    contact: contact.length
      ? contact
      : ['tel. +420 123 456 789 · laborator@genodesk.test · www.genodesk.test'],
    id: env.COMPANY_ID?.trim() || null,
  };
}

function reportEmailAttachmentFromEnv(value: string | undefined): 'none' | 'encrypted' {
  const text = value?.trim() || 'none';
  if (text !== 'none' && text !== 'encrypted')
    throw new Error(`REPORT_EMAIL_ATTACHMENT must be none or encrypted, got "${value}"`);
  return text;
}

function trustProxyFromEnv(
  value: string | undefined,
): boolean | string | ((address: string, hop: number) => boolean) {
  const text = value?.trim();
  if (!text || text === 'false' || text === 'off') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address: string, hop: number) => hop < hops;
  }
  return text;
}
