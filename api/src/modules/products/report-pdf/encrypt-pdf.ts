import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  PDFString,
} from 'pdf-lib';

// PDF encryption with AES-256 (ISO 32000-2 §7.6.4, security handler revision 6, crypt filter AESV3),
// written here with node:crypto and pdf-lib's object model: the npm libraries that claim it were
// either RC4-only or an unmaintained fork (see docs/architecture.md). Used for the customer's e-mail
// attachment only; the stored, archived PDF stays as issued (and signed: the copy carries no signature).

/** Algorithm 2.B: the hash of a password with a salt (and, for the owner, the user key). */
function hash2B(password: Buffer, salt: Buffer, userKey: Buffer): Buffer {
  let k = createHash('sha256')
    .update(Buffer.concat([password, salt, userKey]))
    .digest();
  for (let round = 0; ; round++) {
    const k1 = Buffer.concat([password, k, userKey]);
    const block = Buffer.concat(Array.from({ length: 64 }, () => k1));
    const cipher = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32));
    cipher.setAutoPadding(false);
    const e = Buffer.concat([cipher.update(block), cipher.final()]);
    // The first 16 bytes as a number modulo 3 pick the next hash: the sum of the bytes modulo 3 is the same.
    let sum = 0;
    for (let i = 0; i < 16; i++) sum += e[i]!;
    k = createHash(['sha256', 'sha384', 'sha512'][sum % 3]!)
      .update(e)
      .digest();
    if (round >= 63 && e[e.length - 1]! <= round - 31) break;
  }
  return k.subarray(0, 32);
}

const aes256NoPadding = (key: Buffer, data: Buffer, mode: 'aes-256-cbc' | 'aes-256-ecb') => {
  const cipher = createCipheriv(mode, key, mode === 'aes-256-cbc' ? Buffer.alloc(16) : null);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(data), cipher.final()]);
};

/** A string or stream's bytes under the file key: a random IV, then AES-256-CBC with PKCS#5 padding. */
function encryptBytes(fileKey: Buffer, data: Uint8Array): Uint8Array {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', fileKey, iv);
  return Buffer.concat([iv, cipher.update(data), cipher.final()]);
}

const hexString = (bytes: Uint8Array) => PDFHexString.of(Buffer.from(bytes).toString('hex'));

/** Encrypts every string inside an object, in place; answers the object to put in place of a string. */
function encryptStrings(fileKey: Buffer, object: PDFObject): PDFObject {
  if (object instanceof PDFString || object instanceof PDFHexString)
    return hexString(encryptBytes(fileKey, object.asBytes()));
  if (object instanceof PDFDict)
    for (const [key, value] of object.entries()) object.set(key, encryptStrings(fileKey, value));
  else if (object instanceof PDFArray)
    for (let i = 0; i < object.size(); i++) object.set(i, encryptStrings(fileKey, object.get(i)));
  return object;
}

/** The permissions granted to the user: print, copy for accessibility, print in high quality (P, signed 32-bit). */
const userPermissions = -3904 | 4 | 512 | 2048;

/**
 * Removes the issued report's signature field (issue 35) from a copy about to be encrypted. Encryption
 * rewrites the whole file, so the signature's byte range no longer covers what it signed: a reader would
 * report the copy's signature as broken. The copy is a convenience for the customer; the signed original
 * is the stored version, which the customer's app serves and the verification code and QR identify.
 */
function withoutSignature(document: PDFDocument) {
  const { context, catalog } = document;
  if (!catalog.get(PDFName.of('AcroForm'))) return;
  catalog.delete(PDFName.of('AcroForm'));
  for (const page of document.getPages()) {
    const annots = page.node.Annots();
    if (!annots) continue;
    for (let i = annots.size() - 1; i >= 0; i--) {
      const annotation = annots.lookup(i);
      if (!(annotation instanceof PDFDict) || annotation.get(PDFName.of('FT')) !== PDFName.of('Sig'))
        continue;
      const signature = annotation.get(PDFName.of('V'));
      if (signature instanceof PDFRef) context.delete(signature);
      const ref = annots.get(i);
      if (ref instanceof PDFRef) context.delete(ref);
      annots.remove(i);
    }
    if (annots.size() === 0) page.node.delete(PDFName.of('Annots'));
  }
}

/**
 * The PDF encrypted with AES-256 (R6): it opens only with `userPassword`; the owner password is random
 * and thrown away (nobody may lift the protection). Printing is allowed; editing is not.
 */
export async function encryptPdf(pdf: Uint8Array, userPassword: string): Promise<Buffer> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const { context } = document;
  withoutSignature(document);

  const fileKey = randomBytes(32);
  const password = Buffer.from(userPassword.normalize('NFKC'), 'utf8').subarray(0, 127);
  const owner = randomBytes(32);

  const userValidationSalt = randomBytes(8);
  const userKeySalt = randomBytes(8);
  const u = Buffer.concat([
    hash2B(password, userValidationSalt, Buffer.alloc(0)),
    userValidationSalt,
    userKeySalt,
  ]);
  const ue = aes256NoPadding(hash2B(password, userKeySalt, Buffer.alloc(0)), fileKey, 'aes-256-cbc');
  const ownerValidationSalt = randomBytes(8);
  const ownerKeySalt = randomBytes(8);
  const o = Buffer.concat([hash2B(owner, ownerValidationSalt, u), ownerValidationSalt, ownerKeySalt]);
  const oe = aes256NoPadding(hash2B(owner, ownerKeySalt, u), fileKey, 'aes-256-cbc');
  const perms = Buffer.alloc(16);
  perms.writeInt32LE(userPermissions, 0);
  perms.writeUInt32LE(0xffffffff, 4);
  perms.write('Tadb', 8, 'latin1');
  randomBytes(4).copy(perms, 12);

  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (object instanceof PDFRawStream) {
      encryptStrings(fileKey, object.dict);
      context.assign(ref, PDFRawStream.of(object.dict, encryptBytes(fileKey, object.contents)));
    } else context.assign(ref, encryptStrings(fileKey, object));
  }

  const encrypt = context.obj({
    Filter: 'Standard',
    V: 5,
    R: 6,
    Length: 256,
    CF: { StdCF: { AuthEvent: 'DocOpen', CFM: 'AESV3', Length: 32 } },
    StmF: 'StdCF',
    StrF: 'StdCF',
    O: hexString(o),
    U: hexString(u),
    OE: hexString(oe),
    UE: hexString(ue),
    P: PDFNumber.of(userPermissions),
    Perms: hexString(aes256NoPadding(fileKey, perms, 'aes-256-ecb')),
    EncryptMetadata: true,
  });
  context.trailerInfo.Encrypt = context.register(encrypt);
  // AES-256 (R6) is PDF 2.0; a PDF 1.7 file declares it as Adobe's extension level 8, so readers of
  // 1.7 recognise the handler (ISO 32000-1 §7.12 developer extensions). The catalog is a dictionary
  // of names and numbers: nothing in it to encrypt.
  document.catalog.set(
    PDFName.of('Extensions'),
    context.obj({ ADBE: { BaseVersion: PDFName.of('1.7'), ExtensionLevel: 8 } }),
  );
  if (!context.trailerInfo.ID) {
    const id = hexString(randomBytes(16));
    context.trailerInfo.ID = context.obj([id, id]);
  }
  // Classic cross-reference table: object streams would hold strings the encryption must not touch twice.
  return Buffer.from(await document.save({ useObjectStreams: false, updateFieldAppearances: false }));
}
