import Fastify from 'fastify';

/** What a faulty gateway does with a request instead of accepting it. */
export type GatewayFault =
  | { status: number; retryAfter?: string }
  | 'hang'
  /** Closes the socket without an answer. */
  | 'close';

/**
 * A real HTTP SMS gateway for tests (a Fastify app on 127.0.0.1): answers 202 to a JSON `{ to, text }`
 * POST with the bearer token, or does what `fault` says. Counts the SMS it accepted by Idempotency-Key.
 */
export async function startSmsGateway(options: { token: string; fault?: () => GatewayFault | undefined }) {
  const accepted: { key: string; to: string; text: string }[] = [];
  const app = Fastify({ forceCloseConnections: true });
  app.post<{ Body: { to: string; text: string } }>('/sms', async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${options.token}`) return reply.code(401).send('no');
    const fault = options.fault?.();
    if (fault === 'hang') return new Promise(() => {});
    if (fault === 'close') {
      request.raw.socket.destroy();
      return reply.hijack();
    }
    if (fault) {
      if (fault.retryAfter) reply.header('retry-after', fault.retryAfter);
      return reply.code(fault.status).send({ error: `test gateway fault ${fault.status}` });
    }
    accepted.push({ key: String(request.headers['idempotency-key']), ...request.body });
    return reply.code(202).send({ id: accepted.length });
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `${address}/sms`,
    accepted,
    countsByKey() {
      const counts = new Map<string, number>();
      for (const sms of accepted) counts.set(sms.key, (counts.get(sms.key) ?? 0) + 1);
      return counts;
    },
    close: () => app.close(),
  };
}
