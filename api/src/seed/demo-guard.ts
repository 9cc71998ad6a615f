import { BlockList, isIP } from 'node:net';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { demoPassword } from './demo.js';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/**
 * Whether `host` is reachable from this machine only. A name other than `localhost` counts as public:
 * what it resolves to is not ours to trust.
 */
export function isLoopbackHost(host: string): boolean {
  const address = host.trim().replace(/^\[(.*)\]$/, '$1');
  if (address.toLowerCase() === 'localhost') return true;
  const family = isIP(address);
  return family !== 0 && loopback.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Why the server must not listen on `host`, or undefined when it may: an active user still signs in
 * with the demo seed's password, which anyone can read in the README, and the address is not this
 * machine's alone — or a proxy is configured (`TRUST_PROXY`, `PUBLIC_URL`), which publishes even a
 * loopback address.
 */
export async function demoPasswordRefusal(
  db: Executor,
  host: string,
  behindProxy = false,
): Promise<string | undefined> {
  if (isLoopbackHost(host) && !behindProxy) return undefined;
  const exposed = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.demoPassword, true), eq(users.isUserLoginActive, true)))
    .orderBy(asc(users.email));
  if (exposed.length === 0) return undefined;
  const shown = exposed.slice(0, 10).map((u) => `  ${u.email}`);
  if (exposed.length > shown.length) shown.push(`  … and ${exposed.length - shown.length} more`);
  return [
    `GenoDesk will not listen on ${host}${behindProxy ? ' behind a proxy (TRUST_PROXY or PUBLIC_URL is set)' : ''}: these users still have the demo password "${demoPassword}",`,
    'which is published, so anyone who reaches this address could sign in as them:',
    ...shown,
    'To fix it, do one of these:',
    '  - start with HOST=127.0.0.1 (the default), sign in at http://localhost:<PORT> on this machine and',
    '    change those passwords (a user changes their own on the profile page; an administrator resets',
    "    another's), or deactivate or delete those users.",
    'See docs/operations.md, "Listening address".',
  ].join('\n');
}
