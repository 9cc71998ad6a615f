import {
  type Locale,
  type Message,
  type MessageKey,
  type MessageParams,
  pickLocale,
  translateMessage,
} from '@genodesk/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseErrorOf, loggableError } from '../db/loggable-error.js';

/** A field's message: a key, or a key with the values of its `{name}` placeholders. */
export type FieldMessage = MessageKey | Message;

/**
 * A refusal the caller can act on: status, machine code, message key (with `params` for its
 * placeholders), per-field messages and `details`, what a program may act on (ids, not text).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503,
    readonly code: string,
    readonly messageKey: MessageKey,
    readonly fields?: Record<string, FieldMessage>,
    readonly params?: MessageParams,
    readonly details?: Record<string, unknown>,
  ) {
    super(messageKey);
  }
}

const withField = (messageKey: MessageKey, field?: string, params?: MessageParams) =>
  field ? { [field]: params ? { key: messageKey, params } : messageKey } : undefined;

export const notFound = () => new AppError(404, 'NOT_FOUND', 'notFound');
export const forbidden = () => new AppError(403, 'FORBIDDEN', 'forbidden');
/** Bad input found by a service rule rather than by the schema (400, like a zod failure). */
export const invalid = (messageKey: MessageKey, field?: string, params?: MessageParams) =>
  new AppError(400, 'VALIDATION', messageKey, withField(messageKey, field, params), params);
export const conflict = (
  messageKey: MessageKey,
  field?: string,
  params?: MessageParams,
  details?: Record<string, unknown>,
) => new AppError(409, 'CONFLICT', messageKey, withField(messageKey, field, params), params, details);
export const unprocessable = (messageKey: MessageKey, field?: string, params?: MessageParams) =>
  new AppError(422, 'RULE_BROKEN', messageKey, withField(messageKey, field, params), params);

const translateField = (message: FieldMessage, locale: Locale) =>
  typeof message === 'string'
    ? translateMessage(message, locale)
    : translateMessage(message.key, locale, message.params);

/** The caller's language: an explicit `locale` query parameter, else Accept-Language, else cs. */
export function requestLocale(request: FastifyRequest): Locale {
  // From the URL itself: a route's query schema may strip parameters it does not declare.
  const search = new URLSearchParams(request.url.split('?')[1] ?? '');
  const explicit = search.get('locale') ?? search.get('Locale');
  return pickLocale(explicit ?? request.headers['accept-language']);
}

type ValidationIssue = {
  message?: string;
  instancePath?: string;
  keyword?: string;
  params?: { origin?: string; maximum?: unknown };
};

/**
 * A text over its length limit says so and names the limit (`tooLong`), whatever generic message
 * its schema gave (`invalidValue`): the limit is the hint the writer needs.
 */
const textTooLong = (issue: ValidationIssue): number | undefined =>
  issue.keyword === 'too_big' && issue.params?.origin === 'string' && typeof issue.params.maximum === 'number'
    ? issue.params.maximum
    : undefined;

function fieldErrors(issues: readonly ValidationIssue[], locale: Locale): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
    const text = issue.message ?? 'invalidValue';
    const max = textTooLong(issue);
    if (max !== undefined && (text === 'invalidValue' || !/^[a-zA-Z]+$/.test(text))) {
      fields[key] ??= translateMessage('tooLong', locale, { max });
      continue;
    }
    // zod's own English texts (type errors it raises before our checks) become our generic message.
    fields[key] ??= translateMessage(/^[a-zA-Z]+$/.test(text) ? text : 'invalidValue', locale);
  }
  return fields;
}

/** PostgreSQL's codes of a server that is going away or not there (08 connection, 57P admin shutdown). */
const unavailableCodes = /^(08...|57P0[1-3]|53300)$/;
const unavailableErrnos = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const unavailableMessages =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * Whether `error` (or what it wraps: Drizzle wraps the driver's error with the query and its
 * parameters) says the database cannot be reached, rather than that the request broke a rule.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (unavailableCodes.test(code) || unavailableErrnos.has(code))) return true;
    if (unavailableMessages.test(cause.message)) return true;
    cause = cause.cause;
  }
  return false;
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const locale = requestLocale(request);
  if (error instanceof AppError) {
    const fields = error.fields
      ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, translateField(v, locale)]))
      : undefined;
    // A message may name its fields' reasons in one sentence each: `{fields}`.
    const message = translateMessage(error.messageKey, locale, {
      ...(fields ? { fields: Object.values(fields).join(' ') } : {}),
      ...error.params,
    });
    return reply.status(error.statusCode).send({
      error: { code: error.code, message, fields, ...(error.details ? { details: error.details } : {}) },
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = fieldErrors(error.validation as ValidationIssue[], locale);
    const first = Object.values(fields)[0] ?? translateMessage('badRequest', locale);
    return reply.status(400).send({ error: { code: 'VALIDATION', message: first, fields } });
  }
  const status = error.statusCode ?? 500;
  if (status === 429) {
    return reply
      .status(429)
      .send({ error: { code: 'TOO_MANY_REQUESTS', message: translateMessage('tooManyRequests', locale) } });
  }
  if (status >= 400 && status < 500) {
    // Malformed JSON, wrong content type, body too large: the request itself is at fault.
    return reply.status(status).send({
      error: { code: error.code ?? 'BAD_REQUEST', message: translateMessage('badRequest', locale) },
    });
  }
  if (isDatabaseUnavailable(error)) {
    // Logged without the error's text: Drizzle's carries the query's parameters (personal data).
    request.log.warn(
      { code: (error.cause as { code?: string } | undefined)?.code ?? error.code },
      'database unavailable',
    );
    return reply
      .status(503)
      .header('retry-after', '5')
      .send({
        error: { code: 'DATABASE_UNAVAILABLE', message: translateMessage('databaseUnavailable', locale) },
      });
  }
  // Without its values: a failed query's message and detail carry its parameters (personal data).
  const loggable = loggableError(error);
  request.log.error(
    { ...loggable, route: request.routeOptions.url },
    databaseErrorOf(error) ? 'database query failed' : 'request failed',
  );
  return reply
    .status(500)
    .send({ error: { code: 'INTERNAL', message: translateMessage('internalError', locale) } });
}
