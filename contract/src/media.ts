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
 * Why an embedded image or video cannot be kept: its URL must be non-empty https, videos a known
 * player. The server enforces it when it sanitises; the editor checks it before inserting.
 */
export function mediaUrlProblem(tag: 'img' | 'iframe', src: string | undefined): MessageKey | undefined {
  const value = src?.trim() ?? '';
  if (!value) return 'mediaUrlEmpty';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'mediaUrlUnsupported';
  }
  if (url.protocol !== 'https:') return 'mediaUrlUnsupported';
  if (tag === 'img') return undefined;
  if (!(videoHosts as readonly string[]).includes(url.hostname)) return 'mediaUrlUnsupported';
  const player = url.hostname.includes('youtube') ? /^\/embed\/[\w-]+$/ : /^\/video\/\d+$/;
  return player.test(url.pathname) ? undefined : 'mediaUrlUnsupported';
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
