import { isEmptyRichText, mediaPath, mediaUrlProblem, ownMediaId } from '@genodesk/contract/media';

export { isEmptyRichText };

import type { MessageKey } from '@genodesk/contract/messages';

/** The embed (player) URL of a YouTube link (watch, youtu.be, shorts or embed), or undefined. */
export function youtubeEmbedUrl(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:') return undefined;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  let id: string | null | undefined;
  if (host === 'youtu.be') id = url.pathname.slice(1);
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (url.pathname === '/watch') id = url.searchParams.get('v');
    else id = url.pathname.match(/^\/(?:embed|shorts|live)\/([\w-]+)/)?.[1];
  }
  return id && /^[\w-]+$/.test(id) ? `https://www.youtube.com/embed/${id}` : undefined;
}

/**
 * An image's `src` as the editor keeps it: the app's own image by its path (`/api/media/<id>`), also
 * when pasted with this address in front (a browser's copy makes URLs absolute); any other as it is
 * (saving it is refused: images come only from uploads, issue 36).
 */
export function ownImageSrc(src: string | null, origin = window.location.origin): string | null {
  const id = ownMediaId(src, origin);
  return id ? mediaPath(id) : src;
}

/** The first embedded image or video of rich-text HTML whose URL the server would refuse. */
export function richTextMediaProblem(html: string, origin = window.location.origin): MessageKey | undefined {
  if (!/<(img|iframe)\b/i.test(html)) return undefined;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const element of doc.querySelectorAll('img, iframe')) {
    const tag = element.tagName.toLowerCase() === 'img' ? 'img' : 'iframe';
    const problem = mediaUrlProblem(tag, element.getAttribute('src') ?? undefined, origin);
    if (problem) return problem;
  }
  return undefined;
}
