import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; messageId: string; subject: string; data: string };

/**
 * A real SMTP server for tests, on a free port of 127.0.0.1. `refuse` may answer an SMTP error code
 * for a recipient (e.g. 451 for "try again later", 550 for "no such mailbox"); `delayMs` slows each
 * accepted message, like a busy server.
 */
export async function startSmtpServer(
  options: { refuse?: (to: string) => number | undefined; delayMs?: number } = {},
) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = options.refuse?.(address.address);
      if (!code) return callback();
      const error = Object.assign(new Error(`refused by the test server (${code})`), { responseCode: code });
      callback(error);
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk) => {
        data += chunk.toString();
      });
      stream.on('end', () => {
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
  // A client killed mid-session (the delivery test kills workers) resets its connection: expected.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
