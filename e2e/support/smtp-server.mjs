// The mail server of an end-to-end run: a real SMTP server on the loopback that takes every message,
// except those to a domain a test told it to refuse (550, a permanent refusal), and a small HTTP control
// port: GET /messages (what it received), POST /refuse?domain=…, POST /accept?domain=…, and POST /down,
// POST /up (the server stops listening, connections are refused, and comes back).
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.E2E_SMTP_PORT);
const controlPort = Number(process.env.E2E_SMTP_CONTROL_PORT);
const refused = new Set();
const received = [];

const domainOf = (address) => address.split('@').pop()?.toLowerCase() ?? '';

/** A header's text: folded lines joined, RFC 2047 encoded words (=?UTF-8?Q?…?=, =?UTF-8?B?…?=) decoded. */
function headerOf(message, name) {
  const head = message.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const raw = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  return raw
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_word, encoding, text) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9a-f]{2})/gi, (_hex, byte) => String.fromCharCode(Number.parseInt(byte, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

const options = {
  authOptional: true,
  // Down means down: open connections are cut at once, not half a minute later.
  closeTimeout: 100,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (!refused.has(domainOf(address.address))) return callback();
    callback(Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 }));
  },
  onData(stream, session, callback) {
    let data = '';
    stream.on('data', (chunk) => {
      data += chunk.toString();
    });
    stream.on('end', () => {
      received.push({
        messageId: headerOf(data, 'Message-ID'),
        to: session.envelope.rcptTo.map((r) => r.address),
        subject: headerOf(data, 'Subject'),
      });
      callback();
    });
  },
};

let smtp = null;
function up() {
  if (smtp) return;
  smtp = new SMTPServer(options);
  smtp.listen(smtpPort, '127.0.0.1');
}
function down() {
  if (!smtp) return;
  const closing = smtp;
  smtp = null;
  closing.close();
}
up();

http
  .createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const domain = url.searchParams.get('domain')?.toLowerCase() ?? '';
    if (request.method === 'POST' && url.pathname === '/refuse') refused.add(domain);
    else if (request.method === 'POST' && url.pathname === '/accept') refused.delete(domain);
    else if (request.method === 'POST' && url.pathname === '/down') down();
    else if (request.method === 'POST' && url.pathname === '/up') up();
    else if (!(request.method === 'GET' && url.pathname === '/messages')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
  })
  .listen(controlPort, '127.0.0.1');
