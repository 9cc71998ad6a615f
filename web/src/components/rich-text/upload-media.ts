import { type MediaContentType, maxMediaBytes, mediaContentTypes } from '@genodesk/contract/media';
import type { MediaUpload } from '@genodesk/contract/media-upload';
import type { Message } from '@genodesk/contract/messages';
import { api } from '@/lib/api-client';

/** Why the server would refuse this file before it is sent (type by its label, size), or undefined. */
export function imageFileProblem(file: File): Message | undefined {
  if (!(mediaContentTypes as readonly string[]).includes(file.type)) return { key: 'mediaType' };
  if (file.size > maxMediaBytes)
    return { key: 'mediaTooLarge', params: { max: maxMediaBytes / 1024 / 1024 } };
  return undefined;
}

/**
 * `POST admin/media`: the image's bytes as they are; the server reads its type from them. Answers the
 * URL rich text shows it by (`/api/media/<id>`).
 */
export function uploadMedia(file: File): Promise<MediaUpload> {
  return api.post<MediaUpload>('admin/media', undefined, {
    rawBody: { data: file, contentType: file.type as MediaContentType },
  });
}
