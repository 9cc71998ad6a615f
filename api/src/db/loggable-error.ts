/**
 * What may be logged, or stored in a failed job's output, of an error (issue 36): never its values.
 * A failed query's message is "Failed query: … params: …" and a constraint's detail names the
 * offending value ("Key (email)=(jan@…) already exists"), so a database error is reduced to its codes;
 * any other error keeps a message with e-mail addresses and long numbers masked; a stack keeps only its
 * frames (its first line repeats the message). Causes and extra properties are dropped.
 */
export type LoggableError = {
  type: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  message: string;
  stack?: string;
};

const sqlState = /^[0-9A-Z]{5}$/;

/** What may be logged of a database error (a Drizzle query error or a pg error): its codes, never its text. */
export function databaseErrorOf(
  error: unknown,
): { code: string; constraint?: string; table?: string; column?: string } | undefined {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  for (const candidate of candidates) {
    const e = candidate as { code?: unknown; constraint?: unknown; table?: unknown; column?: unknown } | null;
    if (e && typeof e.code === 'string' && sqlState.test(e.code))
      return {
        code: e.code,
        ...(typeof e.constraint === 'string' ? { constraint: e.constraint } : {}),
        ...(typeof e.table === 'string' ? { table: e.table } : {}),
        ...(typeof e.column === 'string' ? { column: e.column } : {}),
      };
  }
  if ((error as { name?: string } | null)?.name === 'DrizzleQueryError') return { code: 'unknown' };
  return undefined;
}

const emails = /[^\s<>()"',;:]+@[^\s<>()"',;:]+/g;
const longNumbers = /\d{6,}/g;
const maxMessage = 300;

function maskedMessage(message: string): string {
  const masked = message.replace(emails, '[e-mail]').replace(longNumbers, '[number]');
  return masked.length > maxMessage ? `${masked.slice(0, maxMessage)}…` : masked;
}

/**
 * The message of what was thrown or emitted that is not an Error: an object's own `message` (libraries
 * emit `{ message, … }`), else what it is, never "[object Object]" nor its values.
 */
function messageOf(thrown: unknown): string {
  if (typeof thrown !== 'object' || thrown === null) return String(thrown);
  const message = (thrown as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  return `an object with ${Object.keys(thrown).join(', ') || 'no properties'}`;
}

/** The stack's frames only ("    at …" lines): its head is the message. */
function framesOf(stack: string | undefined): string | undefined {
  if (!stack) return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.length > 0 ? frames.join('\n') : undefined;
}

export function loggableError(error: unknown): LoggableError {
  const type = error instanceof Error ? error.name : typeof error;
  const stack = framesOf(error instanceof Error ? error.stack : undefined);
  const database = databaseErrorOf(error);
  if (database)
    return {
      type,
      ...database,
      message: `database query failed (${[database.code, database.constraint].filter(Boolean).join(', ')})`,
      ...(stack ? { stack } : {}),
    };
  const message = error instanceof Error ? error.message : messageOf(error);
  const code = (error as { code?: unknown } | null)?.code;
  return {
    type,
    ...(typeof code === 'string' ? { code } : {}),
    message: maskedMessage(message),
    ...(stack ? { stack } : {}),
  };
}

/**
 * An error fit to be thrown where it will be stored (pg-boss serialises a failed job's error with all
 * its properties and causes into the job table): the loggable message and frames, nothing else.
 */
export function cleanedError(error: unknown): Error {
  const loggable = loggableError(error);
  const cleaned = new Error(loggable.message);
  cleaned.name = loggable.type;
  cleaned.stack = `${loggable.type}: ${loggable.message}${loggable.stack ? `\n${loggable.stack}` : ''}`;
  if (loggable.code) Object.assign(cleaned, { code: loggable.code });
  if (loggable.constraint) Object.assign(cleaned, { constraint: loggable.constraint });
  return cleaned;
}
