// The report PDF made small (issue 38), and read back for its signature (sign-pdf.mjs). Plain
// JavaScript for the same reason as render-worker.mjs: it runs as plain `node`.
//
// Typst writes every object of the tag tree (thousands of structure elements) as a plain,
// uncompressed object listed in a classic cross-reference table: two thirds of a 60-phenotype report.
// `packObjectStreams` moves every object that may go there into Flate-compressed object streams and
// replaces the table by a cross-reference stream (ISO 32000-1 §7.5.7–7.5.8, PDF 1.5; allowed by
// PDF/A-2, ISO 19005-2 §6.1). It needs no full parse: Typst's own table gives where each object
// starts, the next one's start where it ends, and a stream is told by the `endstream` that closes it.
// The streams (page contents, fonts, XMP metadata) are copied byte for byte, but for the few Typst
// leaves uncompressed (the fonts' ToUnicode CMaps), which get Flate; the objects packed lose
// the indentation Typst gives every dictionary entry. `pdfObjects` reads such a file back (the
// signature's update needs its catalog and first page) without parsing the rest.
import { deflateSync, inflateSync } from 'node:zlib';

const endobjBytes = Buffer.from('endobj');

/**
 * Objects per object stream: 1,000 (~100 kB before Flate) made the report 2 kB smaller than 200, the
 * streams' offset headers compressing together; a reader inflates one stream to reach any of its objects.
 */
const objectsPerStream = 1000;
/** Flate level: 6 (zlib's default); 5 saves ~1.5 ms for 1 kB more, 8 saves 3 kB for 5 ms more. */
const flateLevel = 6;

const isWhitespace = (byte) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
const isDelimiter = (byte) =>
  byte === 0x28 || // (
  byte === 0x29 || // )
  byte === 0x3c || // <
  byte === 0x3e || // >
  byte === 0x5b || // [
  byte === 0x5d || // ]
  byte === 0x7b || // {
  byte === 0x7d || // }
  byte === 0x2f || // /
  byte === 0x25; // %

