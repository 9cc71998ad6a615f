import { describe, expect, it } from 'vitest';
import { combinationRuleRequestSchema } from './combination-rules.js';
import { mediaPath, mediaUrlProblem, ownMediaId, sniffMediaType } from './media.js';
import { sendEmailRequestSchema } from './messaging.js';
import { editTemplateRequestSchema } from './templates.js';

const id = '0b8f6c1e-6a1d-4b8e-9a3f-2f9d1c7e5a42';

describe('embedded media URLs (the server rule)', () => {
  it('refuses an empty URL', () => {
    expect(mediaUrlProblem('img', '')).toBe('mediaUrlEmpty');
    expect(mediaUrlProblem('iframe', '   ')).toBe('mediaUrlEmpty');
    expect(mediaUrlProblem('img', undefined)).toBe('mediaUrlEmpty');
  });

  it('accepts the app’s own media only, absolute only under the given origin (issue 36)', () => {
    expect(mediaUrlProblem('img', `/api/media/${id}`)).toBeUndefined();
    expect(mediaUrlProblem('img', `https://lab.example.cz/api/media/${id}`, 'https://lab.example.cz')).toBe(
      undefined,
    );
    expect(mediaUrlProblem('img', `https://lab.example.cz/api/media/${id}`)).toBe('mediaImageNotOwn');
    expect(mediaUrlProblem('img', `https://elsewhere.test/api/media/${id}`, 'https://lab.example.cz')).toBe(
      'mediaImageNotOwn',
    );
    expect(mediaUrlProblem('img', 'https://example.com/a.png')).toBe('mediaImageNotOwn');
    expect(mediaUrlProblem('img', 'http://example.com/a.png')).toBe('mediaImageNotOwn');
    expect(mediaUrlProblem('img', 'javascript:alert(1)')).toBe('mediaImageNotOwn');
    expect(mediaUrlProblem('img', 'not a url')).toBe('mediaImageNotOwn');
  });

  it('takes nothing that only looks like an own medium', () => {
    const origin = 'https://lab.example.cz';
    for (const src of [
      `//elsewhere.test/api/media/${id}`,
      `/\\elsewhere.test/api/media/${id}`,
      `/api/media/${id}?track=1`,
      `/api/media/${id}#x`,
      `/api/media/${id}/x`,
      `api/media/${id}`,
      '/api/media/not-a-uuid',
      `/api/media/../media/${id}`,
      `https://user:pw@lab.example.cz/api/media/${id}`,
      `https://lab.example.cz.elsewhere.test/api/media/${id}`,
      `https://lab.example.cz:8443/api/media/${id}`,
      `data:image/png;base64,iVBORw0KGgo=`,
    ])
      expect(ownMediaId(src, origin), src).toBeUndefined();
    expect(ownMediaId(`/api/media/${id.toUpperCase()}`)).toBe(id);
    expect(mediaPath(id.toUpperCase())).toBe(`/api/media/${id}`);
  });

  it('accepts YouTube and Vimeo players only', () => {
    expect(mediaUrlProblem('iframe', 'https://www.youtube.com/embed/dQw4w9WgXcQ')).toBeUndefined();
    expect(mediaUrlProblem('iframe', 'https://player.vimeo.com/video/123456')).toBeUndefined();
    expect(mediaUrlProblem('iframe', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(
      'mediaUrlUnsupported',
    );
    expect(mediaUrlProblem('iframe', 'https://evil.example/embed/x')).toBe('mediaUrlUnsupported');
  });
});

describe('an uploaded image’s type, by its bytes', () => {
  const bytes = (...parts: (string | number[])[]) =>
    new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part)] : part)));

  it('knows PNG, JPEG, GIF and WebP, and nothing else', () => {
    expect(sniffMediaType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffMediaType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffMediaType(bytes('GIF89a', [1, 0]))).toBe('image/gif');
    expect(sniffMediaType(bytes('GIF87a'))).toBe('image/gif');
    expect(sniffMediaType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffMediaType(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeUndefined();
    expect(sniffMediaType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffMediaType(bytes('<!doctype html><img src=x onerror=alert(1)>'))).toBeUndefined();
    expect(sniffMediaType(bytes([0x89], 'PN'))).toBeUndefined();
    expect(sniffMediaType(new Uint8Array())).toBeUndefined();
  });
});

describe('rich text that must say something', () => {
  const messageOf = (result: {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) =>
    Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

  it('refuses an empty editor wherever a text is required: a template, a combination rule, an e-mail', () => {
    for (const empty of ['', '<p></p>', '<p> </p><p><br></p>', '<p>&nbsp;</p>']) {
      expect(messageOf(editTemplateRequestSchema.safeParse({ templateId: 9, templateText: empty }))).toEqual({
        templateText: 'required',
      });
      expect(
        messageOf(
          combinationRuleRequestSchema.safeParse({
            Name: 'Pravidlo',
            Risk: 2,
            Text: empty,
            Conditions: [
              { GeneCombinationId: 1, TemplateIds: [1] },
              { GeneCombinationId: 2, TemplateIds: [2] },
            ],
          }),
        ).Text,
      ).toBe('required');
      expect(
        messageOf(sendEmailRequestSchema.safeParse({ To: 'a@b.cz', Subject: 'Novinky', Body: empty })),
      ).toEqual({ Body: 'required' });
    }
    expect(
      sendEmailRequestSchema.safeParse({
        To: 'a@b.cz',
        Subject: 'Novinky',
        Body: '<p><img src="/api/media/1"></p>',
      }).success,
    ).toBe(true);
  });

  it('keeps an e-mail subject on one line', () => {
    expect(
      messageOf(
        sendEmailRequestSchema.safeParse({ To: 'a@b.cz', Subject: 'hi\r\nBcc: x@y.cz', Body: '<p>Text</p>' }),
      ),
    ).toEqual({ Subject: 'subjectOneLine' });
    expect(
      messageOf(
        sendEmailRequestSchema.safeParse({
          To: 'a@b.cz',
          Subject: 'Ahoj',
          Body: '<p>Text</p>',
          SubjectEn: 'hi\nthere',
          BodyEn: '<p>Text</p>',
        }),
      ),
    ).toEqual({ SubjectEn: 'subjectOneLine' });
  });
});
