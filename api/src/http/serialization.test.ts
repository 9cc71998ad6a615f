import { booleanish, mailingSchema, recipientFilterSchema } from '@genodesk/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkedSerializerCompiler, transformsIn } from './serialization.js';

describe('answers without transforms', () => {
  it('finds a transform however deep: a preprocess in an optional field of an array item', () => {
    expect(transformsIn(z.object({ items: z.array(z.object({ on: booleanish.optional() })) }))).toEqual([
      'answer.items.on',
    ]);
    expect(transformsIn(recipientFilterSchema)).toEqual([
      'answer.registrationSource',
      'answer.categoryId',
      'answer.reportStatus',
      'answer.hasPublishedReport',
    ]);
    expect(transformsIn(mailingSchema)).toEqual([]);
  });

  it('refuses at start-up a route that would answer through one', async () => {
    const app = Fastify();
    app.setSerializerCompiler(checkedSerializerCompiler);
    app.get('/filter', { schema: { response: { 200: recipientFilterSchema } } }, () => ({}));
    await expect(app.ready()).rejects.toThrow(
      /GET \/filter answers 200 through a transform \(answer.registrationSource, answer.categoryId, answer.reportStatus, answer.hasPublishedReport\)/,
    );
  });
});
