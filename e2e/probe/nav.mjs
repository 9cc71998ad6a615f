import { chromium } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
const dir = `/tmp/probe-nav-${process.pid}`;
function cpu() { let t = 0; for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) { try { const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8'); if (!cmd.includes(dir)) continue; const st = readFileSync(`/proc/${p}/stat`, 'utf8'); const f = st.slice(st.lastIndexOf(')') + 2).split(' '); t += Number(f[11]) + Number(f[12]); } catch {} } return t / 100; }
const b = await chromium.launchPersistentContext(dir, { executablePath: '/usr/lib/chromium/chromium', args: ['--no-sandbox'], baseURL: 'http://localhost:3456' });
const page = b.pages()[0];
await page.goto('/login');
await page.getByTestId('login-email').fill('admin@genodesk.test');
await page.getByTestId('login-password').fill('genodesk');
await page.getByTestId('login-submit').click();
await page.getByTestId('dashboard-greeting').waitFor();
const taskTime = async () => cpu();
const paths = ['/customers', '/templates', '/finances/orders', '/reports', '/administration/users', '/'];
for (const mode of ['goto', 'push', 'goto', 'push']) {
  const t = await taskTime(); const w = Date.now();
  for (const p of paths) {
    if (mode === 'goto') await page.goto(p);
    else await page.evaluate((path) => { window.history.pushState(null, '', path); window.dispatchEvent(new PopStateEvent('popstate')); }, p);
    await page.waitForTimeout(300);
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => !document.querySelector('.mantine-Loader-root, .mantine-Skeleton-root'));
    await page.waitForTimeout(300);
  }
  console.log(mode, 'browser cpu s', ((await taskTime()) - t).toFixed(2), 'wall ms', Date.now() - w);
}
await b.close();
