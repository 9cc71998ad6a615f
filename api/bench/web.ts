import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CDPSession, chromium } from 'playwright-core';
import { startBenchServer } from './bench-server.js';

/**
 * `npm run bench` (fourth part): what a browser with an empty cache transfers to show /login, in
 * Debian's Chromium against the built app served by the real server — JavaScript, CSS and
 * everything, per file — against the budget (JavaScript ≤ 150 kB as transferred). The first load
 * ends where the app, the sign-in screen drawn and the browser idle, starts fetching the shell for
 * after the sign-in (the `genodesk:shell-prefetch` mark of web/src/app/router.tsx): what is asked
 * for after it is printed apart. Then which chunks the dashboard after sign-in and the customers
 * list opened from the menu load, to show that each screen's chunk comes only when it is opened.
 * Sizes are as transferred (compressed, with headers: CDP's `encodedDataLength`); kB = 1,000
 * bytes. Builds web/dist first unless BENCH_SKIP_BUILD=1. Prints figures; asserts nothing.
 */
const jsBudget = 150_000;
const shellPrefetchMark = 'genodesk:shell-prefetch';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type Transfer = {
  url: string;
  type: string;
  encoding: string;
  /** On the wire: status line, headers and (compressed) body — CDP's `encodedDataLength`. */
  transferred: number;
  headers: number;
  decoded: number;
};

/**
 * Every response the page receives while `action` runs and until nothing has been in flight for
 * half a second (Playwright's `networkidle` does not wait again after a client-side navigation).
 */
