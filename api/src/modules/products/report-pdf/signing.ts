import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Locale } from '@genodesk/contract';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import type { ReportCompany } from '../../../config.js';
import type { Executor } from '../../../db/client.js';
import { appSettings } from '../../../db/schema/index.js';

// The signature on an issued report (issue 35; eIDAS advanced electronic signature, PAdES). The lab's
// own certificate comes from the configuration (`REPORT_SIGNING_P12`); without one a self-signed demo
// certificate is generated once and kept in `app_settings`, so a demo or a test signs as a real
// installation does, and every signature made with it says "demo certificate" in its reason.

/** What the rendering process signs with (sign-pdf.mjs): the PKCS#12 in base64 and the signature's fields. */
export type ReportSignature = {
  p12: string;
  password: string;
  reason: string;
  name: string;
  location: string;
  contactInfo: string;
  /** ISO instant: the signature's /M and the CMS signing time. */
  signingTime: string;
};

const demoKey = 'report_signing_demo';

/** A self-signed certificate for `commonName`, valid ten years, as a password-protected PKCS#12. */
export function selfSignedP12(commonName: string, organisation: string, password: string): Buffer {
  // The key from node:crypto (native, ~0.1 s); node-forge only builds the certificate and the PKCS#12.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(privateKey);
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey);
  // A positive serial (the first bit clear), 16 random bytes.
  certificate.serialNumber = `0${randomBytes(16).toString('hex').slice(1)}`;
  const now = new Date();
  // Valid from a year back: the demo's history signs its reports at their publication, days ago.
  certificate.validity.notBefore = new Date(now.getTime() - 365 * 24 * 3600 * 1000);
  certificate.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600 * 1000);
  // Tagged UTF8String, so a Czech name is kept (node-forge encodes the UTF-8 itself).
  const utf8 = (value: string) => ({
    value,
    valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class,
  });
  const subject = [
    { name: 'commonName', ...utf8(commonName) },
    { name: 'organizationName', ...utf8(organisation) },
    { name: 'countryName', value: 'CZ' },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  certificate.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [certificate], password, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

/**
 * The demo certificate: generated at the first signature of an installation without its own and kept
 * (a concurrent first one loses the insert and reads the winner's). Named after the laboratory and
 * marked as a demo in its common name.
 */
async function demoCertificate(db: Executor, laboratory: string): Promise<{ p12: string; password: string }> {
  const [stored] = await db.select().from(appSettings).where(eq(appSettings.key, demoKey));
  if (stored) return JSON.parse(stored.value) as { p12: string; password: string };
  const password = randomBytes(18).toString('base64url');
  const p12 = selfSignedP12(`${laboratory} (demo certificate)`, laboratory, password).toString('base64');
  await db
    .insert(appSettings)
    .values({ key: demoKey, value: JSON.stringify({ p12, password }) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, demoKey));
  if (!row) throw new Error('the demo signing certificate is missing');
  return JSON.parse(row.value) as { p12: string; password: string };
}

const reasons: Record<Locale, (report: string) => string> = {
  cs: (report) => `Vydání výsledkové zprávy ${report} laboratoří`,
  en: (report) => `Report ${report} issued by the laboratory`,
};

/**
 * The signature an issued report gets: the laboratory's certificate (configured) or the demo one,
 * the reason in the report's language naming the report and version ("… – demo certificate" with the
 * demo one), the laboratory as the signer's name, its address as the location.
 */
export async function reportSignature(
  db: Executor,
  company: ReportCompany,
  input: { locale: Locale; report: string; at: Date },
): Promise<ReportSignature> {
  const configured = company.signing;
  const credentials = configured
    ? { p12: configured.p12.toString('base64'), password: configured.password }
    : await demoCertificate(db, company.name);
  const reason = reasons[input.locale](input.report);
  return {
    ...credentials,
    reason: configured
      ? reason
      : `${reason} – ${input.locale === 'cs' ? 'demonstrační certifikát, ' : ''}demo certificate`,
    name: company.name,
    location: company.address,
    contactInfo: company.contact.join(', '),
    signingTime: input.at.toISOString(),
  };
}
