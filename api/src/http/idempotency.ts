import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { secretAnswers } from '@genodesk/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/client.js';
import { idempotentRequests } from '../db/schema/index.js';
import { AppError, invalid } from './errors.js';
import { addHookWhere, changesState } from './route-hooks.js';

const header = 'idempotency-key';
const keyPattern = /^[A-Za-z0-9_.:-]{8,100}$/;
const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How long a key is remembered. */
const keptForMs = 24 * 60 * 60 * 1000;
/** How long a repeat waits for the first request to answer before it is told the first still runs. */
const waitForFirstMs = 10_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request recorded its answer under (the first with its key). */
    idempotency?: { userId: number; key: string };
  }
}

/**
 * The request as far as its key binds it: the same key with another request is refused. A body still
 * streaming (a results file of a gigabyte is not read ahead) binds by its declared length and type.
 */
function fingerprint(request: FastifyRequest): string {
  const hash = createHash('sha256');
  hash.update(`${request.method} ${request.url}\n`);
  const body = request.body;
  if (Buffer.isBuffer(body)) hash.update(body);
  else if (body instanceof Readable)
    hash.update(`stream ${request.headers['content-type']} ${request.headers['content-length']}`);
  else if (body !== undefined) hash.update(JSON.stringify(body));
  return hash.digest('base64url');
}

/** Whether the route answers with one of the contract's `secretAnswers`. */
const holdsSecret = (request: FastifyRequest) => {
  const answer = (request.routeOptions.schema?.response as Record<number, z.ZodType> | undefined)?.[200];
  return answer !== undefined && secretAnswers.includes(answer);
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every state-changing call of a signed-in user accepts an `Idempotency-Key` header: the first request
 * with a key does the work and its answer is kept; the same key again (a double click, a retry after a
 * lost answer) gets that answer, marked `Idempotent-Replayed: true`, without doing the work twice. A repeat
 * that arrives while the first still runs waits for its answer. The key binds its method, path and body:
 * another request under a used key is refused (422). An answer of 5xx is not kept, so a retry does the
 * work. Keys are per user and kept a day. An answer that holds a secret shown once (the contract's
 * `secretAnswers`: a temporary password, an authenticator key) is not kept, so no database copy holds
 * it: its repeat is refused (409 `answerNotKept`), never done again behind an answer already shown.
 *
 * The answer is recorded after the work's own transaction: a process that dies between the two leaves
 * the key "running", and its repeats are answered 409 until the key expires.
 */
export function registerIdempotency(app: FastifyInstance, db: Database) {
  // Only state-changing routes carry the hooks (a read never has a key to honour).
  addHookWhere(app, 'preHandler', changesState, async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers[header];
    if (key === undefined || !stateChanging.has(request.method) || !request.principal) return;
    if (typeof key !== 'string' || !keyPattern.test(key)) throw invalid('invalidIdempotencyKey');
    const userId = request.principal.id;
    const print = fingerprint(request);
    const expired = new Date(Date.now() - keptForMs);
    // A key older than a day is free again; rows that old go at times, by the way.
    const [first] = await db
      .insert(idempotentRequests)
      .values({ userId, key, fingerprint: print })
      .onConflictDoUpdate({
        target: [idempotentRequests.userId, idempotentRequests.key],
        set: { fingerprint: print, status: null, contentType: null, body: null, createdAt: sql`now()` },
        setWhere: lt(idempotentRequests.createdAt, expired),
      })
      .returning({ key: idempotentRequests.key });
    if (first) {
      request.idempotency = { userId, key };
      if (Math.random() < 0.005)
        void db
          .delete(idempotentRequests)
          .where(lt(idempotentRequests.createdAt, expired))
          .catch(() => {});
      return;
    }
    const startedWaiting = Date.now();
    for (;;) {
      const [earlier] = await db
        .select()
        .from(idempotentRequests)
        .where(and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.key, key)));
      // The first answered 5xx meanwhile and let its key go: this repeat may do the work.
      if (!earlier) return registerAgain(request, userId, key, print);
      if (earlier.fingerprint !== print)
        throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'idempotencyKeyReused');
      if (earlier.status !== null) {
        if (earlier.body === null) throw new AppError(409, 'ANSWER_NOT_KEPT', 'answerNotKept');
        reply.header('idempotent-replayed', 'true');
        if (earlier.contentType) reply.header('content-type', earlier.contentType);
        return reply.code(earlier.status).send(earlier.body ?? undefined);
      }
      if (Date.now() - startedWaiting > waitForFirstMs)
        throw new AppError(409, 'REQUEST_IN_PROGRESS', 'requestInProgress');
      await sleep(100);
    }
  });

  async function registerAgain(request: FastifyRequest, userId: number, key: string, print: string) {
    const [first] = await db
      .insert(idempotentRequests)
      .values({ userId, key, fingerprint: print })
      .onConflictDoNothing()
      .returning({ key: idempotentRequests.key });
    if (!first) throw new AppError(409, 'REQUEST_IN_PROGRESS', 'requestInProgress');
    request.idempotency = { userId, key };
  }

  addHookWhere(
    app,
    'onSend',
    changesState,
    async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const recorded = request.idempotency;
      if (!recorded) return payload;
      request.idempotency = undefined;
      const where = and(
        eq(idempotentRequests.userId, recorded.userId),
        eq(idempotentRequests.key, recorded.key),
      );
      const body =
        typeof payload === 'string'
          ? payload
          : Buffer.isBuffer(payload)
            ? payload.toString('utf8')
            : payload == null
              ? ''
              : null;
      // A failure of the server, or an answer that cannot be kept (a stream), lets the key go.
      if (reply.statusCode >= 500 || body === null) await db.delete(idempotentRequests).where(where);
      else if (holdsSecret(request) && reply.statusCode < 300)
        // Done, its answer not kept (a body of null): a repeat is refused, never answered or done again.
        await db.update(idempotentRequests).set({ status: reply.statusCode }).where(where);
      else {
        const contentType = reply.getHeader('content-type');
        await db
          .update(idempotentRequests)
          .set({
            status: reply.statusCode,
            contentType: typeof contentType === 'string' ? contentType : null,
            body,
          })
          .where(where);
      }
      return payload;
    },
  );
}
