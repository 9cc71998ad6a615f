import type { MediaContentType } from '@genodesk/contract';

/** The longest side an uploaded image may have: a page of rich text shows it at a few hundred pixels. */
export const maxImageSide = 10_000;

type Size = { width: number; height: number };

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 0x10000 + u16be(b, at + 2);
const u32le = (b: Uint8Array, at: number) => u16le(b, at) + u16le(b, at + 2) * 0x10000;
const ascii = (b: Uint8Array, at: number, text: string) =>
  [...text].every((c, i) => b[at + i] === c.charCodeAt(0));

/** A PNG: its IHDR first, its IEND last (a file cut short has none). */
function pngSize(b: Uint8Array): Size | undefined {
  if (b.length < 45 || u32be(b, 8) !== 13 || !ascii(b, 12, 'IHDR')) return undefined;
  if (!ascii(b, b.length - 8, 'IEND')) return undefined;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

/** A JPEG: its segments up to the frame header (SOF), which holds the size; a scan must follow. */
function jpegSize(b: Uint8Array): Size | undefined {
  let at = 2;
  let size: Size | undefined;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1] as number;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = u16be(b, at + 2);
    if (length < 2 || at + 2 + length > b.length) return undefined;
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      size = { height: u16be(b, at + 5), width: u16be(b, at + 7) };
    // Start of scan: the image data follows; a file cut before it has none.
    if (marker === 0xda) return size;
    at += 2 + length;
  }
  return undefined;
}

/** A GIF: its logical screen, and the trailer byte that ends it. */
function gifSize(b: Uint8Array): Size | undefined {
  if (b.length < 14 || b[b.length - 1] !== 0x3b) return undefined;
  return { width: u16le(b, 6), height: u16le(b, 8) };
}

/** A WebP: a RIFF as long as it says, with a VP8, VP8L or VP8X chunk giving the size. */
function webpSize(b: Uint8Array): Size | undefined {
  if (b.length < 30 || u32le(b, 4) + 8 > b.length) return undefined;
  if (ascii(b, 12, 'VP8X')) return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  if (ascii(b, 12, 'VP8L')) {
    if (b[20] !== 0x2f) return undefined;
    const bits = u32le(b, 21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (ascii(b, 12, 'VP8 ')) {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return undefined;
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  return undefined;
}

const sizes: Record<MediaContentType, (b: Uint8Array) => Size | undefined> = {
  'image/png': pngSize,
  'image/jpeg': jpegSize,
  'image/gif': gifSize,
  'image/webp': webpSize,
};

/**
 * Whether the bytes are a whole image of their type, at most `maxImageSide` pixels on a side. The
 * magic number alone let a file cut short, or a PNG declaring 2³¹ × 2³¹ pixels that a browser or mail
 * client would try to allocate, into e-mails and reports.
 */
export function isWholeImage(bytes: Uint8Array, type: MediaContentType): boolean {
  const size = sizes[type](bytes);
  return (
    size !== undefined &&
    size.width >= 1 &&
    size.height >= 1 &&
    size.width <= maxImageSide &&
    size.height <= maxImageSide
  );
}
