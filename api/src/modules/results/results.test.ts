import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { customerGenotypes, customers } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

async function newCustomer(email: string) {
  const [row] = await t.db
    .insert(customers)
    .values({ name: 'Výsledek', surname: 'Zákazník', email, gender: 2, registrationSource: 1 })
    .returning({ id: customers.id });
  return row!.id;
}

describe('GET admin/results/getcustomerresult', () => {
  it("answers the customer's stored genotypes, by gene code", async () => {
    const customerId = await newCustomer('results-1@example.test');
    await t.db.insert(customerGenotypes).values([
      {
        customerId,
        geneCode: 'rs762551',
        geneName: 'CYP1A2',
        hgvsC: 'NM_000761.5:c.-163C>A',
        protein: '',
        transcript: 'NM_000761.5',
        genotype: 'C/A',
      },
      {
        customerId,
        geneCode: 'rs1801133',
        geneName: 'MTHFR',
        hgvsC: 'NM_005957.5:c.665C>T',
        protein: 'p.Ala222Val',
        transcript: 'NM_005957.5',
        genotype: 'A/A',
      },
      {
        customerId,
        geneCode: 'rs1815739',
        geneName: 'ACTN3',
        hgvsC: 'NM_001104.4:c.1729C>T',
        protein: 'p.Arg577Ter',
        transcript: 'NM_001104.4',
        genotype: '--',
        noCallReason: 'failedQc',
      },
      { customerId, geneCode: 'rs12345', geneName: 'X', genotype: 'T/C', hgvsC: 'c.1T>C' },
    ]);
    const lab = await t.authAs(demo.lab);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/results/getcustomerresult?customerId=${customerId}`,
      headers: lab,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      customerId,
      genes: [
        {
          code: 'rs12345',
          name: 'X',
          hgvsC: 'c.1T>C',
          protein: '',
          transcript: '',
          genotype: 'T/C',
          // A gene the marker map does not know: its alleles as the file gave them, no reading.
          zygosity: null,
          geneGenotype: null,
          noCallReason: null,
        },
        {
          code: 'rs1801133',
          name: 'MTHFR',
          hgvsC: 'NM_005957.5:c.665C>T',
          protein: 'p.Ala222Val',
          transcript: 'NM_005957.5',
          // MTHFR reads the minus strand: plus A/A is c.665T on both alleles, homozygous.
          genotype: 'A/A',
          zygosity: 'homozygous',
          geneGenotype: 'T/T',
          noCallReason: null,
        },
        {
          code: 'rs1815739',
          name: 'ACTN3',
          hgvsC: 'NM_001104.4:c.1729C>T',
          protein: 'p.Arg577Ter',
          transcript: 'NM_001104.4',
          genotype: '--',
          zygosity: 'noCall',
          geneGenotype: '--',
          noCallReason: 'failedQc',
        },
        {
          code: 'rs762551',
          name: 'CYP1A2',
          // The map's HGVS c., the one the report prints, over the file's.
          hgvsC: 'NM_000761.5:c.-9-154C>A',
          protein: '',
          transcript: 'NM_000761.5',
          genotype: 'C/A',
          zygosity: 'heterozygous',
          geneGenotype: 'C/A',
          noCallReason: null,
        },
      ],
    });
  });

  it("answers 404 'Results are not available at this time.' without genotypes, 404 for an unknown customer, 403 without Results.View", async () => {
    const customerId = await newCustomer('results-2@example.test');
    const admin = await t.authAs(demo.admin);
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/admin/results/getcustomerresult?CustomerId=${customerId}`,
      headers: { ...admin, 'accept-language': 'en' },
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('Results are not available at this time.');
    const cs = await t.app.inject({
      method: 'GET',
      url: `/api/admin/results/getcustomerresult?CustomerId=${customerId}`,
      headers: admin,
    });
    expect(cs.json().error.message).toBe('Výsledky nejsou v tuto chvíli k dispozici.');
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/admin/results/getcustomerresult?CustomerId=999999',
      headers: admin,
    });
    expect(unknown.statusCode).toBe(404);
    const reception = await t.authAs(demo.reception);
    const forbidden = await t.app.inject({
      method: 'GET',
      url: `/api/admin/results/getcustomerresult?CustomerId=${customerId}`,
      headers: reception,
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
