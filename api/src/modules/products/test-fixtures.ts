import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/test-app.js';
import { transaction } from '../../db/client.js';
import {
  barcodeBatches,
  barcodes,
  customerGenotypes,
  customers,
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
    dateOfBirth?: string | null;
    notifyByEmail?: boolean;
    /** Plus strand; `--` a no-call, stored with its reason from `noCallReasons` ('noCall' by default). */
    genotypes?: Record<string, string>;
    noCallReasons?: Record<string, string>;
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
      gender: 2,
      registrationSource: 1,
      dateOfBirth: options.dateOfBirth === undefined ? yearsAgo(40) : options.dateOfBirth,
      notifyByEmail: options.notifyByEmail ?? true,
    })
    .returning({ id: customers.id });
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
  return {
    customerId: customer!.id,
    sampleId: sample!.id,
    productId: result.productId,
    barcode: code,
    email,
    surname,
  };
}

export async function sampleStatus(t: TestApp, sampleId: number) {
  const [row] = await t.db.select({ status: samples.status }).from(samples).where(eq(samples.id, sampleId));
  return row?.status;
}
