// The report PDF's electronic signature (issue 35), made in the rendering process right after Typst
// (render-worker.mjs), so the RSA work of a pure-JavaScript signer stays off the API's event loop.
// Plain JavaScript for the same reason as the worker: it runs as plain `node`.
//
// An *incremental update*: the rendered PDF/A-2b bytes are kept exactly, and appended after them are
// the signature dictionary, its (invisible) widget, a new version of the first page listing the widget,
// a new catalog with the AcroForm, and a cross-reference section of the kind the file ends in (a
// stream after pack-pdf's object streams, ISO 32000-1 §7.5.8.4: an update of a file whose last section
// is a stream is a stream too; a classic table after a classic one), whose trailer keeps the file's
// /ID and /Info. Nothing of the original is rewritten, so the XMP metadata with pdfaid part 2 /
// conformance B stays as Typst wrote it. @signpdf/placeholder-plain was not used: its trailer drops
// /ID (PDF/A-2 §6.1.3 requires it in the last trailer) and its widget has no appearance; the
// placeholder-pdf-lib one re-saves the whole file. The objects are read with pdf-objects.mjs, which
// reads only what its cross-reference sections point at: pdf-lib parsed every object of the file.
import { createRequire } from 'node:module';
import {
  arrayValues,
  crossReferenceStream,
  dictionaryEntries,
  dictionaryText,
  pdfObjects,
  referenceNumber,
} from './pdf-objects.mjs';

const require = createRequire(import.meta.url);
const { SignPdf } = require('@signpdf/signpdf');
const { Signer } = require('@signpdf/utils');
const forge = require('node-forge');

/** Bytes kept for the CMS signature: a certificate chain of a few certificates fits with room to spare. */
const signatureBytes = 16_384;
const byteRangePlaceholder = '/ByteRange [0 /********** /********** /**********]';

/** A PDF text string in UTF-16BE with its byte order mark (Czech letters in the reason and name). */
const text = (value) => {
  const utf16 = Buffer.from(`\ufeff${value}`, 'utf16le').swap16();
  return `<${utf16.toString('hex').toUpperCase()}>`;
};

/** A PDF date in UTC (§7.9.4): (D:YYYYMMDDHHmmSSZ). */
const pdfDate = (date) => `(D:${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z)`;

/**
 * The PDF with a signature placeholder appended as an incremental update (ISO 32000-1 §7.5.6).
 *
 * @param {Buffer} pdf
 * @param {{ reason: string, name: string, location: string, contactInfo: string, signingTime: Date }} info
 */
