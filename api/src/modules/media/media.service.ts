import { createHash } from 'node:crypto';
import { type MediaUpload, maxMediaBytes, mediaPath, sniffMediaType } from '@genodesk/contract';
import { eq } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import type { Database, Executor } from '../../db/client.js';
import { media } from '../../db/schema/index.js';
import { AppError, notFound } from '../../http/errors.js';
import { isWholeImage, maxImageSide } from './image-check.js';

export const mediaTypeRefused = () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'mediaType');
export const mediaTooLarge = () =>
  new AppError(413, 'TOO_LARGE', 'mediaTooLarge', undefined, { max: maxMediaBytes / 1024 / 1024 });
const mediaBroken = () => new AppError(422, 'RULE_BROKEN', 'mediaBroken', undefined, { max: maxImageSide });

/**
 * Stores an uploaded image (issue 36): its type is what its bytes are (PNG, JPEG, WebP or GIF by their
 * magic numbers; anything else, SVG included, is 415), whole and of a sane size (`isWholeImage`, else
 * 422), at most `maxMediaBytes` (413). The same bytes
 * uploaded again answer the row stored first, `created` false (one row per SHA-256; concurrent uploads
 * meet at the unique index).
 */
export async function storeMedia(
  db: Database,
  by: Principal,
  bytes: Buffer,
): Promise<MediaUpload & { created: boolean }> {
  if (bytes.length > maxMediaBytes) throw mediaTooLarge();
  const contentType = sniffMediaType(bytes);
  if (!contentType) throw mediaTypeRefused();
  if (!isWholeImage(bytes, contentType)) throw mediaBroken();
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const [inserted] = await db
    .insert(media)
    .values({ contentType, bytes, size: bytes.length, sha256, uploadedBy: by.id })
    .onConflictDoNothing({ target: media.sha256 })
    .returning({ id: media.id });
  const id = inserted?.id ?? (await idOf(db, sha256));
  return { id, url: mediaPath(id), created: inserted !== undefined };
}

async function idOf(db: Executor, sha256: string): Promise<string> {
  const [row] = await db.select({ id: media.id }).from(media).where(eq(media.sha256, sha256));
  if (!row) throw new Error('media row vanished after a conflict on its hash');
  return row.id;
}

export type StoredMedia = { contentType: string; sha256: string; bytes: Buffer | null };

/**
 * A stored image for `GET media/{id}`; 404 for an unknown id. With `ifNoneMatch` naming its hash the
 * bytes are not read (the answer is a 304).
 */
export async function readMedia(db: Executor, id: string, ifNoneMatch?: string): Promise<StoredMedia> {
  const where = eq(media.id, id.toLowerCase());
  const head = { contentType: media.contentType, sha256: media.sha256 };
  if (ifNoneMatch) {
    const [row] = await db.select(head).from(media).where(where);
    if (!row) throw notFound();
    if (etagMatches(ifNoneMatch, row.sha256)) return { ...row, bytes: null };
  }
  const [row] = await db
    .select({ ...head, bytes: media.bytes })
    .from(media)
    .where(where);
  if (!row) throw notFound();
  return row;
}

/** Whether an If-None-Match header names this content (`*`, or its quoted hash, weak or not). */
export const etagMatches = (header: string, sha256: string) =>
  header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === `"${sha256}"`);
