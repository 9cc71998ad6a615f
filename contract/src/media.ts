import { z } from 'zod';
import type { MessageKey } from './messages.js';

/** Hosts whose players may be embedded in rich text (YouTube, also its privacy mode, and Vimeo). */
export const videoHosts = [
  'www.youtube.com',
  'youtube.com',
  'www.youtube-nocookie.com',
  'youtube-nocookie.com',
  'player.vimeo.com',
] as const;

/**
 * The app's own media (issue 36): the only images rich text may show, uploaded with
 * `POST admin/media` and served by `GET media/<id>`. No image from elsewhere: an outside image in a
 * report or an e-mail tells its host who opened it, and when (a tracking pixel).
 */
export const mediaContentTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type MediaContentType = (typeof mediaContentTypes)[number];

/** The largest image accepted: 2 MB. */
export const maxMediaBytes = 2 * 1024 * 1024;

/** Where the app serves a medium, relative to its address (stored so in rich text). */
export const mediaPath = (id: string) => `/api/media/${id.toLowerCase()}`;

/** A UUID in any version, as text (a medium's id). */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const mediaPathPattern = new RegExp(`^/api/media/(${uuidPattern.source.slice(1, -1)})$`, 'i');

/**
 * The id of the app's own medium that `src` points at, or undefined: `/api/media/<uuid>` exactly, or
 * the same under `origin` (the app's public address, `PUBLIC_URL`; in the browser its own origin).
 * Nothing else: no query, no fragment, no other host, no protocol-relative `//…`.
 */
export function ownMediaId(src: string | null | undefined, origin?: string): string | undefined {
  const value = src?.trim() ?? '';
  const relative = mediaPathPattern.exec(value);
  if (relative) return relative[1]!.toLowerCase();
  if (!origin || !/^https?:\/\//i.test(value)) return undefined;
  let url: URL;
  let own: URL;
  try {
    url = new URL(value);
    own = new URL(origin);
  } catch {
    return undefined;
  }
  if (url.origin !== own.origin || url.username || url.password || url.search || url.hash) return undefined;
  return mediaPathPattern.exec(url.pathname)?.[1]?.toLowerCase();
}

/**
 * Why an embedded image or video cannot be kept: an image must be the app's own medium
 * (`ownMediaId`, absolute only under `origin`), a video a known player's https URL. The server
 * enforces it when it sanitises; the editor checks it before inserting and before sending.
 */
export function mediaUrlProblem(
  tag: 'img' | 'iframe',
  src: string | undefined,
  origin?: string,
): MessageKey | undefined {
  const value = src?.trim() ?? '';
  if (!value) return 'mediaUrlEmpty';
  if (tag === 'img') return ownMediaId(value, origin) ? undefined : 'mediaImageNotOwn';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'mediaUrlUnsupported';
  }
  if (url.protocol !== 'https:') return 'mediaUrlUnsupported';
  if (!(videoHosts as readonly string[]).includes(url.hostname)) return 'mediaUrlUnsupported';
  const player = url.hostname.includes('youtube') ? /^\/embed\/[\w-]+$/ : /^\/video\/\d+$/;
  return player.test(url.pathname) ? undefined : 'mediaUrlUnsupported';
}

/** The image type the bytes are, by their magic numbers; undefined for anything else (SVG included). */
export function sniffMediaType(bytes: Uint8Array): MediaContentType | undefined {
  const starts = (signature: number[], at = 0) =>
    bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
  const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts(ascii('GIF87a')) || starts(ascii('GIF89a'))) return 'image/gif';
  if (starts(ascii('RIFF')) && starts(ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}

/** Editor HTML that holds no text and no media counts as empty (Tiptap answers `<p></p>`). */
export function isEmptyRichText(html: string | null | undefined): boolean {
  if (!html) return true;
  if (/<(img|iframe)\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() === ''
  );
}

/**
 * Editor HTML that must say something: an empty editor (`<p></p>`, a lone `<br>`) is 'required', as the
 * form says, not saved as a text nobody wrote.
 */
export const requiredRichText = (max = 200_000) =>
  z
    .string({ error: 'required' })
    .max(max, 'invalidValue')
    .refine((html) => !isEmptyRichText(html), 'required');