/** The position of the next token at or after `at` (whitespace and comments skipped). */
function skipSpace(bytes, at) {
  let i = at;
  while (i < bytes.length) {
    const byte = bytes[i];
    if (isWhitespace(byte)) i++;
    else if (byte === 0x25) {
      while (i < bytes.length && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
    } else break;
  }
  return i;
}

/** The end of the token at `at` (a container's opening or closing bracket is a token of its own). */
function tokenEnd(bytes, at) {
  const byte = bytes[at];
  if (byte === 0x28) {
    // A literal string: balanced parentheses, a backslash escapes the next byte.
    let depth = 0;
    for (let i = at; i < bytes.length; i++) {
      const c = bytes[i];
      if (c === 0x5c) i++;
      else if (c === 0x28) depth++;
      else if (c === 0x29 && --depth === 0) return i + 1;
    }
    throw new Error('PDF: an unterminated string');
  }
  if (byte === 0x3c) {
    if (bytes[at + 1] === 0x3c) return at + 2;
    const end = bytes.indexOf(0x3e, at);
    if (end < 0) throw new Error('PDF: an unterminated hex string');
    return end + 1;
  }
  if (byte === 0x3e) {
    if (bytes[at + 1] !== 0x3e) throw new Error('PDF: a stray ">"');
    return at + 2;
  }
  if (byte === 0x5b || byte === 0x5d || byte === 0x7b || byte === 0x7d) return at + 1;
  let i = at + 1;
  while (i < bytes.length && !isWhitespace(bytes[i]) && !isDelimiter(bytes[i])) i++;
  return i;
}

/** The end of the value (a container with everything in it, or a reference `n g R`) starting at `at`. */
function valueEnd(bytes, at) {
  const first = bytes[at];
  if ((first === 0x3c && bytes[at + 1] === 0x3c) || first === 0x5b) {
    let depth = 0;
    let i = at;
    for (;;) {
      i = skipSpace(bytes, i);
      if (i >= bytes.length) throw new Error('PDF: an unterminated dictionary or array');
      const c = bytes[i];
      if ((c === 0x3c && bytes[i + 1] === 0x3c) || c === 0x5b) depth++;
      else if ((c === 0x3e && bytes[i + 1] === 0x3e) || c === 0x5d) depth--;
      i = tokenEnd(bytes, i);
      if (depth === 0) return i;
    }
  }
  const end = tokenEnd(bytes, at);
  // `12 0 R`: a number followed by a number and R is one value.
  if (first >= 0x30 && first <= 0x39) {
    const second = skipSpace(bytes, end);
    if (bytes[second] >= 0x30 && bytes[second] <= 0x39) {
      const secondEnd = tokenEnd(bytes, second);
      const r = skipSpace(bytes, secondEnd);
      if (bytes[r] === 0x52 && tokenEnd(bytes, r) === r + 1) return r + 1;
    }
  }
  return end;
}

/**
 * A dictionary's entries as written (`<< /Key value … >>` → [['Key', 'value'], …]), values as raw
 * latin1 text, so they are written back byte for byte.
 *
 * @param {Buffer} bytes
 * @returns {[string, string][]}
 */
export function dictionaryEntries(bytes) {
  let i = skipSpace(bytes, 0);
  if (bytes[i] !== 0x3c || bytes[i + 1] !== 0x3c) throw new Error('PDF: not a dictionary');
  i += 2;
  const entries = [];
  for (;;) {
    i = skipSpace(bytes, i);
    if (bytes[i] === 0x3e && bytes[i + 1] === 0x3e) return entries;
    if (bytes[i] !== 0x2f) throw new Error('PDF: a dictionary key is not a name');
    const keyEnd = tokenEnd(bytes, i);
    const start = skipSpace(bytes, keyEnd);
    const end = valueEnd(bytes, start);
    entries.push([bytes.toString('latin1', i + 1, keyEnd), bytes.toString('latin1', start, end)]);
    i = end;
  }
}

/** A dictionary written from its entries (dictionaryEntries' inverse). */
export const dictionaryText = (entries) =>
  `<<\n${entries.map(([key, value]) => `/${key} ${value}\n`).join('')}>>`;

/** `12 0 R` → 12 (generation 0 only: nothing here writes or reads another). */
export function referenceNumber(value) {
  const match = /^(\d+)\s+0\s+R$/.exec(value);
  if (!match) throw new Error(`PDF: not a reference: ${value}`);
  return Number(match[1]);
}

/** The values of an array as written (`[1 0 R /X (a)]` → ['1 0 R', '/X', '(a)']). */
export function arrayValues(bytes) {
  let i = skipSpace(bytes, 0);
  if (bytes[i] !== 0x5b) throw new Error('PDF: not an array');
  i++;
  const values = [];
  for (;;) {
    i = skipSpace(bytes, i);
    if (i >= bytes.length) throw new Error('PDF: an unterminated array');
    if (bytes[i] === 0x5d) return values;
    const end = valueEnd(bytes, i);
    values.push(bytes.toString('latin1', i, end));
    i = end;
  }
}

/** The offset `startxref` gives (the last cross-reference section). */
function lastCrossReference(pdf) {
  const tail = pdf.toString('latin1', Math.max(0, pdf.length - 1024));
  const offset = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail)?.[1]);
  if (!Number.isInteger(offset) || offset >= pdf.length) throw new Error('PDF: no startxref');
  return offset;
}

/** The unsigned integer written in decimal at `at`, and where it ends (-1 for none). */
function integerAt(bytes, at) {
  let value = 0;
  let i = at;
  while (bytes[i] >= 0x30 && bytes[i] <= 0x39) value = value * 10 + bytes[i++] - 0x30;
  return i === at ? { value: -1, end: at } : { value, end: i };
}

