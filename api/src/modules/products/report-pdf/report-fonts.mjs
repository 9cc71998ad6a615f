// The DejaVu fonts as the report embeds them (issue 38), prepared once per rendering process before
// Typst gets them: Typst's subsetter keeps every table it finds, and two of them made a third of each
// embedded subset. Plain JavaScript for the same reason as render-worker.mjs.
//
// - The `name` table keeps the records a font is known by and its copyright (IDs 0–6), as HarfBuzz's
//   and fontTools' subsetters do by default; the licence's full text (ID 13, ~9.5 kB per font) goes.
// - The TrueType hinting goes (`cvt `, `fpgm`, `prep`, and every glyph's instructions): grid-fitting
//   for screens at small sizes, which PDF viewers mostly do themselves (pdf.js, Chromium's and
//   Firefox's viewers hand the font to an unhinted rasteriser) and print never needs.
// The outlines, metrics, kerning and shaping tables are kept byte for byte.

/** Tables dropped whole: the hinting programs, and the device metrics only hinting needs. */
const droppedTables = new Set(['cvt ', 'fpgm', 'prep', 'hdmx', 'LTSH', 'VDMX']);
/** Name IDs kept: copyright, family, subfamily, unique ID, full name, version, PostScript name. */
const keptNameIds = new Set([0, 1, 2, 3, 4, 5, 6]);

/** A table's checksum (OpenType, "Calculating checksums"): its big-endian 32-bit words summed, zero-padded. */
function checksum(bytes) {
  let sum = 0;
  const whole = bytes.length & ~3;
  for (let i = 0; i < whole; i += 4)
    sum = (sum + ((bytes[i] << 24) | (bytes[i + 1] << 16) | (bytes[i + 2] << 8) | bytes[i + 3])) >>> 0;
  if (whole < bytes.length) {
    let last = 0;
    for (let i = whole; i < whole + 4; i++) last = ((last << 8) | (i < bytes.length ? bytes[i] : 0)) >>> 0;
    sum = (sum + last) >>> 0;
  }
  return sum;
}

/** The `name` table with the kept records only, their strings stored anew. */
function lighterNames(name) {
  const count = name.readUInt16BE(2);
  const storage = name.readUInt16BE(4);
  const records = [];
  for (let i = 0; i < count; i++) {
    const at = 6 + 12 * i;
    if (!keptNameIds.has(name.readUInt16BE(at + 6))) continue;
    const length = name.readUInt16BE(at + 8);
    const offset = storage + name.readUInt16BE(at + 10);
    records.push({ head: name.subarray(at, at + 8), text: name.subarray(offset, offset + length) });
  }
  const header = Buffer.alloc(6 + 12 * records.length);
  header.writeUInt16BE(0, 0);
  header.writeUInt16BE(records.length, 2);
  header.writeUInt16BE(header.length, 4);
  let offset = 0;
  records.forEach(({ head, text }, i) => {
    head.copy(header, 6 + 12 * i);
    header.writeUInt16BE(text.length, 6 + 12 * i + 8);
    header.writeUInt16BE(offset, 6 + 12 * i + 10);
    offset += text.length;
  });
  return Buffer.concat([header, ...records.map(({ text }) => text)]);
}

/**
 * Copies glyph `source[start, end)` into `target` at `at` without its instructions (a simple glyph's
 * instruction length set to 0; a composite's WE_HAVE_INSTRUCTIONS flag cleared and its instructions
 * cut); answers its new length.
 */
function copyWithoutInstructions(source, start, end, target, at) {
  if (end <= start) return 0;
  const contours = source.readInt16BE(start);
  if (contours >= 0) {
    const lengthAt = start + 10 + 2 * contours;
    const rest = lengthAt + 2 + source.readUInt16BE(lengthAt);
    let to = at + source.copy(target, at, start, lengthAt);
    to = target.writeUInt16BE(0, to);
    return to + source.copy(target, to, rest, end) - at;
  }
  source.copy(target, at, start, end);
  let component = at + 10;
  for (;;) {
    const flags = target.readUInt16BE(component);
    target.writeUInt16BE(flags & ~0x0100, component); // WE_HAVE_INSTRUCTIONS
    component += 4 + (flags & 0x0001 ? 4 : 2); // flags, glyph index, then the arguments (words or bytes)
    if (flags & 0x0008)
      component += 2; // WE_HAVE_A_SCALE
    else if (flags & 0x0040)
      component += 4; // WE_HAVE_AN_X_AND_Y_SCALE
    else if (flags & 0x0080) component += 8; // WE_HAVE_A_TWO_BY_TWO
    if (!(flags & 0x0020)) {
      // No MORE_COMPONENTS: the instructions followed, copied with the rest; zeroed, as padding is.
      target.fill(0, component, at + end - start);
      return component - at;
    }
  }
}

