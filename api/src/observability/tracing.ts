/**
 * OpenTelemetry traces (issue 39), off unless the standard variables ask for them: an OTLP endpoint
 * (`OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) or an exporter
 * (`OTEL_TRACES_EXPORTER` other than `none`), and not `OTEL_SDK_DISABLED=true`. Off, nothing of the SDK
 * is loaded and the application's spans (`spans.ts`) are OpenTelemetry's no-op ones.
 */
export function tracingWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED === 'true') return false;
  const exporters = env.OTEL_TRACES_EXPORTER?.split(',').map((name) => name.trim()) ?? [];
  if (exporters.length > 0 && exporters.every((name) => name === 'none' || name === '')) return false;
  return Boolean(
    env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || exporters.length > 0,
  );
}

/**
 * Attributes left out of every exported span: a URL's query string can hold a searched name or
 * e-mail, and a client's address and user agent are personal data; the path (ids only) stays.
 */
const droppedAttributes = new Set([
  'url.query',
  'client.address',
  'http.client_ip',
  'net.peer.ip',
  'net.sock.peer.addr',
  'network.peer.address',
  'http.user_agent',
  'user_agent.original',
]);
const queryBearing = new Set(['http.url', 'url.full', 'url.path', 'http.target']);

/** `attributes` without what `droppedAttributes` names, and URLs cut at their query string. */
export function scrubbed(attributes: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (droppedAttributes.has(key)) continue;
    if (typeof value !== 'string') kept[key] = value;
    else if (queryBearing.has(key)) kept[key] = value.split('?')[0];
    else kept[key] = key === 'hook.name' ? withoutSource(value) : value;
  }
  return kept;
}

type ExporterLike = {
  export(spans: object[], done: (result: unknown) => void): void;
  shutdown(): Promise<void>;
  forceFlush?(): Promise<void>;
};

/** The exporter the OTEL variables name: OTLP over HTTP (protobuf, the default, or JSON) or gRPC, or the console. */
async function exporterFromEnv(env: NodeJS.ProcessEnv): Promise<ExporterLike> {
  if (env.OTEL_TRACES_EXPORTER?.split(',').some((name) => name.trim() === 'console')) {
    const { ConsoleSpanExporter } = await import('@opentelemetry/sdk-trace-base');
    return new ConsoleSpanExporter() as unknown as ExporterLike;
  }
  const protocol =
    env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf';
  if (protocol === 'http/json') {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    return new OTLPTraceExporter() as unknown as ExporterLike;
  }
  if (protocol === 'grpc') {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-grpc');
    return new OTLPTraceExporter() as unknown as ExporterLike;
  }
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-proto');
  return new OTLPTraceExporter() as unknown as ExporterLike;
}

/**
 * A span's name or `hook.name` without the source code of an anonymous plugin, which Fastify names a
 * plugin by (`onRequest - async scope=>{…}` becomes `onRequest - anonymous plugin`).
 */
export function withoutSource(text: string): string {
  if (!/=>|\bfunction\b|[{}]/.test(text)) return text;
  const hookFirst = /^(\w+) - /.exec(text)?.[1];
  const hookLast = / - (\w+)$/.exec(text)?.[1];
  if (hookFirst) return `${hookFirst} - anonymous plugin`;
  return hookLast ? `anonymous plugin - ${hookLast}` : 'anonymous plugin';
}

/** Hands `exporter` each span with its attributes `scrubbed` and its name `withoutSource` (the span itself is left as it is). */
function scrubbing(exporter: ExporterLike): ExporterLike {
  return {
    export: (spans, done) =>
      exporter.export(
        spans.map((span) =>
          Object.create(span, {
            name: { value: withoutSource((span as { name: string }).name) },
            attributes: { value: scrubbed((span as { attributes: Record<string, unknown> }).attributes) },
          }),
        ),
        done,
      ),
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}

/**
 * Starts the SDK before the application's modules load (`register.ts`, through `--import`): an ESM
 * loader hook so `pg` and `node:http` are instrumented as they are imported; spans of the HTTP server,
 * Fastify (the route) and `pg` (a span per query: its text with placeholders, never its values);
 * exported in batches where the OTEL variables say. OpenTelemetry metrics and logs stay off unless
 * asked for: Prometheus and the JSON log cover them.
 */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<() => Promise<void>> {
  const { register } = await import('node:module');
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  env.OTEL_METRICS_EXPORTER ??= 'none';
  env.OTEL_LOGS_EXPORTER ??= 'none';
  env.OTEL_SERVICE_NAME ??= 'genodesk';
  const [{ NodeSDK }, { HttpInstrumentation }, { PgInstrumentation }, { FastifyOtelInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
      import('@fastify/otel'),
    ]);
  const sdk = new NodeSDK({
    traceExporter: scrubbing(await exporterFromEnv(env)) as never,
    instrumentations: [
      new HttpInstrumentation({
        // The probes and the scrape are noise in a trace store.
        ignoreIncomingRequestHook: (request) =>
          /^\/(api\/health|api\/metrics|metrics)\b/.test(request.url ?? ''),
      }),
      // Only queries inside a request or a job: not pg-boss's polling.
      new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
    ],
  });
  sdk.start();
  await waitForAllMessagesAcknowledged();
  stopSdk = () => sdk.shutdown();
  return stopSdk;
}

let stopSdk: (() => Promise<void>) | undefined;

/** Exports the spans still buffered and stops tracing (a shutdown step; nothing when tracing is off). */
export async function stopTracing(): Promise<void> {
  const stop = stopSdk;
  stopSdk = undefined;
  await stop?.();
}