/**
 * A classic cross-reference section at `at` (`xref`): its in-use entries (number → offset,
 * generation), read from the fixed 20-byte entries (§7.5.4), and the trailer dictionary's entries.
 */
function classicSection(pdf, at) {
  /** @type {Map<number, { offset: number, generation: number }>} */
  const entries = new Map();
  let i = skipSpace(pdf, at + 4);
  while (pdf[i] >= 0x30 && pdf[i] <= 0x39) {
    const first = integerAt(pdf, i);
    const count = integerAt(pdf, skipSpace(pdf, first.end));
    if (count.value < 0) throw new Error('PDF: a bad cross-reference subsection');
    i = skipSpace(pdf, count.end);
    for (let k = 0; k < count.value; k++, i += 20) {
      if (pdf[i + 10] !== 0x20 || pdf[i + 16] !== 0x20) throw new Error('PDF: a bad cross-reference entry');
      if (pdf[i + 17] !== 0x6e) continue; // f: free
      entries.set(first.value + k, {
        offset: integerAt(pdf, i).value,
        generation: integerAt(pdf, i + 11).value,
      });
    }
    i = skipSpace(pdf, i);
  }
  if (!startsWithAt(pdf, i, 'trailer')) throw new Error('PDF: a cross-reference table without trailer');
  const trailer = dictionaryEntries(pdf.subarray(skipSpace(pdf, i + 7)));
  return { entries, trailer };
}

/** The delimiters after or before which whitespace separates nothing (not `/`: `/ 1` is the empty name and 1). */
const isTightDelimiter = (byte) =>
  byte === 0x5b || byte === 0x5d || byte === 0x3c || byte === 0x3e || byte === 0x28 || byte === 0x29;

/**
 * Copies the object value `source[start, end)` into `target` at `to` without the whitespace that
 * separates nothing (Typst indents every dictionary entry: a sixth of the tag tree's bytes), strings
 * and comments byte for byte; answers where the copy ends. `<< /S /P /K [1 2] >>` → `<</S/P/K[1 2]>>`.
 */
function copyMinified(source, start, end, target, to) {
  let o = to;
  let i = start;
  while (i < end) {
    const byte = source[i];
    if (isWhitespace(byte)) {
      let newline = false;
      while (i < end && isWhitespace(source[i])) if (source[i++] === 0x0a) newline = true;
      const previous = o > to ? target[o - 1] : 0x5b;
      if (i < end && !isTightDelimiter(previous) && !isTightDelimiter(source[i]) && source[i] !== 0x2f)
        target[o++] = newline ? 0x0a : 0x20;
    } else if (byte === 0x28) {
      let depth = 0;
      do {
        const c = source[i];
        target[o++] = c;
        if (c === 0x5c) target[o++] = source[++i];
        else if (c === 0x28) depth++;
        else if (c === 0x29) depth--;
        i++;
      } while (depth > 0 && i < end);
    } else if (byte === 0x25) {
      // A comment runs to the end of its line, which is kept.
      while (i < end && source[i] !== 0x0a && source[i] !== 0x0d) target[o++] = source[i++];
      target[o++] = 0x0a;
    } else {
      target[o++] = byte;
      i++;
    }
  }
  return o;
}

