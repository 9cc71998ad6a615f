import { type MessageKey, mediaPath, mediaUrlProblem, ownMediaId, videoHosts } from '@genodesk/contract';
import sanitizeHtml from 'sanitize-html';
import { invalid } from '../../http/errors.js';

const textAlign = [/^(left|right|center|justify)$/];
const colour = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*[\d.]+\s*)?\)$/i];

function options(
  onMedia: (tag: 'img' | 'iframe', src: string | undefined) => void,
  publicUrl: string | undefined,
): sanitizeHtml.IOptions {
  const checked =
    (tag: 'img' | 'iframe'): sanitizeHtml.Transformer =>
    (tagName, attribs) => {
      onMedia(tag, attribs.src);
      // The app's own image is stored by its path, whatever address it was pasted from: e-mails make it
      // absolute with PUBLIC_URL when they go out, the app shows it from its own origin.
      const own = tag === 'img' ? ownMediaId(attribs.src, publicUrl) : undefined;
      return { tagName, attribs: own ? { ...attribs, src: mediaPath(own) } : attribs };
    };
  return {
    allowedTags: [
      ...sanitizeHtml.defaults.allowedTags,
      'img',
      'iframe',
      'span',
      'u',
      's',
      'del',
      'ins',
      'mark',
      'sub',
      'sup',
    ],
    allowedAttributes: {
      a: ['href', 'name', 'target', 'rel', 'title'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      iframe: ['src', 'title', 'width', 'height', 'allow', 'allowfullscreen', 'frameborder'],
      div: ['data-youtube-video'],
      ol: ['start'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
      // No `class`: a pasted page's classes would style the report (and the PDF ignores them).
      '*': ['style'],
    },
    allowedStyles: { '*': { 'text-align': textAlign, color: colour, 'background-color': colour } },
    allowedSchemes: ['https', 'http', 'mailto', 'tel'],
    // An image is the app's own medium, by its path (above): no scheme at all.
    allowedSchemesByTag: { img: [], iframe: ['https'] },
    allowedIframeHostnames: [...videoHosts],
    allowProtocolRelative: false,
    transformTags: {
      img: checked('img'),
      iframe: checked('iframe'),
      a: (tagName, attribs) => ({
        tagName,
        attribs: attribs.target ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
      }),
    },
  };
}

export type RichTextOptions = {
  /** An empty text is refused ('required'). */
  required?: boolean;
  /**
   * The app's public address (`PUBLIC_URL`): an image at `<publicUrl>/api/media/<id>` is the app's own
   * too (stored as `/api/media/<id>`). Without it only the relative path is.
   */
  publicUrl?: string;
};

/**
 * Rich-text HTML made safe to store and show: the usual formatting, links, the app's own images
 * (issue 36: uploaded to `POST admin/media`, nothing from elsewhere — no tracking pixel in a report or
 * an e-mail) and YouTube or Vimeo players stay; scripts, event handlers, classes and anything else are
 * dropped. An embedded image from elsewhere, or a video with an empty or unsupported URL, is refused
 * (400 on `field`), as is an empty required text.
 */
export function sanitizeRichText(
  html: string,
  field: string,
  { required = false, publicUrl }: RichTextOptions = {},
): string {
  let problem: MessageKey | undefined;
  const clean = sanitizeHtml(
    html,
    options((tag, src) => {
      problem ??= mediaUrlProblem(tag, src, publicUrl);
    }, publicUrl),
  ).trim();
  if (problem) throw invalid(problem, field);
  if (required && !clean) throw invalid('required', field);
  // What a render must be able to lay out (issue 36): a list nested a thousand deep crashed the text
  // conversion, one 199,000-character word held a render until it was killed.
  if (nestingDepth(clean) > maxRichTextDepth)
    throw invalid('richTextTooDeep', field, { max: maxRichTextDepth });
  if (longestWord(clean) > maxRichTextWord)
    throw invalid('richTextWordTooLong', field, { max: maxRichTextWord });
  return clean;
}

export const maxRichTextDepth = 24;
export const maxRichTextWord = 500;

const voidTags = new Set(['br', 'img', 'hr', 'wbr']);

/** How deep elements nest in sanitised HTML (every tag is closed by sanitize-html). */
function nestingDepth(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const [, closing, name] of html.matchAll(/<(\/?)([a-z][a-z0-9]*)\b[^>]*>/gi)) {
    if (voidTags.has((name as string).toLowerCase())) continue;
    depth += closing ? -1 : 1;
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

function longestWord(html: string): number {
  let longest = 0;
  for (const word of plainText(html).split(/\s+/)) longest = Math.max(longest, word.length);
  return longest;
}

/** The plain text of rich-text HTML (an e-mail's text part). */
export const plainText = (html: string) =>
  sanitizeHtml(html.replace(/<\/(p|div|h\d|li)>|<br\s*\/?>/gi, '$&\n'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
