import { existsSync, readFileSync } from 'node:fs';
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
    /**
     * The role that owns the database and runs the migrations (issue 36); `DATABASE_URL` is then a role
     * that owns nothing, granted what it needs at every start. Unset, `DATABASE_URL` is both — refused
     * outside tests. The embedded database makes both roles itself.
     */
    databaseOwnerUrl: env.DATABASE_OWNER_URL || undefined,
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
    /**
     * The key that seals secrets the server reads back (authenticator keys), apart from the token key:
     * one leaked key must not give both. Outside the embedded demo both are required (`startRefusals`).
     */
    sealingKey: env.SEALING_KEY || undefined,
    /** NODE_ENV=production: a real deployment even on the embedded database (`startRefusals`). */
    production: env.NODE_ENV === 'production',
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
    /** `json` (one line per event, for a collector) or `pretty` (for a terminal). */
    logFormat: env.LOG_FORMAT === 'pretty' ? ('pretty' as const) : ('json' as const),
    /**
     * Prometheus metrics (issue 39): on a port of their own (`METRICS_PORT`, at `HOST` unless
     * `METRICS_HOST`), and/or at `/api/metrics` for a caller giving `METRICS_TOKEN` as its bearer
     * token. Neither set, there are none to read.
     */
    metricsPort: env.METRICS_PORT ? intFromEnv(env, 'METRICS_PORT', 0) : undefined,
    metricsHost: env.METRICS_HOST || env.HOST || '127.0.0.1',
    metricsToken: env.METRICS_TOKEN || undefined,
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
     * 'retention-purge' job (privacy/) removes what is past it. docs/operations.md, "Retention".
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

const loopbackHosts = new Set(['127.0.0.1', '::1', 'localhost']);

/** A key worth its name: long, and not one character repeated or a short pattern. */
const strongKey = (key: string | undefined) => !!key && key.length >= 32 && new Set(key).size >= 10;

/**
 * What a real deployment must set before it starts (issue 36), each as a sentence saying what to
 * set; empty for the embedded demo on this machine. A real deployment is one with its own database
 * (`DATABASE_URL`), one listening beyond the loopback, or `NODE_ENV=production`: there a key kept in
 * the database or the data folder would be one copy away from a forged administrator's token.
 */
export function startRefusals(config: Config): string[] {
  const real = config.production || config.databaseUrl !== undefined || !loopbackHosts.has(config.host);
  if (!real) return [];
  const refusals: string[] = [];
  if (!strongKey(config.jwtSecret))
    refusals.push(
      'Set JWT_SECRET to a random value of at least 32 characters (for example `openssl rand -base64 48`), the same on every node.',
    );
  if (!strongKey(config.sealingKey) || config.sealingKey === config.jwtSecret)
    refusals.push(
      'Set SEALING_KEY to another random value of at least 32 characters, different from JWT_SECRET, the same on every node (it seals the authenticator keys; keep a copy: without it they cannot be read).',
    );
  if (!config.publicUrl)
    refusals.push(
      'Set PUBLIC_URL to the address staff open the back-office at (for example https://lab.example.cz).',
    );
  return refusals;
}

function positiveIntFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a whole number greater than 0, got "${raw}"`);
  return value;
}

/**
 * The laboratory as its report PDFs present it: the header (name, address, contact line(s), company ID
 * (IČO)) and, issue 35, the accreditation line, the method, the genome build and the certificate the
 * issued reports are signed with. One object because the publication hands it to the report as a whole.
 */
export type ReportCompany = {
  name: string;
  address: string;
  contact: string[];
  id: string | null;
  /** `REPORT_ACCREDITATION`, printed as given (e.g. the accreditation body's number); none by default. */
  accreditation?: string | null;
  /** `REPORT_METHOD_CS` / `REPORT_METHOD_EN`: the platform and assay; unset, the report's default text. */
  method?: { cs: string | null; en: string | null };
  /** `REPORT_GENOME_BUILD`: printed when the results' upload does not say which build (GRCh38). */
  genomeBuild?: string;
  /**
   * The certificate and key issued reports are signed with (`REPORT_SIGNING_P12`, a path or base64, and
   * `REPORT_SIGNING_PASSWORD`); unset, a self-signed demo certificate generated once (report-pdf/signing.ts).
   */
  signing?: { p12: Buffer; password: string } | null;
};

/** `REPORT_SIGNING_P12` as bytes: a readable file's, else the value read as base64 (a DER PKCS#12). */
function reportSigningFromEnv(env: NodeJS.ProcessEnv): ReportCompany['signing'] {
  const value = env.REPORT_SIGNING_P12?.trim();
  if (!value) return null;
  const p12 = existsSync(value) ? readFileSync(value) : Buffer.from(value, 'base64');
  // A PKCS#12 is a DER SEQUENCE: a mistyped path read as base64 is caught here, not at the first publication.
  if (p12.length < 100 || p12[0] !== 0x30)
    throw new Error('REPORT_SIGNING_P12 must be the path of a PKCS#12 (.p12/.pfx) file or its base64');
  return { p12, password: env.REPORT_SIGNING_PASSWORD ?? '' };
}

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
    accreditation: env.REPORT_ACCREDITATION?.trim() || null,
    method: { cs: env.REPORT_METHOD_CS?.trim() || null, en: env.REPORT_METHOD_EN?.trim() || null },
    genomeBuild: env.REPORT_GENOME_BUILD?.trim() || 'GRCh38',
    signing: reportSigningFromEnv(env),
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