export async function withSignaturePlaceholder(pdf, info) {
  const objects = pdfObjects(pdf);
  const trailer = new Map(objects.trailer);
  const rootNumber = referenceNumber(trailer.get('Root') ?? '');
  const catalog = dictionaryEntries(objects.object(rootNumber));
  if (catalog.some(([key]) => key === 'AcroForm'))
    throw new Error('the report PDF already has a form: not signed');
  const entryOf = (entries, key) => entries.find(([name]) => name === key)?.[1];

  // The first page: the first kid of each page tree node down to a leaf.
  let pageNumber = referenceNumber(entryOf(catalog, 'Pages') ?? '');
  let page = dictionaryEntries(objects.object(pageNumber));
  while (entryOf(page, 'Type') !== '/Page') {
    pageNumber = referenceNumber(arrayValues(Buffer.from(entryOf(page, 'Kids') ?? '[]', 'latin1'))[0] ?? '');
    page = dictionaryEntries(objects.object(pageNumber));
  }

  const size = Number(trailer.get('Size'));
  if (!Number.isInteger(size)) throw new Error('the report PDF has no /Size in its trailer');
  const sigNumber = size;
  const widgetNumber = size + 1;
  const appearanceNumber = size + 2;
  const xrefNumber = size + 3;

  // The first page again, with the widget among its annotations (Typst writes them inline or not at all).
  const annots = entryOf(page, 'Annots');
  const annotsArray =
    annots === undefined
      ? []
      : arrayValues(
          /^\d/.test(annots) ? objects.object(referenceNumber(annots)) : Buffer.from(annots, 'latin1'),
        );
  const pageDict = [
    ...page.filter(([key]) => key !== 'Annots'),
    ['Annots', `[${[...annotsArray, `${widgetNumber} 0 R`].join(' ')}]`],
  ];
  const catalogDict = [...catalog, ['AcroForm', `<< /Fields [${widgetNumber} 0 R] /SigFlags 3 >>`]];

  const updates = [
    [
      sigNumber,
      `<<\n/Type /Sig\n/Filter /Adobe.PPKLite\n/SubFilter /adbe.pkcs7.detached\n${byteRangePlaceholder}\n` +
        `/Contents <${'0'.repeat(signatureBytes * 2)}>\n/Reason ${text(info.reason)}\n` +
        `/M ${pdfDate(info.signingTime)}\n/Name ${text(info.name)}\n` +
        `/Location ${text(info.location)}\n/ContactInfo ${text(info.contactInfo)}\n>>`,
    ],
    // Invisible (a zero rectangle) but printable and locked, with an empty appearance: PDF/A-2 §6.3.2–3
    // wants the Print flag and an appearance stream on every widget.
    [
      widgetNumber,
      `<<\n/Type /Annot\n/Subtype /Widget\n/FT /Sig\n/T ${text('Signature1')}\n/V ${sigNumber} 0 R\n` +
        `/Rect [0 0 0 0]\n/F 132\n/P ${pageNumber} 0 R\n/AP << /N ${appearanceNumber} 0 R >>\n>>`,
    ],
    [
      appearanceNumber,
      '<<\n/Type /XObject\n/Subtype /Form\n/BBox [0 0 0 0]\n/Resources << >>\n/Length 0\n>>\nstream\n\nendstream',
    ],
    [pageNumber, dictionaryText(pageDict)],
    [rootNumber, dictionaryText(catalogDict)],
  ];

  const chunks = [pdf.at(-1) === 0x0a ? pdf : Buffer.concat([pdf, Buffer.from('\n')])];
  let offset = chunks[0].length;
  const offsets = new Map();
  for (const [number, body] of updates) {
    const bytes = Buffer.from(`${number} 0 obj\n${body}\nendobj\n`, 'latin1');
    offsets.set(number, offset);
    chunks.push(bytes);
    offset += bytes.length;
  }
  const kept = ['Root', 'Info', 'ID'].flatMap((key) => (trailer.has(key) ? [[key, trailer.get(key)]] : []));
  if (objects.classic) {
    // One subsection per object: each entry exactly 20 bytes (§7.5.4).
    const xref = ['xref', '0 1', '0000000000 65535 f\r']
      .concat(
        [...offsets.entries()]
          .sort(([a], [b]) => a - b)
          .flatMap(([number, at]) => [`${number} 1`, `${String(at).padStart(10, '0')} 00000 n\r`]),
      )
      .join('\n');
    const trailerText = dictionaryText([
      ['Size', String(size + 3)],
      ...kept,
      ['Prev', String(objects.startxref)],
    ]);
    chunks.push(Buffer.from(`${xref}\ntrailer\n${trailerText}\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  } else {
    const entries = new Map([...offsets].map(([number, at]) => [number, [1, at, 0]]));
    entries.set(xrefNumber, [1, offset, 0]);
    chunks.push(crossReferenceStream(xrefNumber, entries, size + 4, kept, objects.startxref));
  }
  return Buffer.concat(chunks);
}

/**
 * A PKCS#7 detached SHA-256 signer (what `adbe.pkcs7.detached` expects), as @signpdf/signer-p12's
 * P12Signer, with two differences: the PKCS#12 is decrypted once per process, not at every signature
 * (its key derivation is slow in JavaScript), and the signer's issuer is written as the certificate
 * has it. node-forge reads a UTF8String name as UTF-8 bytes and encodes it again when it writes the
 * SignerInfo, so a certificate of "Laboratoř …" would be looked for under a garbled issuer and no
 * reader would find the signer (P12Signer's signatures with such a certificate never validate).
 */
class ReportSigner extends Signer {
  constructor(p12Base64, password) {
    super();
    const p12 = forge.pkcs12.pkcs12FromAsn1(
      forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(p12Base64, 'base64').toString('binary'))),
      false,
      password,
    );
    const keyBag = p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[
      forge.pki.oids.pkcs8ShroudedKeyBag
    ]?.[0];
    const key = keyBag?.key;
    if (!key) throw new Error('the signing PKCS#12 holds no private key');
    const certificates = (p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []).map(
      (bag) => bag.cert,
    );
    const own = certificates.find(
      (cert) => cert.publicKey.n.compareTo(key.n) === 0 && cert.publicKey.e.compareTo(key.e) === 0,
    );
    if (!own) throw new Error('the signing PKCS#12 holds no certificate of its private key');
    this.key = key;
    this.certificates = certificates;
    this.certificate = own;
    this.issuer = own.issuer.attributes.map((attribute) =>
      attribute.valueTagClass === forge.asn1.Type.UTF8
        ? { ...attribute, value: forge.util.decodeUtf8(attribute.value) }
        : attribute,
    );
  }

  async sign(pdfBuffer, signingTime = undefined) {
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdfBuffer.toString('binary'));
    for (const certificate of this.certificates) p7.addCertificate(certificate);
    p7.addSigner({
      key: this.key,
      issuer: this.issuer,
      serialNumber: this.certificate.serialNumber,
      digestAlgorithm: forge.pki.oids.sha256,
      // In this order (content type, signing time, message digest), as P12Signer found validators want.
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType, value: forge.pki.oids.data },
        { type: forge.pki.oids.signingTime, value: signingTime ?? new Date() },
        { type: forge.pki.oids.messageDigest },
      ],
    });
    p7.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
  }
}

/** Signers by their PKCS#12 and password: a process signs with the same certificate again and again. */
const signers = new Map();
function p12Signer(p12, password) {
  const key = `${password}\u0000${p12}`;
  let signer = signers.get(key);
  if (!signer) {
    signer = new ReportSigner(p12, password);
    if (signers.size >= 4) signers.clear();
    signers.set(key, signer);
  }
  return signer;
}

/**
 * The PDF signed (PKCS#7 detached, SHA-256, `adbe.pkcs7.detached`) with the PKCS#12 given.
 *
 * @param {Buffer} pdf
 * @param {{ p12: string, password: string, reason: string, name: string, location: string, contactInfo: string, signingTime: string }} options
 *   `p12` in base64, `signingTime` an ISO instant
 */
export async function signReportPdf(pdf, options) {
  const signingTime = new Date(options.signingTime);
  const prepared = await withSignaturePlaceholder(pdf, { ...options, signingTime });
  return new SignPdf().sign(prepared, p12Signer(options.p12, options.password), signingTime);
}
