import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A flame graph (SVG, one file, a tooltip per frame) from a V8 CPU profile (`.cpuprofile`: the bench's
 * `BENCH_PROFILE_OUT` or `BENCH_PROFILE_DIR`, `node --cpu-prof`). The profile's call tree, the root at
 * the bottom, each frame as wide as its share of the samples; time idle is left out, so the widths
 * are shares of the work. Frames under 0.1 % are dropped. Ours orange, libraries yellow, Node's own and
 * native code red, V8's pseudo-frames (garbage collector, program) grey. At most 40 frames deep.
 *
 * `npx tsx bench/flame-graph.ts profile.cpuprofile out.svg "title"`
 */
export type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
};

const width = 1200;
const rowHeight = 17;
const minShare = 0.001;
/** Deeper frames are left out: a module's loading at start stacks a hundred deep and says little. */
const maxDepth = 40;

const xmlText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A frame as the profile tables and the graphs name it: function, then file (within the project) and line. */
export function frameName({ functionName, url, lineNumber }: ProfileNode['callFrame']) {
  const where = url
    ? ` ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/api\//, '')}:${lineNumber + 1}`
    : '';
  return `${functionName || '(anonymous)'}${where}`;
}

function colour({ functionName, url }: ProfileNode['callFrame']) {
  const hash = [...(functionName + url)].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  const jitter = hash % 40;
  if (!url)
    return /^\(/.test(functionName)
      ? `rgb(${170 + (jitter % 20)},${170 + (jitter % 20)},${170 + (jitter % 20)})`
      : `rgb(${215 + (jitter % 40)},${80 + jitter},60)`;
  if (url.startsWith('node:')) return `rgb(${215 + (jitter % 40)},${80 + jitter},60)`;
  if (url.includes('node_modules')) return `rgb(${225 + (jitter % 30)},${190 + jitter},70)`;
  return `rgb(${240 - (jitter % 20)},${130 + jitter},40)`;
}

export function flameGraph(profile: { nodes: ProfileNode[] }, title: string): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const childIds = new Set(profile.nodes.flatMap((node) => node.children ?? []));
  const root = profile.nodes.find((node) => !childIds.has(node.id));
  if (!root) throw new Error('a profile without a root');
  const isIdle = (node: ProfileNode) => node.callFrame.functionName === '(idle)';
  const totals = new Map<number, number>();
  const total = (node: ProfileNode): number => {
    if (isIdle(node)) return 0;
    const sum = (node.hitCount ?? 0) + (node.children ?? []).reduce((s, id) => s + total(byId.get(id)!), 0);
    totals.set(node.id, sum);
    return sum;
  };
  const all = total(root);
  const frames: { level: number; x: number; w: number; node: ProfileNode; share: number }[] = [];
  const place = (node: ProfileNode, x: number, level: number) => {
    const share = (totals.get(node.id) ?? 0) / all;
    if (share < minShare || level > maxDepth) return;
    frames.push({ level, x, w: share * width, node, share });
    let childX = x;
    const children = (node.children ?? [])
      .map((id) => byId.get(id)!)
      .sort((a, b) => frameName(a.callFrame).localeCompare(frameName(b.callFrame)));
    for (const child of children) {
      place(child, childX, level + 1);
      childX += ((totals.get(child.id) ?? 0) / all) * width;
    }
  };
  place(root, 0, 0);
  const depth = Math.max(...frames.map((frame) => frame.level));
  const top = 40;
  const height = top + (depth + 1) * rowHeight + 10;
  // The root at the bottom.
  const placed = frames.map(({ level, x, w, node, share }) => {
    const name = frameName(node.callFrame);
    const chars = Math.floor((w - 6) / 6.6);
    const text = chars < 3 ? '' : name.length <= chars ? name : `${name.slice(0, chars - 1)}…`;
    const y = top + (depth - level) * rowHeight;
    return (
      `<g transform="translate(0,${y})"><title>${xmlText(`${name} (${(share * 100).toFixed(1)} %)`)}</title>` +
      `<rect x="${x.toFixed(1)}" width="${w.toFixed(1)}" height="${rowHeight - 1}" fill="${colour(node.callFrame)}"/>` +
      (text ? `<text x="${(x + 3).toFixed(1)}" dy="12">${xmlText(text)}</text>` : '') +
      '</g>'
    );
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans Mono, monospace" font-size="11" role="img" aria-label="${xmlText(title)}">`,
    `<title>${xmlText(title)}</title>`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="${width / 2}" y="22" text-anchor="middle" font-size="15">${xmlText(title)}</text>`,
    ...placed,
    '</svg>',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]).endsWith('flame-graph.ts')) {
  const [input, output, title] = process.argv.slice(2);
  if (!input || !output) {
    console.error('usage: flame-graph.ts profile.cpuprofile out.svg [title]');
    process.exit(2);
  }
  const profile = JSON.parse(readFileSync(input, 'utf8')) as { nodes: ProfileNode[] };
  writeFileSync(output, flameGraph(profile, title ?? path.basename(input)));
  console.info(`${output}: flame graph of ${input}`);
}
