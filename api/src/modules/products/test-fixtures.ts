import { pragueDay } from '@genodesk/contract';
import { eq } from 'drizzle-orm';
import { demo, type TestApp } from '../../../test/test-app.js';
import { transaction } from '../../db/client.js';
import {
  barcodeBatches,
  barcodes,
  customerGenotypes,
  customers,
  dnaConsents,
  productTypes,
  samples,
} from '../../db/schema/index.js';
import { generateReport } from '../results/generation.service.js';

let seq = 0;

export type ReportFixture = {
  customerId: number;
  sampleId: number;
  productId: number;
  barcode: string;
  email: string;
  surname: string;
};

/** An ISO date `years` years (and a few days) before today. */
export const yearsAgo = (years: number) => {
  const day = new Date();
  day.setUTCFullYear(day.getUTCFullYear() - years);
  day.setUTCDate(day.getUTCDate() - 10);
  return day.toISOString().slice(0, 10);
};

/**
 * A customer with a sample (its barcode) in lab analysis finished [6], stored genotypes and the report
 * generated from them, as a results upload leaves it.
 */
export async function reportFor(
  t: TestApp,
  options: {
    surname?: string;
    /** 2 (a woman, Eva) unless told. */
    gender?: 1 | 2;
    dateOfBirth?: string | null;
    notifyByEmail?: boolean;
    /** Plus strand; `--` a no-call, stored with its reason from `noCallReasons` ('noCall' by default). */
    genotypes?: Record<string, string>;
    noCallReasons?: Record<string, string>;
    /** The customer's signed DNA consent is on record (default true). */
    consent?: boolean;
    /**
     * The report is technically validated by the demo laboratory specialist through the API (default
     * true), the first release step a publication needs (issue 35).
     */
    validated?: boolean;
  } = {},
): Promise<ReportFixture> {
  seq += 1;
  const unique = `${process.pid % 1000}${seq}`.padStart(7, '0').slice(-7);
  const surname = options.surname ?? `Zpráva${seq}`;
  const email = `report-${seq}-${Date.now()}@example.test`;
  const [customer] = await t.db
    .insert(customers)
    .values({
      name: 'Eva',
      surname,
      email,
      gender: options.gender ?? 2,
      registrationSource: 1,
      dateOfBirth: options.dateOfBirth === undefined ? yearsAgo(40) : options.dateOfBirth,
      notifyByEmail: options.notifyByEmail ?? true,
    })
    .returning({ id: customers.id });
  if (options.consent ?? true)
    await t.db
      .insert(dnaConsents)
      .values({ customerId: customer!.id, formVersion: 'test-1', signedOn: yearsAgo(0) });
  const [batch] = await t.db.insert(barcodeBatches).values({ count: 1 }).returning({ id: barcodeBatches.id });
  const code = `GD9${unique}`;
  const [barcode] = await t.db
    .insert(barcodes)
    .values({ code, batchId: batch!.id, assignedAt: new Date() })
    .returning({ id: barcodes.id });
  const [sample] = await t.db
    .insert(samples)
    .values({ customerId: customer!.id, status: 6, barcodeId: barcode!.id })
    .returning({ id: samples.id });
  // Plus strand, as stored (issue 34): every one matched by a demo template.
  const genotypes = options.genotypes ?? { rs4988235: 'G/G', rs762551: 'C/A', rs6025: 'C/T' };
  await t.db.insert(customerGenotypes).values(
    Object.entries(genotypes).map(([geneCode, genotype]) => ({
      customerId: customer!.id,
      geneCode,
      genotype,
      noCallReason: genotype === '--' ? (options.noCallReasons?.[geneCode] ?? 'noCall') : null,
      geneName: `Gen ${geneCode}`,
    })),
  );
  const [type] = await t.db.select({ id: productTypes.id }).from(productTypes).limit(1);
  const result = await transaction(t.db, (tx) =>
    generateReport(tx, { customerId: customer!.id, sampleId: sample!.id, productTypeId: type?.id }),
  );
  if (options.validated ?? true) await validateAsLab(t, result.productId);
  return {
    customerId: customer!.id,
    sampleId: sample!.id,
    productId: result.productId,
    barcode: code,
    email,
    surname,
  };
}

const labHeaders = new WeakMap<TestApp, Promise<Record<string, string>>>();

/** The demo laboratory specialist validates the report (`POST admin/products/validate`), as in the lab. */
export async function validateAsLab(t: TestApp, productId: number, as: string = demo.lab) {
  let headers = as === demo.lab ? labHeaders.get(t) : undefined;
  if (!headers) {
    headers = t.authAs(as);
    if (as === demo.lab) labHeaders.set(t, headers);
  }
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/products/validate',
    headers: await headers,
    payload: { ProductId: productId, ControlsPassed: true },
  });
  if (response.statusCode !== 200)
    throw new Error(`validation of report ${productId} failed: ${response.statusCode} ${response.body}`);
}

export async function sampleStatus(t: TestApp, sampleId: number) {
  const [row] = await t.db.select({ status: samples.status }).from(samples).where(eq(samples.id, sampleId));
  return row?.status;
}

/**
 * The demo doctor (a physician) publishes the report (3) or preliminarily publishes it (4) through the
 * API, issuing its next version; `extra` adds to the request (a Reason for a later version).
 */
export async function publishAsDoctor(t: TestApp, productId: number, status: 3 | 4 = 3, extra: object = {}) {
  const response = await t.app.inject({
    method: 'PATCH',
    url: '/api/admin/products',
    headers: await t.authAs(demo.doctor),
    payload: { Id: productId, Status: status, DoctorIntro: '<p>Vše v pořádku.</p>', ...extra },
  });
  if (response.statusCode !== 200) throw new Error(`publication refused: ${response.body}`);
}

/** The customer withdraws their DNA consent today, keeping their data (recorded by the demo admin). */
export async function withdrawConsent(t: TestApp, customerId: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/customers/dnaconsent/withdraw',
    headers: await t.authAs(demo.admin),
    payload: { CustomerId: customerId, WithdrawnOn: pragueDay(new Date()), Outcome: 'keepForCustomer' },
  });
  if (response.statusCode !== 200) throw new Error(`withdrawal refused: ${response.body}`);
}
