import type { TokenPair } from '@genodesk/contract/auth';
import type { ErrorReply } from '@genodesk/contract/errors';
import { pickLocale } from '@genodesk/contract/locales';
import i18next from 'i18next';
import { progressDone, progressStart } from './progress';
import { screenHeaders } from './screen';
import { type SessionEnd, tokenStore } from './tokens';

export const API_BASE = '/api/';

/** An error reply of the API (`{ error: { code, message, fields } }`); the message is already localized. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  /** The answer's `X-Request-Id`: the reference a user quotes, found in the server's log. */
  readonly requestId: string | null;
  /** What the screen may act on beyond the message (the error's own shape, read with its contract schema). */
  readonly details: Record<string, unknown>;

  constructor(
    status: number,
    code: string,
    message: string,
    fields: Record<string, string> = {},
    requestId: string | null = null,
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.requestId = requestId;
    this.details = details;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  body?: unknown;
  /** A body sent as it is (a file) with its Content-Type, instead of JSON; a Blob can be resent after a refresh. */
  rawBody?: { data: Blob | ArrayBuffer | string; contentType: string };
  signal?: AbortSignal;
  /** false for public calls (login, config): no bearer token, no refresh on 401. */
  auth?: boolean;
  /**
   * The `Idempotency-Key` of a state-changing call: the server does the work of one key once and
   * answers a repeat as it answered the first. Each call gets its own unless one is given (a form
   * passes one key for all its submits until it succeeds, so a double submit registers once).
   */
  idempotencyKey?: string;
}

/** A fresh idempotency key: 128 random bits (getRandomValues works on plain http, randomUUID does not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

let sessionEndHandler: () => SessionEnd | undefined = () => {
  window.location.assign('/login');
  return undefined;
};

/**
 * What the app does when the server has refused the session for good (the refresh answered 401 or
 * 403; a 401 with no refresh token to renew it): called just before the tokens go, so the screens that
 * see them go know where to. It returns what the other tabs are told: 'expired', unless this tab's own
 * sign-out was under way (its request refused by a session another tab had just ended), whose reason
 * it is.
 */
export function setSessionEndHandler(handler: () => SessionEnd | undefined): void {
  sessionEndHandler = handler;
}

/**
 * How long a tab refused by the server waits for another tab's word before it calls its sign-in
 * expired: another tab's sign-out (idling out at the same moment, say) ends the session on the server
 * a moment before that tab tells the others why (`tokens.ts`), and a call of this tab refused in
 * between would otherwise call it "expired".
 */
const otherTabsWordMs = 1_500;

async function endSession(): Promise<void> {
  const refreshToken = tokenStore.refreshToken;
  if (refreshToken !== null) {
    await storedChangedFrom(() => tokenStore.refreshToken, refreshToken, otherTabsWordMs);
    // Ended by a sign-out (another tab's, told here with its reason, or this tab's own) or renewed by
    // another tab: either way not this tab's to end.
    if (tokenStore.refreshToken !== refreshToken) return;
  }
  tokenStore.clear(sessionEndHandler() ?? 'expired');
}

export function currentLocale() {
  return pickLocale(i18next.resolvedLanguage ?? i18next.language);
}

export function buildUrl(path: string, query?: QueryParams): string {
  const url = API_BASE + path.replace(/^\/+/, '');
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLocale(),
    ...screenHeaders(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let body: Blob | ArrayBuffer | string | undefined;
  if (options.rawBody) {
    headers['Content-Type'] = options.rawBody.contentType;
    body = options.rawBody.data;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
  });
}

function isErrorReply(value: unknown): value is ErrorReply {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'code' in error && 'message' in error;
}

/** The API answered that the record does not exist. */
export const isNotFound = (error: unknown): boolean => isApiError(error) && error.status === 404;

async function toApiError(response: Response): Promise<ApiError> {
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }
  if (isErrorReply(payload)) {
    const { code, message, fields, details } = payload.error;
    return new ApiError(
      response.status,
      code,
      message,
      fields ?? {},
      response.headers.get('x-request-id'),
      details ?? {},
    );
  }
  // Not the API's own reply (a proxy, a crash): the reader's language, not the server's status text.
  return new ApiError(
    response.status,
    `HTTP_${response.status}`,
    i18next.t('errors.server', { status: response.status }),
    {},
    response.headers.get('x-request-id'),
  );
}

let refreshing: Promise<void> | null = null;

/** The Web Lock every tab of the app takes to renew the tokens they share. */
export const REFRESH_LOCK = 'genodesk.refresh';

/** Resolves once `stored()` (a token in storage) is no longer `value`, or after `ms`. */
function storedChangedFrom(stored: () => string | null, value: string, ms: number): Promise<void> {
  if (stored() !== value) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const unsubscribe = tokenStore.subscribe(() => {
      if (stored() !== value) done();
    });
  });
}

