import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { registerMetricSources } from '../src/metric-sources.js';
import { scrape } from '../src/observability/metrics.js';
import { type TestApp, testApp } from './test-app.js';

/** The example Grafana dashboard and Prometheus alert rules of docs/observability (issue 39). */
const docs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/observability');

let t: TestApp;
let families: Set<string>;
beforeAll(async () => {
  t = await testApp();
  registerMetricSources({ db: t.db, jobs: t.jobs });
  // Every family the exporter has, by its `# TYPE` line: a histogram's also as _bucket, _sum and _count.
  families = new Set(
    [...(await scrape()).matchAll(/^# TYPE (\S+) (\w+)$/gm)].flatMap(([, name, type]) =>
      type === 'histogram' ? [name!, `${name}_bucket`, `${name}_sum`, `${name}_count`] : [name!],
    ),
  );
});
afterAll(() => t.close());

/** The metric names in a PromQL expression: identifiers followed by a selector or standing alone, not functions, labels or keywords. */
function metricsOf(expr: string): string[] {
  const withoutStrings = expr.replace(/"[^"]*"/g, '""').replace(/\{[^}]*\}/g, '{}');
  const keywords = new Set([
    ...[
      'by',
      'without',
      'on',
      'ignoring',
      'group_left',
      'group_right',
      'or',
      'and',
      'unless',
      'bool',
      'offset',
    ],
    // Aggregations, which may stand before their `by (…)`.
    ...[
      'sum',
      'avg',
      'min',
      'max',
      'count',
      'group',
      'stddev',
      'stdvar',
      'topk',
      'bottomk',
      'quantile',
      'count_values',
    ],
  ]);
  return [...withoutStrings.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)\b(?!\s*\()/g)]
    .map(([, name]) => name!)
    .filter(
      (name) =>
        !keywords.has(name) &&
        !/^\d/.test(name) &&
        !/^(le|route|status|queue|state|channel|instance|job|outcome|reason|metric|pool|method)$/.test(
          name,
        ) &&
        !/^\d+[smhd]$/.test(name) &&
        !/^e\d+$/.test(name),
    );
}

describe('example dashboards and alert rules', () => {
  it('the alert rules parse, each has a name, an expression and a summary, and reads only metrics the exporter emits', () => {
    const rules = parse(readFileSync(path.join(docs, 'prometheus-alerts.yml'), 'utf8')) as {
      groups: {
        name: string;
        rules: { alert: string; expr: string; for?: string; annotations: { summary: string } }[];
      }[];
    };
    const all = rules.groups.flatMap((group) => group.rules);
    expect(all.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining([
        'GenoDeskApiErrorRate',
        'GenoDeskSlowRoute',
        'GenoDeskJobWaiting',
        'GenoDeskOutboxBacklog',
        'GenoDeskDatabaseDown',
      ]),
    );
    for (const rule of all) {
      expect(rule.expr, rule.alert).toMatch(/\S/);
      expect(rule.annotations.summary, rule.alert).toMatch(/\S/);
      if (rule.for) expect(rule.for).toMatch(/^\d+[smh]$/);
      expect(balanced(rule.expr), rule.alert).toBe(true);
      for (const metric of metricsOf(rule.expr)) {
        if (metric === 'up') continue; // Prometheus's own, per target.
        expect(families.has(metric), `${rule.alert} reads ${metric}`).toBe(true);
      }
    }
  });

  it('the Grafana dashboard parses and every panel reads only metrics the exporter emits', () => {
    const dashboard = JSON.parse(readFileSync(path.join(docs, 'grafana-dashboard.json'), 'utf8')) as {
      uid: string;
      panels: { id: number; title: string; targets: { expr: string }[] }[];
    };
    expect(dashboard.uid).toBe('genodesk');
    expect(new Set(dashboard.panels.map((panel) => panel.id)).size).toBe(dashboard.panels.length);
    const read = new Set<string>();
    for (const panel of dashboard.panels)
      for (const target of panel.targets) {
        expect(balanced(target.expr), panel.title).toBe(true);
        const metrics = metricsOf(target.expr);
        expect(metrics.length, panel.title).toBeGreaterThan(0);
        for (const metric of metrics) {
          expect(families.has(metric), `${panel.title} reads ${metric}`).toBe(true);
          read.add(metric);
        }
      }
    // The RED of the API, the queues and the outbox are on it.
    for (const metric of [
      'genodesk_http_request_duration_seconds_count',
      'genodesk_http_request_duration_seconds_bucket',
      'genodesk_job_queue_oldest_queued_seconds',
      'genodesk_outbox_pending_messages',
      'genodesk_database_up',
    ])
      expect(read.has(metric), metric).toBe(true);
  });

  it('a metric name the exporter does not emit is caught', () => {
    expect(metricsOf('sum by (route) (rate(genodesk_http_requests_total{status=~"5.."}[5m]))')).toEqual([
      'genodesk_http_requests_total',
    ]);
    expect(families.has('genodesk_http_requests_total')).toBe(false);
  });
});

/** Parentheses, brackets and braces close in order (a first check of PromQL's syntax). */
function balanced(expr: string): boolean {
  const stack: string[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (const char of expr.replace(/"[^"]*"/g, '""')) {
    if ('([{'.includes(char)) stack.push(char);
    else if (char in pairs && stack.pop() !== pairs[char]) return false;
  }
  return stack.length === 0;
}