/**
 * A TrueType font without hinting and with a short `name` table (see above).
 *
 * @param {Buffer} font
 * @returns {Buffer}
 */
export function lighterFont(font) {
  const version = font.readUInt32BE(0);
  if (version !== 0x00010000 && version !== 0x74727565) return font; // not TrueType outlines
  const tables = new Map();
  for (let i = 0; i < font.readUInt16BE(4); i++) {
    const at = 12 + 16 * i;
    const offset = font.readUInt32BE(at + 8);
    tables.set(
      font.toString('latin1', at, at + 4),
      font.subarray(offset, offset + font.readUInt32BE(at + 12)),
    );
  }
  const head = Buffer.from(tables.get('head'));
  const maxp = Buffer.from(tables.get('maxp'));
  const loca = tables.get('loca');
  const glyf = tables.get('glyf');
  if (!head || !loca || !glyf || maxp.length < 32) return font;

  const glyphs = maxp.readUInt16BE(4);
  const longOffsets = head.readInt16BE(50) === 1;
  const offsetOf = (i) => (longOffsets ? loca.readUInt32BE(4 * i) : 2 * loca.readUInt16BE(2 * i));
  // Each glyph shrinks or stays; padded to 4 bytes it may grow by 3.
  const newGlyf = Buffer.alloc(glyf.length + 3 * glyphs);
  const newLoca = Buffer.alloc(4 * (glyphs + 1));
  let at = 0;
  for (let i = 0; i < glyphs; i++) {
    newLoca.writeUInt32BE(at, 4 * i);
    at += copyWithoutInstructions(glyf, offsetOf(i), offsetOf(i + 1), newGlyf, at);
    at += (4 - (at % 4)) % 4;
  }
  newLoca.writeUInt32BE(at, 4 * glyphs);
  head.writeInt16BE(1, 50); // long loca offsets
  head.writeUInt32BE(0, 8); // checkSumAdjustment, set below
  maxp.writeUInt16BE(0, 26); // maxSizeOfInstructions
  tables.set('glyf', newGlyf.subarray(0, at));
  tables.set('loca', newLoca);
  tables.set('head', head);
  tables.set('maxp', maxp);
  if (tables.has('name')) tables.set('name', lighterNames(tables.get('name')));
  for (const tag of droppedTables) tables.delete(tag);

  const tags = [...tables.keys()].sort();
  const directory = Buffer.alloc(12 + 16 * tags.length);
  directory.writeUInt32BE(version, 0);
  directory.writeUInt16BE(tags.length, 4);
  const power = 2 ** Math.floor(Math.log2(tags.length));
  directory.writeUInt16BE(power * 16, 6);
  directory.writeUInt16BE(Math.log2(power), 8);
  directory.writeUInt16BE(tags.length * 16 - power * 16, 10);
  const bodies = [];
  let offset = directory.length;
  // The whole font's checksum is the directory's plus each (padded) table's.
  let fontSum = 0;
  tags.forEach((tag, i) => {
    const table = tables.get(tag);
    const record = 12 + 16 * i;
    const sum = checksum(table);
    fontSum = (fontSum + sum) >>> 0;
    directory.write(tag, record, 'latin1');
    directory.writeUInt32BE(sum, record + 4);
    directory.writeUInt32BE(offset, record + 8);
    directory.writeUInt32BE(table.length, record + 12);
    const padding = (4 - (table.length % 4)) % 4;
    bodies.push(table, Buffer.alloc(padding));
    offset += table.length + padding;
  });
  const out = Buffer.concat([directory, ...bodies]);
  const headAt = directory.readUInt32BE(12 + 16 * tags.indexOf('head') + 8);
  out.writeUInt32BE((0xb1b0afba - ((fontSum + checksum(directory)) >>> 0)) >>> 0, headAt + 8);
  return out;
}
