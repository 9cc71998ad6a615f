import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../../test/databases.js';
import { createDatabase, type Database } from './client.js';
import { migrationsFolder } from './migrate.js';

/**
 * Migration 0029 (issue 34) on a database of the catalogue-notation era: the data written by 0028's
 * schema is moved to the plus strand, the gene strands derived, the old CSV no-call turned into one.
 */

const serverUrl = inject('serverUrl');
const name = `genodesk_migration_${randomBytes(6).toString('hex')}`;
let db: Database;
let folder: string;

/** The migrations up to and including `last`, in a folder of their own. */
async function migrationsUpTo(last: number): Promise<string> {
  const copy = path.join(folder, `upto-${last}`);
  await cp(migrationsFolder, copy, { recursive: true });
  const journalPath = path.join(copy, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  await writeFile(journalPath, JSON.stringify(journal));
  return copy;
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'genodesk-migrations-'));
  const admin = createDatabase(serverUrl, 1);
  await admin.$client.query(`create database ${name}`);
  await admin.$client.end();
  db = createDatabase(withDatabase(serverUrl, name), 2);
  await migrate(db, { migrationsFolder: await migrationsUpTo(28) });
});

afterAll(async () => {
  await db?.$client.end();
  const admin = createDatabase(serverUrl, 1);
  await admin.$client.query(`drop database if exists ${name} with (force)`);
  await admin.$client.end();
  await rm(folder, { recursive: true, force: true });
});

const q = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await db.$client.query<T>(text, values)).rows;

