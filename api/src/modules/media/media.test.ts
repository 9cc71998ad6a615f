import { createHash } from 'node:crypto';
import { maxMediaBytes, Permissions as P } from '@genodesk/contract';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../../test/smtp.js';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { media, outboxMessages } from '../../db/schema/index.js';
import { deliverDue } from '../messaging/outbox.js';
import { mailHtml, smtpTransport } from '../messaging/transports.js';
import { richTextAst } from '../products/report-pdf/rich-text-ast.js';
import { sanitizeRichText } from '../templates/rich-text.js';

/** Issue 36: images in rich text come only from the app's own media store. */
const publicUrl = 'https://lab.example.cz';
let t: TestApp;
let admin: Record<string, string>;

/** A 1×1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** Another image each call: a 1 × 1 GIF whose comment differs (the store keeps one row per content). */
let seq = 0;
const freshGif = () => {
  const comment = Buffer.from(`${++seq}`);
  return Buffer.concat([
    Buffer.from('GIF89a'),
    Buffer.from([1, 0, 1, 0, 0, 0, 0]),
    Buffer.from([0x21, 0xfe, comment.length]),
    comment,
    Buffer.from([0, 0x3b]),
  ]);
};
/** A 1 × 1 JPEG's structure: a frame header, then a scan; `note` in its data. */
const jpegWith = (note: string) =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0, 11, 8, 0, 1, 0, 1, 1, 1, 0x11, 0]),
    Buffer.from([0xff, 0xda, 0, 8, 1, 1, 0, 0, 0x3f, 0]),
    Buffer.from(note),
    Buffer.from([0xff, 0xd9]),
  ]);
/** A 1 × 1 lossless WebP's structure: RIFF, VP8L with its size; `note` after it. */
const webpWith = (note: string) => {
  const chunk = Buffer.concat([Buffer.from([0x2f, 0, 0, 0, 0]), Buffer.from(note)]);
  const body = Buffer.concat([Buffer.from('WEBPVP8L'), Buffer.from([chunk.length, 0, 0, 0]), chunk]);
  return Buffer.concat([Buffer.from('RIFF'), Buffer.from([body.length, 0, 0, 0]), body]);
};

beforeAll(async () => {
  t = await testApp({ publicUrl });
  admin = await t.authAs(demo.admin);
});
afterAll(() => t.close());

const upload = (body: Buffer | string, contentType: string, headers = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/media',
    payload: body,
    headers: { ...headers, 'content-type': contentType },
  });
const en = { 'accept-language': 'en' };

