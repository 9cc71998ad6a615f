import { type MessageKey, mediaUrlProblem, videoHosts } from '@genodesk/contract';
import sanitizeHtml from 'sanitize-html';
import { invalid } from '../../http/errors.js';

const textAlign = [/^(left|right|center|justify)$/];
const colour = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*[\d.]+\s*)?\)$/i];

function options(onMedia: (tag: 'img' | 'iframe', src: string | undefined) => void): sanitizeHtml.IOptions {
  const checked =
    (tag: 'img' | 'iframe'): sanitizeHtml.Transformer =>
    (tagName, attribs) => {
      onMedia(tag, attribs.src);
      return { tagName, attribs };
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
      '*': ['style', 'class'],
    },
    allowedStyles: { '*': { 'text-align': textAlign, color: colour, 'background-color': colour } },
    allowedSchemes: ['https', 'http', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['https'], iframe: ['https'] },
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

/**
 * Rich-text HTML made safe to store and show: the usual formatting, links, https images and YouTube
 * or Vimeo players stay; scripts, event handlers and anything else are dropped. An embedded image or
 * video with an empty or unsupported URL is refused (400 on `field`), as is an empty required text.
 */
export function sanitizeRichText(html: string, field: string, required = false): string {
  let problem: MessageKey | undefined;
  const clean = sanitizeHtml(
    html,
    options((tag, src) => {
      problem ??= mediaUrlProblem(tag, src);
    }),
  ).trim();
  if (problem) throw invalid(problem, field);
  if (required && !clean) throw invalid('required', field);
  return clean;
}

/** The plain text of rich-text HTML (an e-mail's text part). */
export const plainText = (html: string) =>
  sanitizeHtml(html.replace(/<\/(p|div|h\d|li)>|<br\s*\/?>/gi, '$&\n'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