describe('migration 0029: one genotype notation', () => {
  it('moves stored genotypes, templates and report contents from the catalogue notation to the plus strand', async () => {
    // The catalogue-notation era: MCM6 and F5 both on the minus strand, MCM6 written on the gene
    // strand (C/T for plus G/A), F5 on the plus strand already, CFTR's deletion as I/D.
    await q(`insert into markers (gene_code, rsid, gene_name, hgvs_c, chromosome, position_grch38, reference,
               alternative, catalogue_reference, catalogue_alternative) values
      ('rs4988235', 'rs4988235', 'MCM6', 'NM_005915.6:c.1917+326C>T', '2', 135851076, 'G', 'A', 'C', 'T'),
      ('rs6025', 'rs6025', 'F5', 'NM_000130.5:c.1601G>A', '1', 169549811, 'C', 'T', 'C', 'T'),
      ('rs1799963', 'rs1799963', 'F2', 'NM_000506.5:c.*97G>A', '11', 46739505, 'G', 'A', 'G', 'A'),
      ('rs113993960', 'rs113993960', 'CFTR', 'NM_000492.4:c.1521_1523del', '7', 117559590, 'ATCT', 'A', 'I', 'D'),
      ('old-minus', '', 'X', '', '3', 1000, 'G', 'A', 'C', 'T'),
      -- An A/T marker the catalogue wrote on the other strand (T/A), and a deletion written with '-'.
      ('rs-at', 'rs77', 'AT', '', '4', 2000, 'A', 'T', 'T', 'A'),
      ('rs-del', 'rs78', 'DEL', '', '5', 3000, 'CT', 'C', 'T', '-')`);
    const [customer] = await q<{ id: string }>(
      `insert into customers (name, surname, email, registration_source) values ('Jana', 'Stará', 'jana.stara@example.cz', 1) returning id`,
    );
    const customerId = Number(customer?.id);
    await q(
      `insert into customer_genotypes (customer_id, gene_code, genotype) values
        ($1, 'RS4988235', 'T/C'), ($1, 'rs6025', 'T/T'), ($1, 'rs113993960', 'D/I'), ($1, 'rs1815739', '-/-'),
        ($1, 'rs99999', 'A/G'), ($1, 'rs-del', '-/-')`,
      [customerId],
    );
    const [category] = await q<{ id: string }>(
      `insert into template_categories (name) values ('Výživa') returning id`,
    );
    const [subcategory] = await q<{ id: string }>(
      `insert into template_categories (name, parent_id) values ('Intolerance', $1) returning id`,
      [category?.id],
    );
    const [combination] = await q<{ id: string }>(
      `insert into gene_combinations (subcategory_id, gene_codes, gene_key, phenotype)
       values ($1, '{rs4988235,rs6025}', 'rs4988235,rs6025', 'Test') returning id`,
      [subcategory?.id],
    );
    const [template] = await q<{ id: string }>(
      `insert into templates (gene_combination_id, template_text, risk) values ($1, 'text', 3) returning id`,
      [combination?.id],
    );
    await q(
      `insert into template_genotype_combinations (template_id, gene_combination_id, position, genotypes, genotype_key)
       values ($1, $2, 0, '{"rs4988235": "C/T", "rs6025": "T/T"}', 'rs4988235=C/T;rs6025=T/T'),
              ($1, $2, 1, '{"RS4988235": "T/T", "rs6025": "C/T"}', 'rs4988235=T/T;rs6025=C/T')`,
      [template?.id, combination?.id],
    );
    // Two templates of the A/T marker whose keys trade places: the unique key must not stop the migration.
    const [atCombination] = await q<{ id: string }>(
      `insert into gene_combinations (subcategory_id, gene_codes, gene_key, phenotype)
       values ($1, '{rs-at}', 'rs-at', 'AT test') returning id`,
      [subcategory?.id],
    );
    for (const [position, genotype] of [
      [0, 'A/A'],
      [1, 'T/T'],
    ] as const) {
      const [atTemplate] = await q<{ id: string }>(
        `insert into templates (gene_combination_id, template_text, risk) values ($1, 'text', 1) returning id`,
        [atCombination?.id],
      );
      await q(
        `insert into template_genotype_combinations (template_id, gene_combination_id, position, genotypes, genotype_key)
         values ($1, $2, $3, $4, $5)`,
        [
          atTemplate?.id,
          atCombination?.id,
          position,
          JSON.stringify({ 'rs-at': genotype }),
          `rs-at=${genotype}`,
        ],
      );
    }
    const content = {
      categories: [
        {
          id: 1,
          name: 'Výživa',
          nameEn: 'Nutrition',
          subcategories: [
            {
              id: 2,
              name: 'Intolerance',
              nameEn: 'Intolerances',
              phenotypes: [
                {
                  geneCombinationId: 3,
                  phenotype: 'Test',
                  phenotypeEn: 'Test',
                  templateId: 4,
                  risk: 3,
                  text: 't',
                  textEn: 't',
                  genes: [
                    { code: 'rs4988235', genotype: 'C/T' },
                    { code: 'rs6025', genotype: 'T/T' },
                  ],
                },
              ],
            },
          ],
        },
      ],
      combinations: [],
    };
    await q(`insert into products (customer_id, content) values ($1, $2)`, [
      customerId,
      JSON.stringify(content),
    ]);
    // A content of another shape (no categories array) is left as it is.
    await q(`insert into products (customer_id, content) values ($1, '{"odd": true}')`, [customerId]);

    await migrate(db, { migrationsFolder });

    const strands = await q<{ gene_code: string; gene_strand: string }>(
      'select gene_code, gene_strand from markers order by gene_code',
    );
    expect(Object.fromEntries(strands.map((row) => [row.gene_code, row.gene_strand]))).toEqual({
      // From the HGVS c. substitution, also where the catalogue wrote the plus strand (F5).
      rs4988235: '-',
      rs6025: '-',
      rs1799963: '+',
      rs113993960: '+',
      // No HGVS: how the catalogue wrote the alleles (their complements).
      'old-minus': '-',
      'rs-at': '-',
      'rs-del': '+',
    });
    const genotypes = await q<{ gene_code: string; genotype: string; no_call_reason: string | null }>(
      'select gene_code, genotype, no_call_reason from customer_genotypes order by lower(gene_code) collate "C"',
    );
    expect(genotypes.map((row) => [row.gene_code, row.genotype, row.no_call_reason])).toEqual([
      // A deletion the catalogue wrote '-' is a genotype (D/D), not the CSV's old no-call.
      ['rs-del', 'D/D', null],
      // The reference first, also where the alleles stay (D/I → I/D).
      ['rs113993960', 'I/D', null],
      ['rs1815739', '--', 'noCall'],
      ['RS4988235', 'G/A', null],
      ['rs6025', 'T/T', null],
      // A gene the map does not know stays as written.
      ['rs99999', 'A/G', null],
    ]);
    const combinations = await q<{ genotypes: Record<string, string>; genotype_key: string }>(
      'select genotypes, genotype_key from template_genotype_combinations order by gene_combination_id, position',
    );
    expect(combinations).toEqual([
      { genotypes: { rs4988235: 'G/A', rs6025: 'T/T' }, genotype_key: 'rs4988235=A/G;rs6025=T/T' },
      { genotypes: { RS4988235: 'A/A', rs6025: 'C/T' }, genotype_key: 'rs4988235=A/A;rs6025=C/T' },
      { genotypes: { 'rs-at': 'T/T' }, genotype_key: 'rs-at=T/T' },
      { genotypes: { 'rs-at': 'A/A' }, genotype_key: 'rs-at=A/A' },
    ]);
    const [product, odd] = await q<{ content: typeof content }>('select content from products order by id');
    expect(odd?.content).toEqual({ odd: true });
    expect(product?.content.categories[0]?.subcategories[0]?.phenotypes[0]?.genes).toEqual([
      { code: 'rs4988235', genotype: 'G/A' },
      { code: 'rs6025', genotype: 'T/T' },
    ]);
    const columns = await q<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'markers' and column_name like 'catalogue%'`,
    );
    expect(columns).toEqual([]);
  });
});
