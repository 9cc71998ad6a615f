import {
  maxMediaBytes,
  mediaContentTypes,
  mediaIdParamsSchema,
  mediaUploadSchema,
  Permissions as P,
} from '@genodesk/contract';
import type { FastifyError } from 'fastify';
import { principalOf } from '../../auth/access.js';
import type { App, Deps } from '../../http/app-types.js';
import { errorHandler } from '../../http/errors.js';
import { rateLimits } from '../../http/rate-limit.js';
import { mediaTooLarge, mediaTypeRefused, readMedia, storeMedia } from './media.service.js';

/**
 * Whoever may save rich text may add an image to it: the catalogue's texts (Templates.Create, .Edit),
 * a report's doctor texts (Products.Edit) and the e-mail screen (Barcodes.View, as SPEC §2 guards it).
 */
export const richTextEditors = {
  any: [P.TemplatesCreate, P.TemplatesEdit, P.ProductsEdit, P.BarcodesView],
} as const;

export function mediaRoutes(app: App, deps: Deps) {
  const tags = ['media'];

  // The image's bytes as the body, at most 2 MB: its own content types, size and messages, in this scope.
  app.register(async (scope: App) => {
    scope.addContentTypeParser(
      [...mediaContentTypes],
      { parseAs: 'buffer', bodyLimit: maxMediaBytes },
      (_request, body, done) => done(null, body),
    );
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        return errorHandler(mediaTooLarge() as unknown as FastifyError, request, reply);
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_TYPE')
        return errorHandler(mediaTypeRefused() as unknown as FastifyError, request, reply);
      return errorHandler(error, request, reply);
    });
    scope.post('/api/admin/media', {
      bodyLimit: maxMediaBytes,
      config: { access: richTextEditors, rateLimit: rateLimits.mediaUpload },
      schema: {
        tags,
        summary:
          'Upload an image for rich text (the raw bytes as the body, Content-Type image/png, image/jpeg, image/webp or image/gif, at most 2 MB). Its type is read from its bytes: anything else, SVG included, is 415; one cut short or over 10,000 px a side is 422; larger is 413. Answers 201 with its id and the URL rich text shows it by (`/api/media/<id>`); the same bytes again answer 200 with the same id; 60 a minute per user',
        response: { 200: mediaUploadSchema, 201: mediaUploadSchema },
      },
      handler: async (request, reply) => {
        // A body another parser read (JSON, a form, text) is no image.
        if (!Buffer.isBuffer(request.body)) throw mediaTypeRefused();
        const { created, ...stored } = await storeMedia(deps.db, principalOf(request), request.body);
        return reply.status(created ? 201 : 200).send(stored);
      },
    });
  });

  app.get('/api/media/:id', {
    // E-mails to customers and customer-facing pages show these images: the random id is the whole
    // secret, as with any image link in an e-mail, and there is no list to walk.
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        'An uploaded image, as stored (its sniffed type, immutable: cached for a year, ETag its SHA-256); 404 for an unknown id',
      params: mediaIdParamsSchema,
    },
    handler: async (request, reply) => {
      const found = await readMedia(deps.db, request.params.id, request.headers['if-none-match']);
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${found.sha256}"`)
        .header('x-content-type-options', 'nosniff')
        // Mail clients and the customers' pages show it from their own origins.
        .header('cross-origin-resource-policy', 'cross-origin');
      if (found.bytes === null) return reply.status(304).send();
      return reply.header('content-type', found.contentType).send(found.bytes);
    },
  });
}
