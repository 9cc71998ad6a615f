import { z } from 'zod';
import { uuidPattern } from './media.js';

/**
 * The media store's calls (issue 36), apart from `media.ts` so that showing rich text does not load
 * zod: `POST admin/media` takes an image's bytes, `GET media/{id}` serves them.
 */
export const mediaIdParamsSchema = z.object({ id: z.string().regex(uuidPattern, 'invalidValue') });

/** `POST admin/media`'s answer: the medium's id and the URL rich text shows it by (relative to the app). */
export const mediaUploadSchema = z.object({ id: z.string(), url: z.string() });
export type MediaUpload = z.infer<typeof mediaUploadSchema>;
