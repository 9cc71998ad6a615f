/** Shapes a database keeps built; past it the oldest goes (a list's page bounds are literals: each page is a shape). */
const maxShapes = 500;
const built = new WeakMap<object, Map<string, unknown>>();

/**
 * A query built once per executor and shape, then run with each call's values (issue 38). Drizzle
 * walks a query's whole SQL tree to write its text on every execution: 50–170 µs of the API's CPU
 * per request for the mixed load's reads, a tenth of all its work. `shape` names everything that
 * changes the text (the filters present, the sort, the page bounds); every value goes in as an
 * `sql.placeholder` and is given to `execute`. A transaction is its own executor: what is built for
 * it serves it alone.
 */
export function builtOnce<T>(executor: object, shape: string, build: () => T): T {
  let shapes = built.get(executor);
  if (!shapes) {
    shapes = new Map();
    built.set(executor, shapes);
  }
  let query = shapes.get(shape) as T | undefined;
  if (query === undefined) {
    query = build();
    shapes.set(shape, query);
    if (shapes.size > maxShapes) shapes.delete(shapes.keys().next().value!);
  }
  return query;
}

/**
 * The name given to Drizzle's `prepare`: none, as when a query runs at once, so the connection
 * (`PreparingClient`) names and prepares it by its text within its budget of statements.
 */
export const unnamed = undefined as unknown as string;
