import net from 'node:net';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import SMTPConnection from 'nodemailer/lib/smtp-connection/index.js';
import type { InlineAttachment } from '../../db/schema/index.js';
import { inSpan } from '../../observability/spans.js';

export type EmailTransport = {
  send(message: {
    to: string;
    subject: string;
    text: string;
    html?: string;
    /** The same on every attempt: the Message-ID's local part, so a repeat can be recognised. */
    messageKey: string;
    attachments: InlineAttachment[];
  }): Promise<void>;
  close(): void;
};

export type SmsTransport = {
  /** `to` in E.164; `key` the same on every attempt (sent as the Idempotency-Key). */
  send(message: { to: string; text: string; key: string }): Promise<void>;
};

/**
 * A send that did not go through, and whose fault it was. `transport`: the server or gateway itself
 * is unreachable, hangs or is unavailable — no message of its channel can go out now. `permanent`:
 * this message is refused for good. Neither: this message may go through later.
 */
export class DeliveryError extends Error {
  readonly transport: boolean;
  readonly permanent: boolean;
  /** The gateway's Retry-After: no attempt on the channel before it has passed. */
  readonly retryAfterSeconds: number | undefined;
  constructor(
    message: string,
    fault: { transport?: boolean; permanent?: boolean; retryAfterSeconds?: number },
  ) {
    super(message);
    this.transport = fault.transport ?? false;
    this.permanent = fault.permanent ?? false;
    this.retryAfterSeconds = fault.retryAfterSeconds;
  }
}

/**
 * How long one send may take, whatever the library underneath does: a send still running then is a
 * failed attempt and its connection is thrown away. Well inside the outbox lease (60 s), so no other
 * worker takes the message while this send could still go through.
 */
export const sendDeadlineMs = 20_000;

/**
 * Runs `work` and settles within `ms`: past it, `abandon` throws the work's connection away and the
 * answer is a transport fault. The work's own late outcome is ignored.
 */
export function withDeadline<T>(work: Promise<T>, ms: number, what: string, abandon: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abandon();
      reject(new DeliveryError(`${what} did not finish within ${ms / 1000} s`, { transport: true }));
    }, ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

type SmtpError = Error & { responseCode?: number; command?: string; code?: string };

/** SMTP commands whose 5xx refuses this message (its sender, recipient or content), not the service. */
const messageCommands = new Set(['MAIL FROM', 'RCPT TO', 'DATA', 'MESSAGE']);

/**
 * Classifies an SMTP failure. A message-level 5xx is permanent; a message-level 4xx (451 greylisting,
 * 452 mailbox full) is this message's to retry; everything else — no answer, a dropped connection, a
 * 421 "service not available", a refused greeting or sign-in — is the server's.
 */
function smtpFault(error: unknown): DeliveryError {
  if (error instanceof DeliveryError) return error;
  const e = (error ?? {}) as SmtpError;
  const message = e.message ?? String(error);
  const code = e.responseCode;
  const ofMessage = code !== undefined && code !== 421 && messageCommands.has(e.command ?? '');
  if (!ofMessage) return new DeliveryError(message, { transport: true });
  return new DeliveryError(message, { permanent: code >= 500 });
}

/** One open SMTP connection; `broken` once the server or the network ended it, with `error` if it said why. */
type Connection = { smtp: SMTPConnection; broken: boolean; error?: Error; idleTimer?: NodeJS.Timeout };

const closedByServer = () => new DeliveryError('The SMTP server closed the connection', { transport: true });

/** An idle connection is closed after this long (servers drop idle clients after a minute or so). */
const idleMs = 10_000;

/**
 * The HTML as a mail client must get it: the app's own images, stored in rich text by their path
 * (`/api/media/<id>`, issue 36), made absolute under `origin` (PUBLIC_URL) so the client can load them;
 * any other image (a tracking pixel in a text saved before images were limited to the app's own) left
 * out.
 */
export const mailHtml = (html: string, origin: string | undefined) =>
  html.replace(/<img\b[^>]*>/gi, (tag) => {
    const src = /\ssrc="([^"]*)"/i.exec(tag)?.[1];
    if (!src || !ownMedia.test(src)) return '';
    return origin ? tag.replace(/(\ssrc=")/i, `$1${origin}`) : tag;
  });

const ownMedia = /^\/api\/media\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * E-mail over SMTP (`SMTP_URL`, from `MAIL_FROM`). Keeps up to `maxConnections` connections of its
 * own, one per concurrent send, and reuses an idle one; a connection whose send failed or timed out is
 * closed, never reused. Each send has a hard deadline (`deadlineMs`), connecting included.
 */
