import sanitizeHtml from 'sanitize-html';

/** A run of text with its emphasis. */
export type RichRun = { text: string; b: boolean; i: boolean; u: boolean };
/** A block of the doctor's rich text as the PDF template draws it. */
export type RichBlock =
  | { t: 'p' | 'h'; c: RichRun[] }
  | { t: 'ul' | 'ol'; items: RichBlock[][] }
  | { t: 'quote'; c: RichBlock[] };

const blockTags = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'ul', 'ol', 'li']);
const inlineTags = ['strong', 'b', 'em', 'i', 'u', 'br'];

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return entities[name.toLowerCase()] ?? whole;
  });

type Node = { tag: string; children: (Node | string)[] };

/**
 * The doctor's rich text (stored sanitised HTML) as blocks for the PDF: paragraphs, headings, bold,
 * italic, underline, lists (nested), quotes. Images, videos, tables and links' targets are not printed
 * (a link keeps its text). It is sanitised again to that closed set of tags without attributes, so the
 * small tokenizer below only ever meets well-formed, escaped HTML.
 */
export function richTextAst(html: string): RichBlock[] {
  const clean = sanitizeHtml(html, { allowedTags: [...blockTags, ...inlineTags], allowedAttributes: {} });
  const root: Node = { tag: 'root', children: [] };
  const stack: Node[] = [root];
  for (const match of clean.matchAll(/<(\/?)([a-z0-9]+)\s*\/?>|([^<]+)/gi)) {
    const [, closing, rawTag, text] = match;
    const top = stack[stack.length - 1]!;
    if (text !== undefined) {
      top.children.push(decode(text));
      continue;
    }
    const tag = rawTag!.toLowerCase();
    if (tag === 'br') {
      top.children.push('\n');
    } else if (closing) {
      const at = stack.findLastIndex((node) => node.tag === tag);
      if (at > 0) stack.length = at;
    } else {
      const node: Node = { tag, children: [] };
      top.children.push(node);
      stack.push(node);
    }
  }
  return blocksOf(root.children);
}

function runsOf(
  children: (Node | string)[],
  b = false,
  i = false,
  u = false,
  out: RichRun[] = [],
): RichRun[] {
  for (const child of children) {
    if (typeof child === 'string') {
      const text = child === '\n' ? '\n' : child.replace(/\s+/g, ' ');
      if (text) out.push({ text, b, i, u });
    } else {
      runsOf(
        child.children,
        b || child.tag === 'strong' || child.tag === 'b',
        i || child.tag === 'em' || child.tag === 'i',
        u || child.tag === 'u',
        out,
      );
    }
  }
  return out;
}

const trimmed = (runs: RichRun[]) => {
  const out = runs.map((run) => ({ ...run }));
  if (out[0]) out[0].text = out[0].text.trimStart();
  const last = out[out.length - 1];
  if (last) last.text = last.text.trimEnd();
  return out.filter((run) => run.text !== '');
};

function blocksOf(children: (Node | string)[]): RichBlock[] {
  const blocks: RichBlock[] = [];
  let loose: (Node | string)[] = [];
  const flush = () => {
    const c = trimmed(runsOf(loose));
    if (c.length) blocks.push({ t: 'p', c });
    loose = [];
  };
  for (const child of children) {
    if (typeof child === 'string' || !blockTags.has(child.tag)) {
      loose.push(child);
      continue;
    }
    flush();
    if (child.tag === 'ul' || child.tag === 'ol') {
      const items = child.children
        .filter((item): item is Node => typeof item !== 'string' && item.tag === 'li')
        .map((item) => blocksOf(item.children))
        .filter((item) => item.length > 0);
      if (items.length) blocks.push({ t: child.tag, items });
    } else if (child.tag === 'blockquote') {
      const c = blocksOf(child.children);
      if (c.length) blocks.push({ t: 'quote', c });
    } else if (/^h\d$/.test(child.tag)) {
      const c = trimmed(runsOf(child.children));
      if (c.length) blocks.push({ t: 'h', c });
    } else if (child.children.some((node) => typeof node !== 'string' && blockTags.has(node.tag))) {
      blocks.push(...blocksOf(child.children));
    } else {
      const c = trimmed(runsOf(child.children));
      if (c.length) blocks.push({ t: 'p', c });
    }
  }
  flush();
  return blocks;
}
