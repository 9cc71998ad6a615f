import net from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

export type ReceivedMail = { to: string[]; messageId: string; subject: string; data: string };

/** Where a faulty server stops answering: before its greeting, at MAIL FROM, at RCPT TO, after DATA. */
export type Hang = 'greeting' | 'mail' | 'rcpt' | 'data';

export type SmtpServerOptions = {
  /** A port of 127.0.0.1 (one a client already tries, to end a "connection refused"); a free one if unset. */
  port?: number;
  /** An SMTP error code for a recipient (421 "service not available", 451 "try again later", 550 "no such mailbox"). */
  refuse?: (to: string) => number | undefined;
  /** Where to stop answering, for this session (and its recipient, from RCPT TO on); the session then hangs. */
  hang?: (to?: string) => Hang | undefined;
  /** Closes the connection in the middle of the message's DATA. */
  drop?: () => boolean;
  /** Slows each accepted message, like a busy server. */
  delayMs?: number;
};

/**
 * A real SMTP server for tests, on 127.0.0.1, that can be as faulty as servers are: refuse, hang at
 * each step, drop the connection in the middle of DATA, answer slowly. A message counts as received
 * once the server has answered 250 to it; each is kept with its Message-ID.
 */
export async function startSmtpServer(options: SmtpServerOptions = {}) {
  const received: ReceivedMail[] = [];
  /** Sessions left hanging, and how many were: a hung client is never answered. */
  let hung = 0;
  const hangHere = (where: Hang, session: SMTPServerSession, to?: string) => {
    if (options.hang?.(to ?? session.envelope?.rcptTo?.[0]?.address) !== where) return false;
    hung += 1;
    return true;
  };
  const server: SMTPServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Hung clients are cut when the test closes the server, not half a minute later.
    closeTimeout: 100,
    onConnect(session, callback) {
      if (!hangHere('greeting', session)) callback();
    },
    onMailFrom(_address, session, callback) {
      if (!hangHere('mail', session)) callback();
    },
    onRcptTo(address, session, callback) {
      if (hangHere('rcpt', session, address.address)) return;
      const code = options.refuse?.(address.address);
      if (!code) return callback();
      const error = Object.assign(new Error(`refused by the test server (${code})`), { responseCode: code });
      callback(error);
    },
    onData(stream, session, callback) {
      let data = '';
      let dropped = false;
      stream.on('data', (chunk) => {
        data += chunk.toString();
        if (!dropped && options.drop?.()) {
          dropped = true;
          for (const connection of (server as unknown as { connections: Set<ConnectionInternals> })
            .connections)
            if (connection.session?.id === session.id) connection._socket.destroy();
        }
      });
      stream.on('end', () => {
        if (dropped || hangHere('data', session)) return;
        const finish = () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            messageId: /^Message-ID:\s*(.+)$/im.exec(data)?.[1]?.trim() ?? '',
            subject: /^Subject:\s*(.+)$/im.exec(data)?.[1]?.trim() ?? '',
            data,
          });
          callback();
        };
        if (options.delayMs) setTimeout(finish, options.delayMs);
        else finish();
      });
    },
  });
  // A client that gives up on a hung session, or is killed mid-session, resets its connection: expected.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** How many sessions the server left hanging. */
    hung: () => hung,
    /** How many times each Message-ID was received. */
    countsByMessageId() {
      const counts = new Map<string, number>();
      for (const mail of received) counts.set(mail.messageId, (counts.get(mail.messageId) ?? 0) + 1);
      return counts;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type ConnectionInternals = { session?: { id: string }; _socket: { destroy(): void } };

/** A port of 127.0.0.1 where nothing listens (yet): connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
