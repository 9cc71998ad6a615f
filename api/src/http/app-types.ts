import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TokenSigner } from '../auth/tokens.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Jobs } from '../jobs/queue.js';

/** What every module's routes and services are given. */
export type Deps = { db: Database; config: Config; signer: TokenSigner; jobs: Jobs };

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
