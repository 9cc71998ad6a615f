import { type Attributes, context, type Span, SpanStatusCode, trace } from '@opentelemetry/api';

/**
 * The application's own spans (issue 39). Without tracing configured (`observability/tracing.ts`)
 * the tracer is OpenTelemetry's no-op one: a span costs a function call.
 */
export const tracer = trace.getTracer('genodesk');

/**
 * Runs `work` inside a span named `name`. Attributes are ids and counts only, never personal data; a
 * failure is marked by its kind (`error.type`: an error's code or class), not its message, which may
 * quote values.
 */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      markFailed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Marks `span` failed with the kind of `error` (its code, else its class), never its message. */
export function markFailed(span: Span, error: unknown): void {
  span.setStatus({ code: SpanStatusCode.ERROR });
  span.setAttribute('error.type', errorKind(error));
}

export function errorKind(error: unknown): string {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  if (typeof code === 'string' && code) return code;
  return typeof name === 'string' && name ? name : 'Error';
}

/** The trace id of the span active now (the HTTP server's, while a request starts), when tracing runs. */
export function activeTraceId(): string | undefined {
  return trace.getSpanContext(context.active())?.traceId;
}
