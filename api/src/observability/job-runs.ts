import { context, type Link, propagation, SpanKind, trace } from '@opentelemetry/api';
import { jobRunDuration } from './metrics.js';
import { errorKind, markFailed, tracer } from './spans.js';

/** The field of a job's data that carries the W3C trace context of whatever queued it. */
export const traceField = '_trace';

/**
 * `data` with the trace context of the span active now (the request that queues the job), so the
 * job's run joins that trace. Without tracing there is no context, and `data` is left as it is.
 */
export function withTraceContext<T extends object>(data: T): T {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? { ...data, [traceField]: carrier } : data;
}

/** What a run needs of a pg-boss job (`retryCount` comes with `includeMetadata`). */
export type RunJob = { id: string; data?: unknown; retryCount?: number };

const contextOf = (job: RunJob | undefined) => {
  const carrier = (job?.data as Record<string, unknown> | undefined)?.[traceField];
  return carrier && typeof carrier === 'object'
    ? propagation.extract(context.active(), carrier as Record<string, string>)
    : undefined;
};

/**
 * One run of a queue's handler over a batch of jobs: timed by outcome
 * (`genodesk_job_run_duration_seconds`) and traced as a `job <queue>` span, the child of the request
 * that queued its first job (the others linked), with the queue, the job ids and the attempt (ids and
 * counts only: a job's data is never copied into the span).
 */
export async function observedRun<T>(queue: string, jobs: RunJob[], run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  let outcome = 'failed';
  const [first, ...rest] = jobs;
  const parent = contextOf(first) ?? context.active();
  const links: Link[] = rest.flatMap((job) => {
    const linked = contextOf(job);
    const spanContext = linked ? trace.getSpanContext(linked) : undefined;
    return spanContext ? [{ context: spanContext }] : [];
  });
  try {
    return await tracer.startActiveSpan(
      `job ${queue}`,
      {
        kind: SpanKind.CONSUMER,
        links,
        attributes: {
          'messaging.system': 'pg-boss',
          'messaging.destination.name': queue,
          'messaging.batch.message_count': jobs.length,
          'job.ids': jobs.map((job) => job.id),
          ...(first?.retryCount !== undefined ? { 'job.attempt': first.retryCount + 1 } : {}),
        },
      },
      parent,
      async (span) => {
        try {
          const result = await run();
          outcome = 'completed';
          span.setAttribute('job.outcome', outcome);
          return result;
        } catch (error) {
          markFailed(span, error);
          span.setAttribute('job.outcome', 'failed');
          span.setAttribute('job.error', errorKind(error));
          throw error;
        } finally {
          span.end();
        }
      },
    );
  } finally {
    jobRunDuration.observe({ queue, outcome }, (performance.now() - started) / 1000);
  }
}