/**
 * Renews the tokens unless another tab does: a refresh token is good for one use (the server ends the
 * whole sign-in when one is used twice), so the tabs renew one at a time under a Web Lock. A tab that
 * finds the lock held waits for it and then for the other tab's new tokens, which reach this tab's
 * storage a moment after the lock is free (their `storage` event); only if none come does it renew
 * itself. Without Web Locks (an old browser) each tab renews on its own, as before.
 */
async function renewOnce(sentToken: string): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return renew(sentToken);
  let renewed = false;
  await locks.request(REFRESH_LOCK, { ifAvailable: true }, async (lock) => {
    if (!lock) return;
    renewed = true;
    await renew(sentToken);
  });
  if (renewed) return;
  await locks.request(REFRESH_LOCK, async () => {
    await storedChangedFrom(() => tokenStore.token, sentToken, 3_000);
    await renew(sentToken);
  });
}

/** `POST auth/refresh`, unless the tokens are no longer those a call of this tab was refused with. */
async function renew(sentToken: string): Promise<void> {
  const refreshToken = tokenStore.refreshToken;
  if (tokenStore.token !== sentToken || !refreshToken) return;
  const response = await send('auth/refresh', { method: 'POST', body: { refreshToken } }, null);
  if (response.ok) {
    const pair = (await response.json()) as TokenPair;
    // Signed out while the renewal was under way: its tokens belong to an ended sign-in, and stored
    // now they would bring the next visit back as a session the server refuses ("expired").
    if (tokenStore.refreshToken !== refreshToken) return;
    tokenStore.set({ token: pair.token, refreshToken: pair.refreshToken });
    return;
  }
  const error = await toApiError(response);
  if (response.status === 403 || response.status === 401) await endSession();
  throw error;
}

/** One shared renewal for every caller of this tab that hit a 401 with `sentToken`. */
function refreshSession(sentToken: string): Promise<void> {
  if (!refreshing) {
    refreshing = renewOnce(sentToken).finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

async function parseBody<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Calls the API: bearer token, Accept-Language, JSON body. On a 401 with a refresh token stored it
 * renews the session once (shared between concurrent callers) and retries the request once.
 */
export async function apiRequest<T>(path: string, requested: RequestOptions = {}): Promise<T> {
  const useAuth = requested.auth !== false;
  // The resend after a refresh carries the same key: if the first did reach the server, the work is done once.
  const options =
    useAuth && requested.method && requested.method !== 'GET' && !requested.idempotencyKey
      ? { ...requested, idempotencyKey: newIdempotencyKey() }
      : requested;
  progressStart();
  let failed = false;
  try {
    const sentToken = useAuth ? tokenStore.token : null;
    let response = await sendOrFail(path, options, sentToken);
    if (response.status === 401 && useAuth && sentToken) {
      if (tokenStore.refreshToken) {
        // Another caller may have renewed the token while this request was in flight.
        if (tokenStore.token === sentToken) await refreshSession(sentToken);
        response = await send(path, options, tokenStore.token);
      } else await endSession();
    }
    if (!response.ok) throw await toApiError(response);
    return await parseBody<T>(response);
  } catch (error) {
    failed = !isAbort(error);
    throw error;
  } finally {
    progressDone(failed);
  }
}

/** `send`, with a server that cannot be reached as an `ApiError` (status 0) in the reader's language. */
async function sendOrFail(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  try {
    return await send(path, options, token);
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, 'NETWORK', i18next.t('errors.connection.description'));
  }
}

/** A file from the API (an export): fetched with the bearer token, renewed once on a 401 like `apiRequest`. */
export async function apiDownload(
  path: string,
  query?: QueryParams,
): Promise<{ blob: Blob; filename: string | null }> {
  progressStart();
  let failed = false;
  try {
    const sentToken = tokenStore.token;
    let response = await send(path, { query }, sentToken);
    if (response.status === 401 && sentToken && tokenStore.refreshToken) {
      if (tokenStore.token === sentToken) await refreshSession(sentToken);
      response = await send(path, { query }, tokenStore.token);
    }
    if (!response.ok) throw await toApiError(response);
    const disposition = response.headers.get('content-disposition') ?? '';
    const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? null;
    return { blob: await response.blob(), filename };
  } catch (error) {
    failed = !isAbort(error);
    throw error;
  } finally {
    progressDone(failed);
  }
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const api = {
  get: <T>(path: string, query?: QueryParams, options: RequestOptions = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET', query }),
  post: <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, query?: QueryParams, options: RequestOptions = {}) =>
    apiRequest<T>(path, { ...options, method: 'DELETE', query }),
};