/** Whether `text` (ASCII) is written at `at`. */
function startsWithAt(bytes, at, text) {
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

/**
 * The PDF with its non-stream objects in compressed object streams and a cross-reference stream, or
 * the PDF unchanged when it is not a single classic section as Typst writes it (an update, or
 * encrypted, or anything unexpected): then it is larger, never broken.
 *
 * @param {Buffer} pdf
 * @returns {Buffer}
 */
export function packObjectStreams(pdf) {
  let xrefAt;
  let section;
  try {
    xrefAt = lastCrossReference(pdf);
    if (!startsWithAt(pdf, xrefAt, 'xref')) return pdf;
    section = classicSection(pdf, xrefAt);
  } catch {
    return pdf;
  }
  const trailer = section.trailer;
  const keys = new Set(trailer.map(([key]) => key));
  if (keys.has('Prev') || keys.has('Encrypt') || keys.has('XRefStm') || !keys.has('Root')) return pdf;
  const size = Number(trailer.find(([key]) => key === 'Size')?.[1]);
  if (!Number.isInteger(size)) return pdf;

  const objects = [...section.entries].sort((a, b) => a[1].offset - b[1].offset);
  if (objects.length === 0) return pdf;
  /** Objects kept as they are (streams, and any of another generation): [number, generation, start, end]. */
  const kept = [];
  /** Objects for the object streams: [number, value start, value end]. */
  const packed = [];
  for (let k = 0; k < objects.length; k++) {
    const [number, { offset, generation }] = objects[k];
    const end = k + 1 < objects.length ? objects[k + 1][1].offset : xrefAt;
    // `12 0 obj`, then the value, then `endobj` (or a stream's `stream … endstream`, then `endobj`).
    const declared = integerAt(pdf, offset);
    const declaredGeneration = integerAt(pdf, skipSpace(pdf, declared.end));
    const obj = skipSpace(pdf, declaredGeneration.end);
    if (
      declared.value !== number ||
      declaredGeneration.value !== generation ||
      !startsWithAt(pdf, obj, 'obj')
    )
      return pdf;
    const endobj = pdf.lastIndexOf(endobjBytes, end - 6);
    if (endobj < obj) return pdf;
    let valueStop = endobj;
    while (valueStop > obj && isWhitespace(pdf[valueStop - 1])) valueStop--;
    const isStream =
      valueStop - obj > 12 &&
      startsWithAt(pdf, valueStop - 9, 'endstream') &&
      isWhitespace(pdf[valueStop - 10]);
    if (isStream || generation !== 0) kept.push([number, generation, offset, endobj + 6]);
    else packed.push([number, obj + 3, valueStop]);
  }
  if (packed.length === 0) return pdf;
  const rootNumber = referenceNumber(trailer.find(([key]) => key === 'Root')?.[1] ?? '');

  const chunks = [pdf.subarray(0, objects[0][1].offset)];
  let at = chunks[0].length;
  const write = (bytes) => {
    chunks.push(bytes);
    at += bytes.length;
  };
  const newline = Buffer.from('\n');
  /** Cross-reference entries: number → [type, field 2, field 3]. */
  const xref = new Map();
  for (const [number, generation, start, end] of kept) {
    xref.set(number, [1, at, generation]);
    write(compressedStream(pdf, start) ?? pdf.subarray(start, end));
    write(newline);
  }
  let nextNumber = size;
  for (let first = 0; first < packed.length; first += objectsPerStream) {
    const group = packed.slice(first, first + objectsPerStream);
    const streamNumber = nextNumber++;
    // The values (each after a newline) first, then the pairs `number offset` put before them.
    let bodyLength = 0;
    for (const [, start, end] of group) bodyLength += end - start + 1;
    const body = Buffer.allocUnsafe(bodyLength);
    let to = 0;
    let head = '';
    group.forEach(([number, start, end], index) => {
      body[to++] = 0x0a;
      head += `${number} ${to} `;
      const from = to;
      to = copyMinified(pdf, start, end, body, to);
      if (number === rootNumber) to = withoutFalseSuspects(body, from, to);
      xref.set(number, [2, streamNumber, index]);
    });
    const headLength = head.length;
    const contents = Buffer.concat([Buffer.from(head, 'latin1'), body.subarray(0, to)]);
    const data = deflateSync(contents, { level: flateLevel });
    xref.set(streamNumber, [1, at, 0]);
    write(
      Buffer.from(
        `${streamNumber} 0 obj\n<<\n/Type /ObjStm\n/N ${group.length}\n/First ${headLength}\n/Filter /FlateDecode\n/Length ${data.length}\n>>\nstream\n`,
        'latin1',
      ),
    );
    write(data);
    write(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  }
  const xrefNumber = nextNumber++;
  xref.set(xrefNumber, [1, at, 0]);
  const carried = trailer.filter(([key]) => key === 'Root' || key === 'Info' || key === 'ID');
  write(crossReferenceStream(xrefNumber, xref, nextNumber, carried, undefined));
  return Buffer.concat(chunks);
}

const falseSuspects = Buffer.from('/Suspects false', 'latin1');

/**
 * The catalog's `body[from, to)` without `/Suspects false` in its MarkInfo: the default, which Typst
 * writes and poppler reads as "wrong type" (pdfinfo warned on every report); the new end.
 */
function withoutFalseSuspects(body, from, to) {
  const at = body.subarray(from, to).indexOf(falseSuspects);
  if (at < 0) return to;
  const start = from + at;
  body.copy(body, start, start + falseSuspects.length, to);
  return to - falseSuspects.length;
}

/**
 * The stream object at `start` written again with its data Flate-compressed, when Typst
 * left it uncompressed (the fonts' ToUnicode CMaps, ~6 kB); undefined for any other. The XMP metadata
 * stays as it is: PDF/A readers look for it uncompressed.
 */
function compressedStream(pdf, start) {
  const { value } = objectHeader(pdf, start);
  const dictionaryStop = valueEnd(pdf, value);
  const dictionary = dictionaryEntries(pdf.subarray(value, dictionaryStop));
  const keys = new Map(dictionary);
  const length = Number(keys.get('Length'));
  if (keys.has('Filter') || keys.get('Type') === '/Metadata' || !Number.isInteger(length) || length < 64)
    return undefined;
  let dataStart = skipSpace(pdf, dictionaryStop) + 6;
  if (pdf[dataStart] === 0x0d) dataStart++;
  if (pdf[dataStart] === 0x0a) dataStart++;
  const data = deflateSync(pdf.subarray(dataStart, dataStart + length), { level: flateLevel });
  const entries = [
    ...dictionary.filter(([key]) => key !== 'Length'),
    ['Filter', '/FlateDecode'],
    ['Length', String(data.length)],
  ];
  return Buffer.concat([
    Buffer.from(`${pdf.toString('latin1', start, value)}${dictionaryText(entries)}\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj', 'latin1'),
  ]);
}

/**
 * A cross-reference stream object (§7.5.8) with `entries` (number → [type, field 2, field 3]) in
 * subsections of consecutive numbers, its row bytes under the PNG Up predictor (neighbouring rows
 * differ in a byte or two, which Flate then all but removes), ending the file: startxref and %%EOF.
 * `at` is where the object itself starts.
 *
 * @param {number} number
 * @param {Map<number, [number, number, number]>} entries
 * @param {number} size
 * @param {[string, string][]} trailer Root, Info, ID as written
 * @param {number | undefined} prev the previous section's offset (an incremental update)
 */
export function crossReferenceStream(number, entries, size, trailer, prev, at = entries.get(number)?.[1]) {
  const numbers = [...entries.keys(), ...(prev === undefined ? [0] : [])].sort((a, b) => a - b);
  let largest = 0;
  for (const [, second] of entries.values()) largest = Math.max(largest, second);
  const width2 = Math.max(1, Math.ceil(Math.log2(largest + 1) / 8));
  const rowLength = 1 + width2 + 2;
  const rows = Buffer.alloc(numbers.length * (rowLength + 1));
  const index = [];
  let previous = -2;
  numbers.forEach((n, row) => {
    if (n === previous + 1) index[index.length - 1][1]++;
    else index.push([n, 1]);
    previous = n;
    // Object 0 heads the list of free objects, generation 65535.
    const [type, second, third] = entries.get(n) ?? [0, 0, 65535];
    const base = row * (rowLength + 1);
    rows[base + 1] = type;
    rows.writeUIntBE(second, base + 2, width2);
    rows.writeUInt16BE(third, base + 2 + width2);
  });
  // PNG Up, backwards so each row is subtracted from the original row above it.
  for (let row = numbers.length - 1; row >= 0; row--) {
    const base = row * (rowLength + 1);
    rows[base] = 2;
    if (row > 0)
      for (let i = 1; i <= rowLength; i++)
        rows[base + i] = (rows[base + i] - rows[base + i - rowLength - 1]) & 0xff;
  }
  const data = deflateSync(rows, { level: flateLevel });
  const dictionary = [
    ['Type', '/XRef'],
    ['Size', String(size)],
    ['Index', `[${index.map(([first, count]) => `${first} ${count}`).join(' ')}]`],
    ['W', `[1 ${width2} 2]`],
    ...trailer,
    ...(prev === undefined ? [] : [['Prev', String(prev)]]),
    ['Filter', '/FlateDecode'],
    ['DecodeParms', `<< /Predictor 12 /Columns ${rowLength} >>`],
    ['Length', String(data.length)],
  ];
  return Buffer.concat([
    Buffer.from(`${number} 0 obj\n${dictionaryText(dictionary)}\nstream\n`, 'latin1'),
    data,
    Buffer.from(`\nendstream\nendobj\nstartxref\n${at}\n%%EOF\n`, 'latin1'),
  ]);
}

/** An indirect object's header at `at` (`12 0 obj`): its number, generation, and where its value starts. */
function objectHeader(pdf, at) {
  const header = /^(\d+)\s+(\d+)\s+obj\b/.exec(pdf.toString('latin1', at, at + 32));
  if (!header) throw new Error(`PDF: no object at ${at}`);
  return {
    number: Number(header[1]),
    generation: Number(header[2]),
    value: skipSpace(pdf, at + header[0].length),
  };
}

/** A stream object's dictionary entries and its data, decoded (Flate, PNG predictors None and Up). */
function streamAt(pdf, at) {
  const { value } = objectHeader(pdf, at);
  const dictionaryStop = valueEnd(pdf, value);
  const dictionary = new Map(dictionaryEntries(pdf.subarray(value, dictionaryStop)));
  let start = skipSpace(pdf, dictionaryStop);
  if (!startsWithAt(pdf, start, 'stream')) throw new Error(`PDF: no stream at ${at}`);
  start += 6;
  if (pdf[start] === 0x0d) start++;
  if (pdf[start] === 0x0a) start++;
  const length = Number(dictionary.get('Length'));
  if (!Number.isInteger(length)) throw new Error('PDF: a stream without a direct length');
  let data = pdf.subarray(start, start + length);
  const filter = dictionary.get('Filter');
  if (filter === '/FlateDecode') data = inflateSync(data);
  else if (filter !== undefined) throw new Error(`PDF: a stream filter not read here: ${filter}`);
  const parameters = dictionary.has('DecodeParms')
    ? new Map(dictionaryEntries(Buffer.from(dictionary.get('DecodeParms'), 'latin1')))
    : new Map();
  const predictor = Number(parameters.get('Predictor') ?? 1);
  if (predictor >= 10) {
    const columns = Number(parameters.get('Columns') ?? 1);
    const rows = data.length / (columns + 1);
    const out = Buffer.alloc(rows * columns);
    for (let row = 0; row < rows; row++) {
      const type = data[row * (columns + 1)];
      if (type !== 0 && type !== 2) throw new Error(`PDF: a PNG predictor not read here: ${type}`);
      for (let i = 0; i < columns; i++) {
        const up = type === 2 && row > 0 ? out[(row - 1) * columns + i] : 0;
        out[row * columns + i] = (data[row * (columns + 1) + 1 + i] + up) & 0xff;
      }
    }
    data = out;
  } else if (predictor !== 1) throw new Error(`PDF: a predictor not read here: ${predictor}`);
  return { dictionary, data };
}

/** A cross-reference stream at `at`: its entries (number → where; null for a free one) and its dictionary. */
function streamSection(pdf, at) {
  const { dictionary, data } = streamAt(pdf, at);
  if (dictionary.get('Type') !== '/XRef') throw new Error('PDF: startxref points at no cross-reference');
  const widths = arrayValues(Buffer.from(dictionary.get('W'), 'latin1')).map(Number);
  const index = dictionary.has('Index')
    ? arrayValues(Buffer.from(dictionary.get('Index'), 'latin1')).map(Number)
    : [0, Number(dictionary.get('Size'))];
  const rowLength = widths[0] + widths[1] + widths[2];
  const field = (at, width, fallback) => (width === 0 ? fallback : data.readUIntBE(at, width));
  const entries = new Map();
  let row = 0;
  for (let k = 0; k < index.length; k += 2)
    for (let number = index[k]; number < index[k] + index[k + 1]; number++, row++) {
      const base = row * rowLength;
      const type = field(base, widths[0], 1);
      const second = field(base + widths[0], widths[1], 0);
      const third = field(base + widths[0] + widths[1], widths[2], 0);
      entries.set(
        number,
        type === 1
          ? { offset: second, generation: third }
          : type === 2
            ? { stream: second, index: third }
            : null,
      );
    }
  return { entries, trailer: [...dictionary] };
}

/**
 * A PDF's objects as its cross-reference sections give them (the last one first, then back along
 * /Prev): the trailer's entries, and the value of an object by its number, as raw bytes.
 *
 * @param {Buffer} pdf
 */
export function pdfObjects(pdf) {
  const startxref = lastCrossReference(pdf);
  const classic = startsWithAt(pdf, startxref, 'xref');
  /** @type {Map<number, { offset: number, generation: number } | { stream: number, index: number } | null>} */
  const entries = new Map();
  let trailer;
  const seen = new Set();
  for (let at = startxref; at !== undefined && !seen.has(at); ) {
    seen.add(at);
    const section = startsWithAt(pdf, at, 'xref') ? classicSection(pdf, at) : streamSection(pdf, at);
    for (const [number, entry] of section.entries) if (!entries.has(number)) entries.set(number, entry);
    trailer ??= section.trailer;
    const prev = section.trailer.find(([key]) => key === 'Prev')?.[1];
    at = prev === undefined ? undefined : Number(prev);
  }
  /** Object streams read so far: number → their objects' values. */
  const objectStreams = new Map();
  const objectStream = (number) => {
    let values = objectStreams.get(number);
    if (values) return values;
    const entry = entries.get(number);
    if (!entry || !('offset' in entry)) throw new Error(`PDF: object stream ${number} is missing`);
    const { dictionary, data } = streamAt(pdf, entry.offset);
    const first = Number(dictionary.get('First'));
    const head = data.toString('latin1', 0, first).trim().split(/\s+/).map(Number);
    values = [];
    for (let k = 0; k < head.length; k += 2) {
      const start = skipSpace(data, first + head[k + 1]);
      values.push(data.subarray(start, valueEnd(data, start)));
    }
    objectStreams.set(number, values);
    return values;
  };
  return {
    startxref,
    /** Whether the last cross-reference section is a classic table (not a stream). */
    classic,
    trailer,
    /** @param {number} number @returns {Buffer} */
    object(number) {
      const entry = entries.get(number);
      if (!entry) throw new Error(`PDF: object ${number} is missing`);
      if ('stream' in entry) return objectStream(entry.stream)[entry.index];
      const { value } = objectHeader(pdf, entry.offset);
      return pdf.subarray(value, valueEnd(pdf, value));
    },
  };
}