export function smtpTransport(
  smtpUrl: string,
  from: string,
  options: { deadlineMs?: number; maxConnections?: number; mediaOrigin?: string } = {},
): EmailTransport {
  const deadlineMs = options.deadlineMs ?? sendDeadlineMs;
  const settings = parseConnectionUrl(smtpUrl) as SMTPConnection.Options & {
    auth?: { user?: string; pass?: string };
  };
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'genodesk.local';
  const idle: Connection[] = [];
  const open = new Set<Connection>();
  let closed = false;

  const discard = (connection: Connection) => {
    connection.broken = true;
    clearTimeout(connection.idleTimer);
    open.delete(connection);
    const index = idle.indexOf(connection);
    if (index >= 0) idle.splice(index, 1);
    connection.smtp.close();
  };

  function connect(): { connection: Connection; ready: Promise<void> } {
    const socket = settings.secure ? undefined : new net.Socket();
    // A message is a few small writes; with Nagle's algorithm each would wait for the server's delayed
    // ACK (40 ms a message on Linux). TLS from the start (smtps) keeps nodemailer's own socket.
    socket?.setNoDelay(true);
    const smtp = new SMTPConnection({
      ...settings,
      ...(socket ? { socket } : {}),
      connectionTimeout: deadlineMs,
      greetingTimeout: deadlineMs,
      socketTimeout: deadlineMs,
      logger: false,
    } as SMTPConnection.Options);
    const connection: Connection = { smtp, broken: false };
    open.add(connection);
    // The connection reports its end as events; without a listener an 'error' would end the process.
    smtp.on('error', (error) => {
      connection.error ??= error;
      discard(connection);
    });
    smtp.on('end', () => discard(connection));
    const ready = new Promise<void>((resolve, reject) => {
      smtp.once('end', () => reject(connection.error ?? closedByServer()));
      smtp.connect(() => {
        const { user, pass } = settings.auth ?? {};
        if (!user && !pass) return resolve();
        smtp.login({ credentials: { user: user ?? '', pass: pass ?? '' } }, (error) =>
          error ? reject(error) : resolve(),
        );
      });
    });
    return { connection, ready };
  }

  async function sendOn(connection: Connection, envelope: SMTPConnection.Envelope, raw: Buffer) {
    await new Promise<void>((resolve, reject) => {
      const ended = () => reject(connection.error ?? closedByServer());
      connection.smtp.once('end', ended);
      connection.smtp.send(envelope, raw, (error) => {
        connection.smtp.removeListener('end', ended);
        if (error) reject(error);
        else resolve();
      });
    });
  }

  return traced('smtp', {
    async send(message) {
      if (closed) throw new DeliveryError('The e-mail transport is closed', { transport: true });
      const mail = new MailComposer({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html === undefined ? undefined : mailHtml(message.html, options.mediaOrigin),
        messageId: `<${message.messageKey}@${domain}>`,
        attachments: message.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content, 'base64'),
          ...(a.cid ? { cid: a.cid } : {}),
        })),
      }).compile();
      const raw = await mail.build();
      const reused = idle.pop();
      if (reused) clearTimeout(reused.idleTimer);
      let current = reused;
      const sent = async () => {
        let connection = reused;
        if (!connection) {
          const opened = connect();
          current = opened.connection;
          await opened.ready;
          connection = opened.connection;
        }
        await sendOn(connection, mail.getEnvelope() as SMTPConnection.Envelope, raw);
        return connection;
      };
      let connection: Connection;
      try {
        connection = await withDeadline(
          sent(),
          deadlineMs,
          'The SMTP server',
          () => current && discard(current),
        );
      } catch (error) {
        if (current) discard(current);
        throw smtpFault(error);
      }
      if (closed || connection.broken || open.size > (options.maxConnections ?? 4))
        return discard(connection);
      connection.idleTimer = setTimeout(() => discard(connection), idleMs).unref();
      idle.push(connection);
    },
    close() {
      closed = true;
      for (const connection of [...open]) discard(connection);
    },
  });
}

/** The seconds of an HTTP Retry-After header (seconds or a date), or undefined. */
function retryAfterSeconds(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/**
 * SMS through an HTTP gateway (`SMS_URL`): a JSON `{ to, text }` POST with the bearer `SMS_TOKEN`; any
 * 2xx is accepted. A 4xx refuses the message for good, except those that speak of the gateway or of
 * our account (401, 403, 408, 429: the gateway's fault until someone mends it); a 5xx, no answer or a
 * closed socket is the gateway's too.
 */
export function httpSmsTransport(
  url: string,
  token: string | undefined,
  options: { deadlineMs?: number } = {},
): SmsTransport {
  const deadlineMs = options.deadlineMs ?? sendDeadlineMs;
  return traced('sms', {
    async send(message) {
      const abort = new AbortController();
      const post = async () => {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'idempotency-key': message.key,
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ to: message.to, text: message.text }),
          signal: abort.signal,
        });
        const body = (await response.text()).slice(0, 300);
        return { status: response.status, body, retryAfter: response.headers.get('retry-after') };
      };
      let answer: Awaited<ReturnType<typeof post>>;
      try {
        answer = await withDeadline(post(), deadlineMs, 'The SMS gateway', () => abort.abort());
      } catch (error) {
        if (error instanceof DeliveryError) throw error;
        const cause = (error as { cause?: { message?: string } }).cause?.message;
        const reason = `SMS gateway unreachable: ${(error as Error).message}${cause ? ` (${cause})` : ''}`;
        throw new DeliveryError(reason, { transport: true });
      }
      if (answer.status >= 200 && answer.status < 300) return;
      const reason = `SMS gateway answered ${answer.status} ${answer.body}`.trim();
      const ofGateway = answer.status >= 500 || [401, 403, 408, 429].includes(answer.status);
      if (!ofGateway) throw new DeliveryError(reason, { permanent: answer.status >= 400 });
      throw new DeliveryError(reason, {
        transport: true,
        retryAfterSeconds: answer.status === 429 ? retryAfterSeconds(answer.retryAfter) : undefined,
      });
    },
  });
}

/** A transport whose every send is a span (`smtp.send`, `sms.send`): its outcome, never its recipient. */
function traced<T extends { send(message: never): Promise<void> }>(system: 'smtp' | 'sms', transport: T): T {
  const send = transport.send.bind(transport) as (message: unknown) => Promise<void>;
  return {
    ...transport,
    send: (message: unknown) =>
      inSpan(`${system}.send`, { 'messaging.system': system }, async (span) => {
        try {
          await send(message);
        } catch (error) {
          if (error instanceof DeliveryError)
            span.setAttribute(
              'delivery.fault',
              error.transport ? 'transport' : error.permanent ? 'permanent' : 'message',
            );
          throw error;
        }
      }),
  };
}