describe('POST admin/media', () => {
  it('stores a PNG and serves it back byte for byte, public and immutable', async () => {
    const response = await upload(png, 'image/png');
    expect(response.statusCode).toBe(201);
    const { id, url } = response.json();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(url).toBe(`/api/media/${id}`);
    const [row] = await t.db.select().from(media).where(eq(media.id, id));
    const sha256 = createHash('sha256').update(png).digest('hex');
    expect(row).toMatchObject({ contentType: 'image/png', size: png.length, sha256 });
    expect(row!.uploadedBy).toEqual(expect.any(Number));

    // No sign-in: e-mails and customer pages show it.
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      etag: `"${sha256}"`,
      'cross-origin-resource-policy': 'cross-origin',
    });
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': `"${sha256}"` } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await t.app.inject({ method: 'HEAD', url })).statusCode).toBe(200);
  });

  it('answers the stored row for the same bytes again', async () => {
    const gif = freshGif();
    const first = await upload(gif, 'image/gif');
    expect(first.statusCode).toBe(201);
    const second = await upload(gif, 'image/gif');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await t.db.$count(media, eq(media.id, first.json().id))).toBe(1);
  });

  it('takes JPEG and WebP, by what the bytes are rather than what the upload says', async () => {
    const jpeg = jpegWith(`jpeg ${++seq}`);
    const webp = webpWith(`webp ${++seq}`);
    const sent = await upload(jpeg, 'image/png');
    expect(sent.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: sent.json().url })).headers['content-type']).toBe(
      'image/jpeg',
    );
    const webpSent = await upload(webp, 'image/webp');
    expect(webpSent.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: webpSent.json().url })).headers['content-type']).toBe(
      'image/webp',
    );
  });

  it('refuses an image cut short, or of more than 10,000 pixels a side (422), storing nothing', async () => {
    const before = await t.db.$count(media);
    const huge = Buffer.from(png);
    huge.writeUInt32BE(0x7fffffff, 16);
    huge.writeUInt32BE(0x7fffffff, 20);
    const gif = freshGif();
    const jpeg = jpegWith(`cut ${++seq}`);
    const webp = webpWith(`cut ${++seq}`);
    for (const [body, what] of [
      [png.subarray(0, png.length - 12), 'a PNG without its end'],
      [huge, 'a PNG of 2³¹ pixels a side'],
      [gif.subarray(0, gif.length - 1), 'a GIF without its trailer'],
      [jpeg.subarray(0, 16), 'a JPEG cut before its scan'],
      [webp.subarray(0, webp.length - 4), 'a WebP shorter than its RIFF says'],
    ] as const) {
      const response = await upload(body, 'image/png', { ...admin, ...en });
      expect(response.statusCode, what).toBe(422);
      expect(response.json().error.message, what).toBe(
        'The image is damaged or incomplete, or more than 10000 pixels on a side.',
      );
    }
    expect(await t.db.$count(media)).toBe(before);
  });

  it('refuses SVG, HTML, other content types and bodies that are no image (415), in the caller’s language', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>';
    const before = await t.db.$count(media);
    const cases: [Buffer | string, string][] = [
      [svg, 'image/svg+xml'],
      [svg, 'image/png'],
      ['<!doctype html><script>alert(1)</script>', 'text/html'],
      ['<!doctype html><img src=x onerror=alert(1)>', 'image/gif'],
      [png, 'application/octet-stream'],
      [png, 'multipart/form-data; boundary=x'],
      ['{"image":"x"}', 'application/json'],
      ['plain text', 'text/plain'],
      [Buffer.alloc(0), 'image/png'],
    ];
    for (const [body, contentType] of cases) {
      const response = await upload(body, contentType, { ...admin, ...en });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json().error, contentType).toEqual({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'The image must be a PNG, JPEG, WebP or GIF.',
      });
    }
    const cs = await upload(svg, 'image/svg+xml');
    expect(cs.json().error.message).toBe('Obrázek musí být PNG, JPEG, WebP nebo GIF.');
    expect(await t.db.$count(media)).toBe(before);
  });

  it('refuses an image over 2 MB (413) and keeps nothing', async () => {
    const before = await t.db.$count(media);
    const big = Buffer.concat([png, Buffer.alloc(maxMediaBytes + 1 - png.length)]);
    const response = await upload(big, 'image/png', { ...admin, ...en });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({
      code: 'TOO_LARGE',
      message: 'The image is too large (at most 2 MB).',
    });
    // A GIF of exactly 2 MB: padding before its trailer.
    const gif = freshGif();
    const exactly = Buffer.concat([
      gif.subarray(0, gif.length - 1),
      Buffer.alloc(maxMediaBytes - gif.length),
      Buffer.from([0x3b]),
    ]);
    expect((await upload(exactly, 'image/gif')).statusCode).toBe(201);
    expect(await t.db.$count(media)).toBe(before + 1);
  });

  it('is for whoever edits rich text: 401 without a sign-in, 403 without such a permission', async () => {
    expect((await upload(freshGif(), 'image/gif', {})).statusCode).toBe(401);
    const sampler = await t.authWith('media-sampler@genodesk.test', [
      P.AdminPanelView,
      P.SamplesView,
      P.SamplesEdit,
    ]);
    const refused = await upload(freshGif(), 'image/gif', sampler);
    expect(refused.statusCode).toBe(403);
    for (const permission of [P.TemplatesCreate, P.TemplatesEdit, P.ProductsEdit, P.BarcodesView]) {
      const editor = await t.authWith(`media-${permission.toLowerCase()}@genodesk.test`, [
        P.AdminPanelView,
        permission,
      ]);
      expect((await upload(freshGif(), 'image/gif', editor)).statusCode, permission).toBe(201);
    }
  });
});

