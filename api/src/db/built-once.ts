import { type Placeholder, sql } from 'drizzle-orm';

/** Shapes a database keeps built; past it the oldest goes (a list's page bounds are literals: each page is a shape). */
const maxShapes = 500;
const built = new WeakMap<object, Map<string, unknown>>();

/**
 * A query built and prepared once per executor and shape, then run with each call's values (issue
 * 38). Drizzle walks a query's whole SQL tree to write its text on every execution: 50–170 µs of the
 * API's CPU per request for the mixed load's reads, a tenth of all its work. `shape` names everything
 * that changes the text (the filters present, the sort, the page bounds: `QueryValues.shape`); every
 * value goes in as an `sql.placeholder` and is given to `execute`. A transaction is its own executor:
 * what is built for it serves it alone.
 */
export function builtOnce<Prepared>(
  executor: object,
  shape: string,
  build: () => { prepare(name: string): Prepared },
): Prepared {
  let shapes = built.get(executor);
  if (!shapes) {
    shapes = new Map();
    built.set(executor, shapes);
  }
  let query = shapes.get(shape) as Prepared | undefined;
  if (query === undefined) {
    // Unnamed, as when a query runs at once: the connection (`PreparingClient`) names and prepares it
    // by its text, within its budget of statements.
    query = build().prepare(undefined as unknown as string);
    shapes.set(shape, query);
    if (shapes.size > maxShapes) shapes.delete(shapes.keys().next().value!);
  }
  return query;
}

/**
 * A query's values, given by the code that writes its conditions: as placeholders for a query built
 * once (collected here for its execution, their names part of its shape), or inline for one run at
 * once (a list's count past its last page).
 */
export class QueryValues {
  readonly values: Record<string, unknown> = {};

  constructor(private readonly as: 'placeholders' | 'inline') {}

  /** `value` under `name`: a placeholder, or the value itself. */
  of<T>(name: string, value: T): T | Placeholder {
    this.values[name] = value;
    return this.as === 'placeholders' ? sql.placeholder(name) : value;
  }

  /** The query's shape: `parts` (its sort, page bounds, choices without a value) and the values it takes. */
  shape(...parts: unknown[]): string {
    return [...parts, ...Object.keys(this.values)].join(' ');
  }
}

/** Values written into the query's text: for a query run at once. */
export const inlineValues = () => new QueryValues('inline');
