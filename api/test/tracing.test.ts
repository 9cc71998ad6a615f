import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded.js';
import { scrubbed, tracingWanted, withoutSource } from '../src/observability/tracing.js';
import { demoPassword } from '../src/seed/demo.js';
import { type AppProcess, killGroup, startProcess, waitFor, waitForHealth } from './processes.js';
import { resultsFile, samplesAwaitingResults } from './results-plate.js';
import { demo, type TestApp, testApp } from './test-app.js';

/** A span as OTLP/JSON carries it, its attributes flattened. */
type Span = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
};
type OtlpValue = {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  arrayValue?: { values: OtlpValue[] };
};
const otlpValue = (value: OtlpValue): unknown =>
  value.arrayValue
    ? value.arrayValue.values.map(otlpValue)
    : (value.stringValue ?? value.intValue ?? value.boolValue);

/** An OTLP/HTTP receiver on the loopback (the JSON encoding), keeping every span it is sent. */
async function otlpReceiver() {
  const spans: Span[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const message = JSON.parse(body) as {
          resourceSpans: {
            scopeSpans: {
              spans: (Omit<Span, 'attributes'> & { attributes?: { key: string; value: OtlpValue }[] })[];
            }[];
          }[];
        };
        for (const resource of message.resourceSpans)
          for (const scope of resource.scopeSpans)
            for (const span of scope.spans)
              spans.push({
                ...span,
                attributes: Object.fromEntries(
                  (span.attributes ?? []).map((a) => [a.key, otlpValue(a.value)]),
                ),
              });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    spans,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => server.close(),
  };
}

let t: TestApp;
let receiver: Awaited<ReturnType<typeof otlpReceiver>>;
let app: AppProcess | undefined;
beforeAll(async () => {
  t = await testApp();
  receiver = await otlpReceiver();
});
afterAll(async () => {
  if (app) killGroup(app);
  receiver.close();
  await t.close();
});

describe('traces (issue 39)', () => {
  it('are off unless the OTEL variables ask for them', () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_SERVICE_NAME: 'genodesk' })).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(
      true,
    );
    expect(
      tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'none' }),
    ).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' })).toBe(
      false,
    );
    expect(
      scrubbed({
        'http.target': '/api/admin/customers?search=Nov%C3%A1k',
        'client.address': '10.0.0.7',
        'http.method': 'GET',
      }),
    ).toEqual({ 'http.target': '/api/admin/customers', 'http.method': 'GET' });
    expect(withoutSource('onRequest - async scope=>{scope.post("/api/x",{handler:()=>{}})}')).toBe(
      'onRequest - anonymous plugin',
    );
    expect(withoutSource('POST /api/admin/results/upload')).toBe('POST /api/admin/results/upload');
    expect(withoutSource('onRequest - fastify -> @fastify/otel')).toBe(
      'onRequest - fastify -> @fastify/otel',
    );
    expect(withoutSource('async scope=>{scope.get("/a",{})} - preHandler')).toBe(
      'anonymous plugin - preHandler',
    );
  });

  it('follow a request that queues a job into one trace: the HTTP span, its queries and the job run', async () => {
    const port = await freePort();
    app = startProcess('main', {
      PORT: String(port),
      DATABASE_URL: t.url,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      SEALING_KEY: randomBytes(32).toString('base64url'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: '0',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'genodesk-test',
      OTEL_BSP_SCHEDULE_DELAY: '200',
    });
    await waitForHealth(app, port, 60_000);
    const api = `http://127.0.0.1:${port}/api`;
    const signIn = await fetch(`${api}/auth/adminLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demo.lab, password: demoPassword }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const codes = await samplesAwaitingResults(t.db.$client, 2);
    const upload = await fetch(`${api}/admin/results/upload?FileName=deska.csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: resultsFile(codes, 3),
    });
    expect(upload.status).toBe(202);
    // The answer names the request by its trace.
    const traceId = upload.headers.get('x-request-id') ?? '';
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);

    const inTrace = () => receiver.spans.filter((span) => span.traceId === traceId);
    const job = await waitFor(
      'the job run in the request’s trace',
      async () => inTrace().find((span) => span.name === 'job process-results-upload'),
      60_000,
    );
    const spans = inTrace();
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const ancestors = (span: Span): Span[] => {
      const parent = span.parentSpanId ? byId.get(span.parentSpanId) : undefined;
      return parent ? [parent, ...ancestors(parent)] : [];
    };
    // The HTTP server span is the trace's root.
    const server = spans.find((span) => span.kind === 2 && !span.parentSpanId);
    expect(server).toBeDefined();
    // The request's own queries hang under it (through Fastify's route span).
    const queries = spans.filter((span) => span.name.startsWith('pg.query'));
    expect(queries.every((span) => typeof span.attributes['db.query.text'] === 'string')).toBe(true);
    const requestQueries = queries.filter((span) => {
      const above = ancestors(span);
      return above.includes(server!) && !above.includes(job);
    });
    expect(requestQueries.length).toBeGreaterThan(0);
    // The job's run is in the same trace, its queries under it, with its queue, id, attempt and outcome.
    expect(ancestors(job).map((span) => span.spanId)).toContain(server!.spanId);
    expect(queries.some((span) => ancestors(span).includes(job))).toBe(true);
    expect(job.attributes).toMatchObject({
      'messaging.destination.name': 'process-results-upload',
      'job.attempt': 1,
      'job.outcome': 'completed',
    });
    expect(job.attributes['job.ids']).toHaveLength(1);
    // Reading the lab file has its span too.
    expect(spans.some((span) => span.name === 'lab_file.read' && ancestors(span).includes(job))).toBe(true);

    // Nothing personal: no query string, no client address; queries by their text, never their values.
    const naming = (needle: string) =>
      spans.filter((span) => JSON.stringify([span.name, span.attributes]).includes(needle));
    expect(naming('FileName')).toEqual([]);
    // No plugin's source code (Fastify names anonymous plugins by it).
    expect(
      spans.filter((span) => `${span.name} ${span.attributes['hook.name'] ?? ''}`.includes('=>')),
    ).toEqual([]);
    const text = JSON.stringify(spans);
    for (const span of spans)
      for (const key of [
        'client.address',
        'net.peer.ip',
        'http.client_ip',
        'http.user_agent',
        'user_agent.original',
      ])
        expect(span.attributes).not.toHaveProperty([key]);
    expect(text).not.toContain(codes[0]!);
    expect(text).not.toContain(demo.lab);
  }, 120_000);
});