async function recordTransfers(cdp: CDPSession, action: () => Promise<void>): Promise<Transfer[]> {
  const inFlight = new Set<string>();
  const pending = new Map<string, Transfer>();
  const done: Transfer[] = [];
  let lastActivity = Date.now();
  const onRequest = (event: { requestId: string }) => {
    inFlight.add(event.requestId);
    lastActivity = Date.now();
  };
  const onResponse = (event: {
    requestId: string;
    type: string;
    response: { url: string; headers: Record<string, string>; encodedDataLength: number };
  }) => {
    const encoding = Object.entries(event.response.headers).find(
      ([name]) => name.toLowerCase() === 'content-encoding',
    )?.[1];
    pending.set(event.requestId, {
      url: event.response.url,
      type: event.type,
      encoding: encoding ?? 'identity',
      transferred: 0,
      headers: event.response.encodedDataLength,
      decoded: 0,
    });
  };
  const onData = (event: { requestId: string; dataLength: number }) => {
    const transfer = pending.get(event.requestId);
    if (transfer) transfer.decoded += event.dataLength;
  };
  const onFinished = (event: { requestId: string; encodedDataLength: number }) => {
    inFlight.delete(event.requestId);
    lastActivity = Date.now();
    const transfer = pending.get(event.requestId);
    if (!transfer) return;
    pending.delete(event.requestId);
    // Images inlined in the CSS as data: URLs cross no wire.
    if (transfer.url.startsWith('data:')) return;
    transfer.transferred = event.encodedDataLength;
    done.push(transfer);
  };
  const onFailed = (event: { requestId: string }) => {
    inFlight.delete(event.requestId);
    lastActivity = Date.now();
  };
  cdp.on('Network.requestWillBeSent', onRequest);
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.dataReceived', onData);
  cdp.on('Network.loadingFinished', onFinished);
  cdp.on('Network.loadingFailed', onFailed);
  try {
    await action();
    while (inFlight.size > 0 || Date.now() - lastActivity < 500) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    cdp.off('Network.requestWillBeSent', onRequest);
    cdp.off('Network.responseReceived', onResponse);
    cdp.off('Network.dataReceived', onData);
    cdp.off('Network.loadingFinished', onFinished);
    cdp.off('Network.loadingFailed', onFailed);
  }
  return done;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const total = (transfers: Transfer[], field: 'transferred' | 'headers' | 'decoded', type?: string) =>
  transfers.filter((t) => !type || t.type === type).reduce((n, t) => n + t[field], 0);
const sum = (transfers: Transfer[], type?: string) => total(transfers, 'transferred', type);
/** Transferred (bodies + headers; decoded) — HTTP/2 would send the repeated headers in a few bytes. */
const describe = (transfers: Transfer[], type?: string) => {
  const transferred = total(transfers, 'transferred', type);
  const headers = total(transfers, 'headers', type);
  return `${kB(transferred)} (bodies ${kB(transferred - headers)} + headers ${kB(headers)}; decoded ${kB(total(transfers, 'decoded', type))})`;
};
const fileName = (url: string) => new URL(url).pathname;

function printFiles(transfers: Transfer[]) {
  for (const t of [...transfers].sort((a, b) => b.transferred - a.transferred)) {
    console.info(
      `    ${kB(t.transferred).padStart(9)} ${`(${kB(t.decoded)})`.padStart(11)} ${t.encoding.padEnd(8)} ${t.type.padEnd(10)} ${fileName(t.url)}`,
    );
  }
}

async function coldLogin(origin: string, acceptEncoding?: string) {
  // The flags of e2e/playwright.config.ts: the same browser the end-to-end specs drive.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  const context = await browser.newContext({ locale: 'cs-CZ' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (acceptEncoding)
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': acceptEncoding } });
  const transfers = await recordTransfers(cdp, async () => {
    await page.goto(`${origin}/login`);
    await page.getByTestId('login-page').waitFor();
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, shellPrefetchMark);
  });
  // Split at the mark by the page's own clock: Resource Timing tells when each file was asked for.
  const { mark, started } = await page.evaluate((name) => {
    const startTimes: Record<string, number> = {};
    for (const entry of performance.getEntriesByType('resource')) startTimes[entry.name] = entry.startTime;
    return { mark: performance.getEntriesByName(name)[0]?.startTime ?? Infinity, started: startTimes };
  }, shellPrefetchMark);
  const afterMark = (t: Transfer) => (started[t.url] ?? -1) >= mark;
  const login = transfers.filter((t) => !afterMark(t));
  const prefetch = transfers.filter(afterMark);
  return { browser, page, cdp, login, prefetch };
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'ignore' });
  }
  if (!existsSync(path.join(repoRoot, 'web', 'dist', 'index.html'))) {
    throw new Error('web/dist has no build: run `npm run build`');
  }
  const { app, stop } = await startBenchServer('web');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const { browser, page, cdp, login, prefetch } = await coldLogin(origin);
  const js = sum(login, 'Script');
  console.info(
    'cold /login (empty cache), until the sign-in screen is drawn and the browser idle, as transferred by Chromium over HTTP/1.1:',
  );
  console.info(
    `  JavaScript ${describe(login, 'Script')} in ${login.filter((t) => t.type === 'Script').length} files — budget ≤ ${kB(jsBudget)}: ${js <= jsBudget ? 'within' : 'OVER'}`,
  );
  console.info(`  CSS        ${describe(login, 'Stylesheet')}`);
  console.info(`  total      ${describe(login)} in ${login.length} responses`);
  console.info('  per file: transferred (decoded), encoding, type:');
  printFiles(login);
  console.info(
    `then, idle, the shell is fetched for after the sign-in: ${prefetch.length} files, JavaScript ${describe(prefetch, 'Script')}, CSS ${describe(prefetch, 'Stylesheet')}:`,
  );
  printFiles(prefetch);

  const dashboard = await recordTransfers(cdp, async () => {
    await page.getByTestId('login-email').fill('admin@genodesk.test');
    await page.getByTestId('login-password').fill('genodesk');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('dashboard-greeting').waitFor();
  });
  const customers = await recordTransfers(cdp, async () => {
    await page.getByTestId('nav-customers').click();
    await page.waitForURL('**/customers');
  });
  for (const [title, transfers] of [
    ['signing in, the dashboard loads', dashboard],
    ['then, from the menu, the customers list loads', customers],
  ] as const) {
    const chunks = transfers.filter((t) => t.type === 'Script' || t.type === 'Stylesheet');
    console.info(
      `${title} ${chunks.length} chunks, ${kB(sum(chunks))}, and ${transfers.length - chunks.length} API answers, ${kB(sum(transfers) - sum(chunks))}:`,
    );
    printFiles(transfers);
  }
  await browser.close();

  // The architecture brief states the budget in gzip; a browser without brotli gets this.
  const gzip = await coldLogin(origin, 'gzip');
  console.info('cold /login with Accept-Encoding: gzip only, until idle:');
  console.info(`  JavaScript ${describe(gzip.login, 'Script')}`);
  console.info(`  CSS        ${describe(gzip.login, 'Stylesheet')}`);
  console.info(`  then the shell: JavaScript ${describe(gzip.prefetch, 'Script')}`);
  await gzip.browser.close();
  await stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
