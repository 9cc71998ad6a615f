import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './column-types.js';
import { users } from './users.js';

/**
 * The media store (issue 36): images uploaded for rich text, the only images rich text may show. The
 * id is a random UUID (gen_random_uuid: 122 random bits), so `GET /api/media/<id>` can be public for
 * e-mails and customer pages without a list to walk. Content never changes under an id (it is served
 * as immutable); the same bytes are stored once (`sha256`).
 */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The type sniffed from the bytes (`sniffMediaType`), never the uploader's word. */
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    size: integer('size').notNull(),
    /** Hex SHA-256 of the bytes: the ETag, and one row per content. */
    sha256: text('sha256').notNull(),
    uploadedBy: bigint('uploaded_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('media_sha256_key').on(t.sha256),
    check(
      'media_content_type',
      sql`${t.contentType} in ('image/png', 'image/jpeg', 'image/webp', 'image/gif')`,
    ),
    check('media_size', sql`${t.size} = octet_length(${t.bytes}) and ${t.size} between 1 and 2097152`),
  ],
);