describe('GET media/{id}', () => {
  it('answers 404 for an unknown id and 400 for one that is no UUID, never a 500', async () => {
    // Longer than any path parameter Fastify reads: 414 before the route.
    expect((await t.app.inject({ method: 'GET', url: `/api/media/${'a'.repeat(300)}` })).statusCode).toBe(
      414,
    );
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/media/0b8f6c1e-6a1d-4b8e-9a3f-2f9d1c7e5a42',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
    for (const id of ['x', '1', '0b8f6c1e-6a1d-4b8e-9a3f-2f9d1c7e5a4', "'; drop table media; --", '%00'])
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/media/${encodeURIComponent(id)}` })).statusCode,
        id,
      ).toBe(400);
  });
});

describe('rich text shows only the app’s own images', () => {
  const id = '0b8f6c1e-6a1d-4b8e-9a3f-2f9d1c7e5a42';

  it('keeps an own image by its path, relative or under PUBLIC_URL, and refuses any other', () => {
    expect(sanitizeRichText(`<p><img src="/api/media/${id}" alt="Graf" class="x"></p>`, 'Text')).toBe(
      `<p><img src="/api/media/${id}" alt="Graf" /></p>`,
    );
    expect(
      sanitizeRichText(`<img src="${publicUrl}/api/media/${id.toUpperCase()}">`, 'Text', { publicUrl }),
    ).toBe(`<img src="/api/media/${id}" />`);
    for (const src of [
      `https://elsewhere.test/pixel.gif`,
      `https://elsewhere.test/api/media/${id}`,
      `${publicUrl}/api/media/${id}`, // without PUBLIC_URL configured
      `//elsewhere.test/api/media/${id}`,
      `/api/media/${id}?u=1`,
      'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
    ])
      expect(() => sanitizeRichText(`<p><img src="${src}"></p>`, 'Text'), src).toThrow(
        expect.objectContaining({ statusCode: 400, messageKey: 'mediaImageNotOwn' }),
      );
  });

  it('through the API: a template keeps an uploaded image and refuses one from elsewhere with the message', async () => {
    const { url } = (await upload(freshGif(), 'image/gif')).json();
    const [combination] = await t.db
      .execute<{ id: number }>(sql`select id from gene_combinations order by id limit 1`)
      .then((r) => r.rows);
    const [template] = await t.db
      .execute<{ id: number }>(
        sql`select id from templates where gene_combination_id = ${combination!.id} order by id limit 1`,
      )
      .then((r) => r.rows);
    const edit = (templateText: string, headers = admin) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/admin/templates/edit',
        payload: { templateId: template!.id, templateText },
        headers,
      });
    const kept = await edit(`<p>Graf</p><p><img src="${publicUrl}${url}" alt="Graf"></p>`);
    expect(kept.statusCode).toBe(200);
    const stored = await t.app.inject({
      method: 'GET',
      url: `/api/admin/templates/gettemplate?Id=${template!.id}`,
      headers: admin,
    });
    expect(stored.json().templateText).toBe(`<p>Graf</p><p><img src="${url}" alt="Graf" /></p>`);

    const refused = await edit('<p><img src="https://elsewhere.test/pixel.gif"></p>', { ...admin, ...en });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.templateText).toBe(
      'Images can only be added by uploading them to the app.',
    );
    const cs = await edit('<p><img src="https://elsewhere.test/pixel.gif"></p>');
    expect(cs.json().error.fields.templateText).toBe('Obrázky lze vkládat jen nahráním do aplikace.');
  });

  it('leaves an own image out of the report PDF’s text without breaking it', () => {
    expect(richTextAst(`<p>Před <img src="/api/media/${id}" alt="Graf"> po</p>`)).toEqual([
      { t: 'p', c: [{ text: 'Před po', b: false, i: false, u: false }] },
    ]);
  });

  it('gives mail clients the image under PUBLIC_URL when the e-mail goes out', async () => {
    expect(mailHtml(`<p><img src="/api/media/${id}" alt="/api/media/" /></p>`, publicUrl)).toBe(
      `<p><img src="${publicUrl}/api/media/${id}" alt="/api/media/" /></p>`,
    );
    // Saved before issue 36: another site's image (a tracking pixel) never reaches the reader.
    expect(
      mailHtml(`<p>A<img src="https://tracker.example/p.gif?u=1" width="1">B<img alt="x"></p>`, publicUrl),
    ).toBe('<p>AB</p>');
    const { url } = (await upload(freshGif(), 'image/gif')).json();
    const to = 'media-reader@example.test';
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/admin/email/send',
      payload: { To: to, Subject: 'Obrázek', Body: `<p>Dobrý den</p><p><img src="${url}" alt="Graf"></p>` },
      headers: admin,
    });
    expect(sent.statusCode).toBe(202);
    const [message] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, to));
    expect(message!.bodyHtml).toContain(`<img src="${url}" alt="Graf" />`);
    // Only this message is due.
    await t.db
      .update(outboxMessages)
      .set({ nextAttemptAt: sql`now() + interval '1 day'` })
      .where(and(eq(outboxMessages.status, 'pending'), notInArray(outboxMessages.id, [message!.id])));
    await t.db
      .update(outboxMessages)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(outboxMessages.id, message!.id));
    const smtp = await startSmtpServer();
    const email = smtpTransport(smtp.url, 'GenoDesk <no-reply@genodesk.test>', { mediaOrigin: publicUrl });
    try {
      expect(await deliverDue(t.db, { email })).toMatchObject({ sent: 1 });
    } finally {
      email.close();
      await smtp.close();
    }
    const data = smtp.received.find((mail) => mail.to.includes(to))!.data;
    // Quoted-printable: soft line breaks and `=3D` undone.
    const decoded = data
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    expect(decoded).toContain(`<img src="${publicUrl}${url}" alt="Graf" />`);
  });
});
