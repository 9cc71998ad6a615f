import net from 'node:net';
import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { OutboxAttachment } from '../../db/schema/index.js';

export type EmailTransport = {
  send(message: {
    to: string;
    subject: string;
    text: string;
    html?: string;
    /** The same on every attempt: the Message-ID's local part, so a repeat can be recognised. */
    messageKey: string;
    attachments: OutboxAttachment[];
  }): Promise<void>;
  close(): void;
};

export type SmsTransport = {
  /** `to` in E.164; `key` the same on every attempt (sent as the Idempotency-Key). */
  send(message: { to: string; text: string; key: string }): Promise<void>;
};

/**
 * nodemailer reads a URL's query as its options: a pool of connections and bounded waits, which keep
 * every send well inside the outbox lease (60 s), unless `SMTP_URL` says otherwise.
 */
function withDefaults(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const defaults = {
    pool: 'true',
    maxConnections: '4',
    connectionTimeout: '10000',
    greetingTimeout: '10000',
    socketTimeout: '30000',
  };
  for (const [name, value] of Object.entries(defaults))
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * The pool's connection to the server, with Nagle's algorithm off: a message ends with a few small
 * writes, each of which would otherwise wait for the server's delayed ACK (40 ms a message on Linux).
 */
function connectWithoutDelay(
  options: { host?: string; port?: number; connectionTimeout?: number },
  callback: (error: Error | null, socket?: { connection: net.Socket }) => void,
) {
  const socket = net.connect({ host: options.host, port: options.port ?? 25, noDelay: true });
  const timer = setTimeout(
    () => socket.destroy(new Error('Connection timeout')),
    options.connectionTimeout ?? 10_000,
  );
  socket.once('connect', () => {
    clearTimeout(timer);
    callback(null, { connection: socket });
  });
  socket.once('error', (error) => {
    clearTimeout(timer);
    callback(error);
  });
}

/** E-mail over SMTP (`SMTP_URL`) with a pool of connections, from `MAIL_FROM`. */
export function smtpTransport(smtpUrl: string, from: string): EmailTransport {
  const options = parseConnectionUrl(withDefaults(smtpUrl));
  const transport = nodemailer.createTransport({
    ...options,
    // Each message is a few small writes; with Nagle's algorithm each waits for the server's delayed
    // ACK (40 ms a message on Linux). TLS from the start (smtps) keeps nodemailer's own socket.
    ...(options.secure ? {} : { getSocket: connectWithoutDelay }),
  } as SMTPPool.Options);
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'genodesk.local';
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: `<${message.messageKey}@${domain}>`,
        attachments: message.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content, 'base64'),
          ...(a.cid ? { cid: a.cid } : {}),
        })),
      });
    },
    close: () => transport.close(),
  };
}

/** A refusal of the SMS gateway that a retry will not mend. */
class SmsRefused extends Error {
  readonly permanent = true;
}

/**
 * SMS through an HTTP gateway (`SMS_URL`): a JSON `{ to, text }` POST with the bearer `SMS_TOKEN`; any
 * 2xx is accepted. 4xx other than 408 and 429 is a refusal for good; the rest is retried.
 */
export function httpSmsTransport(url: string, token: string | undefined): SmsTransport {
  return {
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': message.key,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(30_000),
      });
      if (response.ok) return;
      const reason = `SMS gateway answered ${response.status} ${(await response.text()).slice(0, 300)}`;
      if (
        response.status >= 400 &&
        response.status < 500 &&
        response.status !== 408 &&
        response.status !== 429
      )
        throw new SmsRefused(reason);
      throw new Error(reason);
    },
  };
}
