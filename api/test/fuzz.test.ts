import { createHmac } from 'node:crypto';
import { translateMessage } from '@genodesk/contract';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from './test-app.js';

/**
 * Every operation of the OpenAPI document, fed malformed input as the demo administrator (who holds
 * every permission, so the input reaches validation and the services): bad input is the caller's
 * fault and must never answer 5xx; a body that is not an object is a 400 saying so.
 */

type Parameter = {
  in: 'query' | 'path' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: { type?: string; enum?: unknown[]; format?: string; default?: unknown };
};
type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  jsonBody: boolean;
  bodyIsObject: boolean;
  bodyProperties: string[];
};
type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: {
          content?: Record<string, { schema?: { type?: string; properties?: Record<string, unknown> } }>;
        };
      }
    >
  >;
};

const nonObjectBodies: unknown[] = [null, [], [1], 'x', 1, true];

const badValues = [
  '',
  'x'.repeat(10_000),
  '-1',
  '0',
  '99999999999999999999',
  'abc',
  "1' OR '1'='1",
  // Sent encoded, so the server receives the three characters…
  '%00',
  // …and the NUL character itself, which PostgreSQL text cannot hold.
  '\u0000',
  '../../etc/passwd',
  '<script>',
  '1e309',
  'NaN',
  '2026-13-45',
  // A day Date.parse takes and PostgreSQL refuses.
  '2026-02-30',
];

// The payment gateway's webhook signs instead of signing in: signed bodies reach its validation.
const webhookSecret = 'fuzz-webhook-secret';
const sign = (payload: string) => createHmac('sha256', webhookSecret).update(payload).digest('hex');

let t: TestApp;
let headers: Record<string, string>;
let operations: Operation[];

beforeAll(async () => {
  t = await testApp({ paymentWebhookSecret: webhookSecret });
  headers = await t.authAs(demo.admin);
  const document = t.app.swagger() as unknown as OpenApi;
  operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => {
      const json = op.requestBody?.content?.['application/json'];
      return {
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        jsonBody: json !== undefined,
        bodyIsObject: json?.schema?.type === 'object',
        bodyProperties: Object.keys(json?.schema?.properties ?? {}),
      };
    }),
  );
});
afterAll(() => t.close());

/** A value the parameter accepts, for the parameters not under test, so the one under test is reached. */
function plausible(parameter: Parameter): string {
  const schema = parameter.schema ?? {};
  if (schema.enum?.length) return String(schema.enum[0]);
  if (schema.default !== undefined) return String(schema.default);
  if (schema.type === 'integer' || schema.type === 'number') return '1';
  if (schema.type === 'boolean') return 'true';
  return 'x';
}

function urlOf(operation: Operation, values: Record<string, string>) {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? '1'),
  );
  const query = operation.parameters
    .filter((p) => p.in === 'query' && p.name in values)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(values[p.name] ?? '')}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

const shorten = (text: string) =>
  text.length > 120 ? `${text.slice(0, 100)}… (${text.length} chars)` : text;

function describeFailure(request: InjectOptions, input: string, response: LightMyRequestResponse) {
  return `${request.method} ${shorten(String(request.url))} [${shorten(input)}] → ${response.statusCode} ${shorten(response.body)}`;
}

/** One digest per table of the application's schema: equal digests, unchanged data. */
async function tableDigests() {
  const tables = await t.db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables.rows) {
    // Signing in writes its session; that is not a change made by the fuzzed requests.
    if (name === 'sessions' || name === 'refresh_tokens' || name === 'login_failures') continue;
    const result = await t.db.execute<{ digest: string | null }>(
      sql`select md5(string_agg(row_data::text, ',' order by row_data::text)) as digest from ${sql.identifier(name)} as row_data`,
    );
    digests[name] = result.rows[0]?.digest ?? '';
  }
  return digests;
}

describe('malformed input to every operation', () => {
  it('the document lists the operations', () => {
    expect(operations.length).toBeGreaterThan(80);
    expect(operations.filter((o) => o.jsonBody).length).toBeGreaterThan(30);
    expect(operations.filter((o) => o.parameters.length).length).toBeGreaterThan(40);
  });

  it('a body that is not an object answers 400 saying so, and changes nothing', async () => {
    const before = await tableDigests();
    const failures: string[] = [];
    const message = translateMessage('bodyNotObject', 'cs');
    for (const operation of operations.filter((o) => o.jsonBody)) {
      for (const body of nonObjectBodies) {
        const payload = JSON.stringify(body);
        const request: InjectOptions = {
          method: operation.method as 'POST',
          url: urlOf(operation, {}),
          headers: { ...headers, 'content-type': 'application/json', 'x-signature': sign(payload) },
          payload,
        };
        const response = await t.app.inject(request);
        const answer = response.json() as { error?: { message?: string } };
        const expected = operation.bodyIsObject
          ? response.statusCode === 400 && answer.error?.message === message
          : response.statusCode >= 400 && response.statusCode < 500;
        if (!expected) failures.push(describeFailure(request, JSON.stringify(body), response));
      }
    }
    expect(failures).toEqual([]);
    expect(await tableDigests()).toEqual(before);
  });

  it('bad values of every body field never answer 5xx', async () => {
    // Also a lone UTF-16 surrogate (JSON's "\ud800"; no URL can carry it), which jsonb refuses.
    const fieldValues: unknown[] = [null, [], {}, [null], -1, 1e20, 1e308, true, 'x\ud800', ...badValues];
    const failures: string[] = [];
    const withFields = operations.filter((o) => o.bodyProperties.length);
    expect(withFields.length).toBeGreaterThan(30);
    for (const operation of withFields) {
      for (const value of fieldValues) {
        const payload = JSON.stringify(
          Object.fromEntries(operation.bodyProperties.map((name) => [name, value])),
        );
        const request: InjectOptions = {
          method: operation.method as 'POST',
          url: urlOf(operation, {}),
          headers: { ...headers, 'content-type': 'application/json', 'x-signature': sign(payload) },
          payload,
        };
        const response = await t.app.inject(request);
        if (response.statusCode >= 500)
          failures.push(describeFailure(request, `every field ${payload.slice(0, 60)}`, response));
      }
    }
    expect(failures).toEqual([]);
  });

  it('bad query and path values never answer 5xx', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const operation of operations) {
      const parameters = operation.parameters.filter((p) => p.in === 'query' || p.in === 'path');
      const others = Object.fromEntries(
        parameters.filter((p) => p.required).map((p) => [p.name, plausible(p)]),
      );
      for (const parameter of parameters) {
        for (const value of badValues) {
          const request: InjectOptions = {
            method: operation.method as 'GET',
            url: urlOf(operation, { ...others, [parameter.name]: value }),
            headers,
          };
          const input = `${parameter.name}=${JSON.stringify(value)}`;
          sent++;
          try {
            const response = await t.app.inject(request);
            if (response.statusCode >= 500) failures.push(describeFailure(request, input, response));
          } catch (error) {
            // A streamed reply that fails half-way is destroyed rather than answered.
            failures.push(`${request.method} ${shorten(String(request.url))} [${shorten(input)}] → ${error}`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  });
});
