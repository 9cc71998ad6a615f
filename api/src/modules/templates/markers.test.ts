import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, type TestApp, testApp } from '../../../test/test-app.js';
import { auditLog, markers } from '../../db/schema/index.js';
import { loadMarkerMap } from './markers.service.js';

let t: TestApp;
let admin: Record<string, string>;
let lab: Record<string, string>;
let reception: Record<string, string>;

beforeAll(async () => {
  t = await testApp();
  admin = await t.authAs(demo.admin);
  lab = await t.authAs(demo.lab);
  reception = await t.authAs(demo.reception);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, headers = admin) =>
  t.app.inject({ method, url, payload, headers });
const inLanguage = (language: 'cs' | 'en', headers = admin) => ({ ...headers, 'accept-language': language });

/** Posts a CSV file as the import's body. */
const importCsv = (csv: string | Buffer, headers: Record<string, string> = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/templates/markers/import',
    payload: typeof csv === 'string' ? Buffer.from(csv, 'utf8') : csv,
    headers: { ...headers, 'content-type': 'text/csv' },
  });

/** A valid marker of chromosome 21 at a made-up position (the demo's markers sit elsewhere). */
const marker = (geneCode: string, position: number, extra: Record<string, unknown> = {}) => ({
  GeneCode: geneCode,
  Rsid: `rs9${position}`,
  GeneName: 'TESTGENE',
  HgvsC: 'c.100C>T',
  Protein: 'p.Arg34Cys',
  Transcript: 'NM_000000.1',
  Chromosome: '21',
  PositionGrch37: position + 500,
  PositionGrch38: position,
  Reference: 'C',
  Alternative: 'T',
  GeneStrand: '+',
  ...extra,
});

async function create(body: object) {
  const response = await call('POST', '/api/admin/templates/markers', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; geneCode: string; positionGrch38: number | null };
}

const auditCount = async () =>
  (await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, 'marker')))[0]?.n ?? 0;

describe('marker map: create, read, edit, delete', () => {
  it('creates a marker with its fields normalised and the strand ambiguity computed, audited', async () => {
    const created = await call('POST', '/api/admin/templates/markers', {
      ...marker('crud-one', 1_000_100),
      Rsid: ' RS123456 ',
      Chromosome: 'chr21',
      HgvsC: 'NM_000000.1:c.100T>A',
      Reference: 'a',
      Alternative: 't',
      GeneStrand: ' - ',
    });
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json();
    expect(body).toMatchObject({
      geneCode: 'crud-one',
      rsid: 'rs123456',
      chromosome: '21',
      positionGrch37: 1_000_600,
      positionGrch38: 1_000_100,
      reference: 'A',
      alternative: 'T',
      geneStrand: '-',
      strandAmbiguous: true,
      updatedBy: { userName: 'Alena Adminová' },
    });

    const read = await call('GET', `/api/admin/templates/marker?Id=${body.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(body);

    const logged = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'marker'), eq(auditLog.entityId, body.id)));
    expect(logged).toEqual([expect.objectContaining({ field: 'created', newValue: 'crud-one' })]);
  });

  it('edits a marker (a position changed), audits the changed fields only, and deletes it', async () => {
    const { id } = await create(marker('crud-two', 1_000_200));
    const edited = await call('PUT', '/api/admin/templates/markers', {
      ...marker('crud-two', 1_000_200),
      Id: id,
      PositionGrch38: 1_000_201,
      PositionGrch37: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id, positionGrch38: 1_000_201, positionGrch37: null });
    const changes = await t.db
      .select({ field: auditLog.field, oldValue: auditLog.oldValue, newValue: auditLog.newValue })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'marker'), eq(auditLog.entityId, id), sql`field <> 'created'`));
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: 'positionGrch38', oldValue: '1000200', newValue: '1000201' },
        { field: 'positionGrch37', oldValue: '1000700', newValue: null },
      ]),
    );
    expect(changes).toHaveLength(2);

    // Nothing changed: nothing audited.
    const before = await auditCount();
    const same = await call('PUT', '/api/admin/templates/markers', {
      ...marker('crud-two', 1_000_200),
      Id: id,
      PositionGrch38: 1_000_201,
      PositionGrch37: null,
    });
    expect(same.statusCode).toBe(200);
    expect(await auditCount()).toBe(before);

    const removed = await call('DELETE', `/api/admin/templates/markers?Id=${id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ id });
    expect((await call('GET', `/api/admin/templates/marker?Id=${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/templates/markers?Id=${id}`)).statusCode).toBe(404);
    const [deleted] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.entity, 'marker'), eq(auditLog.field, 'deleted')));
    expect(deleted).toMatchObject({ oldValue: 'crud-two', newValue: null });

    const missing = await call('PUT', '/api/admin/templates/markers', { ...marker('crud-two', 1), Id: id });
    expect(missing.statusCode).toBe(404);
  });

  it('Templates.View reads, exports and nothing more; Templates.Edit is needed to change the map', async () => {
    const { id } = await create(marker('perm-one', 1_000_300));
    expect((await call('GET', '/api/admin/templates/markers', undefined, lab)).statusCode).toBe(200);
    expect((await call('GET', `/api/admin/templates/marker?Id=${id}`, undefined, lab)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/templates/markers/export', undefined, lab)).statusCode).toBe(200);

    const refused = [
      await call('POST', '/api/admin/templates/markers', marker('perm-two', 1_000_310), lab),
      await call('PUT', '/api/admin/templates/markers', { ...marker('perm-one', 1_000_300), Id: id }, lab),
      await call('DELETE', `/api/admin/templates/markers?Id=${id}`, undefined, lab),
      await importCsv('GeneCode\nx\n', lab),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    // Without Templates.View not even the list.
    expect((await call('GET', '/api/admin/templates/markers', undefined, reception)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/templates/markers/export', undefined, reception)).statusCode).toBe(
      403,
    );
    expect((await call('GET', `/api/admin/templates/marker?Id=${id}`)).json().geneCode).toBe('perm-one');
  });
});

describe('marker map: validation and conflicts', () => {
  it('answers bad input with a message per field, in Czech and English, and stores nothing', async () => {
    const bad = {
      ...marker('a, b', 0),
      Rsid: 'abc',
      Chromosome: '23',
      PositionGrch37: -5,
      PositionGrch38: 'x',
      Reference: 'N',
      Alternative: 'A',
      GeneStrand: 'minus',
    };
    const before = await auditCount();
    const cs = await call('POST', '/api/admin/templates/markers', bad, inLanguage('cs'));
    expect(cs.statusCode).toBe(400);
    expect(cs.json().error.fields).toEqual({
      GeneCode: 'Kód genu je jeden kód z písmen, číslic a znaků _ . : - (nejvýše 50 znaků).',
      Rsid: 'Zadejte rsID jako rs4988235 (nebo nechte prázdné).',
      Chromosome: 'Chromozom je 1–22, X, Y nebo MT.',
      PositionGrch37: 'Pozice je celé kladné číslo (nejvýše 300 000 000).',
      PositionGrch38: 'Pozice je celé kladné číslo (nejvýše 300 000 000).',
      Reference: 'Alela na plusovém řetězci smí obsahovat jen A, C, G a T.',
      GeneStrand: 'Vlákno genu je + (čte plusové vlákno) nebo - (čte jeho komplement).',
    });
    const en = await call('POST', '/api/admin/templates/markers', bad, inLanguage('en'));
    expect(en.json().error.fields.Reference).toBe(
      'An allele on the plus strand may contain only A, C, G and T.',
    );

    // The rules between fields, once each is valid.
    const rules = await call(
      'POST',
      '/api/admin/templates/markers',
      { ...marker('rules', 1), PositionGrch37: null, PositionGrch38: '', Alternative: 'C' },
      inLanguage('en'),
    );
    expect(rules.statusCode).toBe(400);
    expect(rules.json().error.fields).toEqual({
      PositionGrch38: 'Enter the position in at least one build (GRCh37 or GRCh38).',
      Alternative: 'The reference and alternative alleles must differ.',
    });
    // The HGVS c. must read the plus-strand alleles on the gene's strand: rs6025's plus C/T is c.1601G>A on '-'.
    const strand = await call(
      'POST',
      '/api/admin/templates/markers',
      { ...marker('strand', 1_000_400), HgvsC: 'NM_000130.5:c.1601G>A', GeneStrand: '+' },
      inLanguage('en'),
    );
    expect(strand.statusCode).toBe(400);
    expect(strand.json().error.fields).toEqual({
      GeneStrand:
        'The HGVS c. does not match the alleles on the chosen gene strand (for plus C/T, c.…G>A is strand -, c.…C>T strand +).',
    });
    await create({ ...marker('strand-ok', 1_000_410), HgvsC: 'NM_000130.5:c.1601G>A', GeneStrand: '-' });
    // An indel's HGVS is no substitution: nothing to compare.
    await create({
      ...marker('indel-ok', 1_000_420),
      HgvsC: 'NM_000492.4:c.1521_1523del',
      Reference: 'CT',
      Alternative: 'C',
    });
    expect(await auditCount()).toBe(before + 2);

    // Not JSON at all, or a body that is no object: 400, never 500.
    const notObject = await t.app.inject({
      method: 'POST',
      url: '/api/admin/templates/markers',
      payload: '[1]',
      headers: { ...admin, 'content-type': 'application/json' },
    });
    expect(notObject.statusCode).toBe(400);
    expect((await call('GET', '/api/admin/templates/marker?Id=abc')).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/templates/markers?sort=nope')).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/templates/markers?chromosome=24')).statusCode).toBe(400);
  });

  it('refuses a taken gene code (any case) or position with the same alleles: 409 naming the holder', async () => {
    const holder = await create(marker('Conflict-One', 1_000_500));
    const sameCode = await call(
      'POST',
      '/api/admin/templates/markers',
      marker('CONFLICT-ONE', 1_000_510),
      inLanguage('cs'),
    );
    expect(sameCode.statusCode).toBe(409);
    expect(sameCode.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'Mapa už má marker s kódem genu Conflict-One.',
      fields: { GeneCode: 'Mapa už má marker s kódem genu Conflict-One.' },
    });

    const samePlace = await call(
      'POST',
      '/api/admin/templates/markers',
      { ...marker('conflict-two', 1_000_500), PositionGrch37: 7 },
      inLanguage('en'),
    );
    expect(samePlace.statusCode).toBe(409);
    expect(samePlace.json().error.message).toBe(
      'The marker Conflict-One is already at chromosome 21, position 1000500 (GRCh38) with the alleles C>T.',
    );
    expect(samePlace.json().error.fields).toHaveProperty('PositionGrch38');
    const sameBuild37 = await call('POST', '/api/admin/templates/markers', {
      ...marker('conflict-two', 1_000_520),
      PositionGrch37: 1_001_000,
    });
    expect(sameBuild37.statusCode).toBe(409);
    expect(sameBuild37.json().error.fields).toHaveProperty('PositionGrch37');

    // Another alternative allele at the same position is another marker (a multi-allelic site).
    const other = await create({
      ...marker('conflict-three', 1_000_500),
      PositionGrch37: 9,
      HgvsC: 'c.100C>G',
      Alternative: 'G',
    });

    // An edit into a taken code or place is refused the same way.
    const editCode = await call('PUT', '/api/admin/templates/markers', {
      ...marker('conflict-one', 1_000_530),
      Id: other.id,
    });
    expect(editCode.statusCode).toBe(409);
    const editPlace = await call('PUT', '/api/admin/templates/markers', {
      ...marker('conflict-three', 1_000_500),
      PositionGrch37: 9,
      Id: other.id,
    });
    expect(editPlace.statusCode).toBe(409);
    expect((await call('GET', `/api/admin/templates/marker?Id=${holder.id}`)).json().geneCode).toBe(
      'Conflict-One',
    );
  });
});

describe('marker map and catalogue agree (issue 34)', () => {
  it('refuses to give a marker alleles the catalogue’s templates of its gene do not write, edited or imported; nothing changes', async () => {
    const map = await loadMarkerMap(t.db);
    const leiden = (await call('GET', '/api/admin/templates/markers?search=rs6025')).json().items[0];
    expect(leiden).toMatchObject({ geneCode: 'rs6025', reference: 'C', alternative: 'T' });
    const edit = {
      Id: leiden.id,
      GeneCode: leiden.geneCode,
      Rsid: leiden.rsid,
      GeneName: leiden.geneName,
      HgvsC: '',
      Protein: leiden.protein,
      Transcript: leiden.transcript,
      Chromosome: leiden.chromosome,
      PositionGrch37: leiden.positionGrch37,
      PositionGrch38: leiden.positionGrch38,
      Reference: 'C',
      Alternative: 'G',
      GeneStrand: '-',
    };
    const refused = await call('PUT', '/api/admin/templates/markers', edit, inLanguage('en'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(
      /^Template no\. \d+ of the catalogue writes the gene rs6025 as [CT]\/T, but the marker’s alleles are C\/G \(plus strand\)/,
    );
    expect(refused.json().error.fields).toHaveProperty('Reference');

    const header =
      'GeneCode;Rsid;GeneName;HgvsC;Protein;Transcript;Chromosome;PositionGrch37;PositionGrch38;Reference;Alternative;GeneStrand';
    const imported = await importCsv(
      `${header}\nrs6025;rs6025;F5;;;;1;${leiden.positionGrch37};${leiden.positionGrch38};C;G;-\n`,
      inLanguage('cs'),
    );
    expect(imported.statusCode).toBe(422);
    expect(Object.values(imported.json().error.fields).join(' ')).toMatch(
      /Řádek 2: šablona č\. \d+ katalogu píše gen rs6025 jako [CT]\/T, ale alely markeru jsou C\/G/,
    );
    expect(await loadMarkerMap(t.db)).toEqual(map);
  });
});

describe('marker map: the list', () => {
  beforeAll(async () => {
    await create({ ...marker('LIST-alpha', 2_000_100), Chromosome: '2', GeneName: 'ALPHAGENE' });
    await create({ ...marker('LIST-beta', 2_000_200), Chromosome: '10', Rsid: 'rs77700001' });
    await create({ ...marker('LIST-gamma', 2_000_300), Chromosome: 'X', GeneName: 'GAMMAGENE' });
    await create({ ...marker('LIST-delta', 2_000_400), Chromosome: '2', PositionGrch38: 2_000_050 });
  });

  const list = async (query: string) => {
    const response = await call('GET', `/api/admin/templates/markers?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      items: { geneCode: string }[];
      total: number;
      page: number;
      pageSize: number;
    };
  };
  const codes = (page: { items: { geneCode: string }[] }) => page.items.map((item) => item.geneCode);

  it('searches gene code, rsID and gene name ignoring case, filters the chromosome', async () => {
    expect(codes(await list('search=list-'))).toEqual([
      'LIST-alpha',
      'LIST-beta',
      'LIST-delta',
      'LIST-gamma',
    ]);
    expect(codes(await list('search=RS777'))).toEqual(['LIST-beta']);
    expect(codes(await list('search=gammag'))).toEqual(['LIST-gamma']);
    expect(codes(await list('search=list-&chromosome=2'))).toEqual(['LIST-alpha', 'LIST-delta']);
    expect(codes(await list('search=list-&chromosome=chrx'))).toEqual(['LIST-gamma']);
    // Wildcards are taken literally.
    expect((await list('search=%25_%25')).total).toBe(0);
  });

  it('sorts by gene code, genomic order or position, either way, and pages', async () => {
    expect(codes(await list('search=list-&sort=-geneCode'))).toEqual([
      'LIST-gamma',
      'LIST-delta',
      'LIST-beta',
      'LIST-alpha',
    ]);
    // 2 before 10 before X; within chromosome 2 by position.
    expect(codes(await list('search=list-&sort=chromosome'))).toEqual([
      'LIST-delta',
      'LIST-alpha',
      'LIST-beta',
      'LIST-gamma',
    ]);
    expect(codes(await list('search=list-&sort=-chromosome'))).toEqual([
      'LIST-gamma',
      'LIST-beta',
      'LIST-alpha',
      'LIST-delta',
    ]);
    expect(codes(await list('search=list-&sort=positionGrch38'))).toEqual([
      'LIST-delta',
      'LIST-alpha',
      'LIST-beta',
      'LIST-gamma',
    ]);
    const second = await list('search=list-&pageSize=3&page=2');
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(codes(second)).toEqual(['LIST-gamma']);
    const first = await list('search=list-&pageSize=3&page=1');
    expect(first.total).toBe(4);
    expect(codes(first)).toHaveLength(3);
  });
});

describe('marker map: CSV export and import', () => {
  it('exports the map as CSV with the import’s columns, defused against formulas, and imports it back unchanged', async () => {
    await create({ ...marker('csv-one', 3_000_100), GeneName: '=HYPERLINK("http://x";"y")' });
    await create({ ...marker('csv-two', 3_000_200), PositionGrch37: null, HgvsC: 'c.-13910C>T' });
    const exported = await call('GET', '/api/admin/templates/markers/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.headers['content-disposition']).toMatch(
      /attachment; filename="marker-map-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const text = exported.body;
    expect(
      text.startsWith(
        '\uFEFFGeneCode;Rsid;GeneName;HgvsC;Protein;Transcript;Chromosome;PositionGrch37;PositionGrch38;Reference;Alternative;GeneStrand;StrandAmbiguous\r\n',
      ),
    ).toBe(true);
    expect(text).toContain(`csv-one;rs93000100;"'=HYPERLINK(""http://x"";""y"")";c.100C>T;`);
    expect(text).toContain(
      'csv-two;rs93000200;TESTGENE;c.-13910C>T;p.Arg34Cys;NM_000000.1;21;;3000200;C;T;+;false',
    );

    const before = await loadMarkerMap(t.db);
    const audited = await auditCount();
    const again = await importCsv(exported.rawPayload);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ created: 0, updated: 0, unchanged: before.length });
    expect(await loadMarkerMap(t.db)).toEqual(before);
    expect(await auditCount()).toBe(audited);

    // Filtered like the list.
    const filtered = await call('GET', '/api/admin/templates/markers/export?search=csv-&sort=-geneCode');
    expect(
      filtered.body
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(';')[0]),
    ).toEqual(['csv-two', 'csv-one']);
  });

  it('imports with commas: creates new gene codes, updates known ones (any case), audited; markers may trade places', async () => {
    const a = await create(marker('swap-a', 3_100_100));
    const b = await create(marker('swap-b', 3_100_200));
    const header =
      'gene_code,rsid,gene_name,hgvs_c,protein,transcript,chromosome,position_grch37,position_grch38,reference,alternative,gene_strand';
    const csv = [
      header,
      // a and b trade their GRCh38 positions (and GRCh37 ones).
      'SWAP-A,rs1,GA,,,,21,3100700,3100200,C,T,+',
      '',
      'swap-b,rs2,GB,,,,21,3100600,3100100,C,T,+',
      '"swap-new",rs3,"Gene, new",c.1A>G,,,chrX,,3100300,A,G,+',
    ].join('\n');
    const response = await importCsv(csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ created: 1, updated: 2, unchanged: 0 });
    const get = async (id: number) => (await call('GET', `/api/admin/templates/marker?Id=${id}`)).json();
    expect(await get(a.id)).toMatchObject({ geneCode: 'SWAP-A', positionGrch38: 3_100_200, geneName: 'GA' });
    expect(await get(b.id)).toMatchObject({ geneCode: 'swap-b', positionGrch38: 3_100_100, rsid: 'rs2' });
    const created = (await call('GET', '/api/admin/templates/markers?search=swap-new')).json().items[0];
    expect(created).toMatchObject({ chromosome: 'X', geneName: 'Gene, new', positionGrch37: null });
    const audits = await t.db
      .select({ field: auditLog.field, newValue: auditLog.newValue })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'marker'), eq(auditLog.entityId, a.id)));
    expect(audits).toEqual(
      expect.arrayContaining([
        { field: 'geneCode', newValue: 'SWAP-A' },
        { field: 'positionGrch38', newValue: '3100200' },
      ]),
    );
  });

  it('refuses a file with bad rows whole, naming each line and its reason in Czech and English; nothing changes', async () => {
    await create(marker('keep-one', 3_200_100));
    await create(marker('keep-two', 3_200_200));
    const before = await loadMarkerMap(t.db);
    const audited = await auditCount();
    const columns =
      'GeneCode;Rsid;GeneName;HgvsC;Protein;Transcript;Chromosome;PositionGrch37;PositionGrch38;Reference;Alternative;GeneStrand';
    const csv = [
      columns,
      'keep-one;rs1;;;;;21;;3200101;C;T;+', // 2: fine (would move keep-one)
      'bad-allele;rs2;;;;;21;;3200300;N;T;+', // 3: not a base
      'bad-count;rs3;;;;;21;;3200400;C;T', // 4: a value short
      'KEEP-ONE;rs4;;;;;21;;3200500;C;T;+', // 5: the gene code again
      'taken;rs5;;;;;21;;3200200;C;T;+', // 6: keep-two's place, which the file leaves
      'two-bad;rsx;;;;;99;;3200600;C;T;+', // 7: two reasons
      'new-fine;rs7;;;;;21;;3200700;C;T;+', // 8: fine
    ].join('\r\n');

    const cs = await importCsv(csv, inLanguage('cs'));
    expect(cs.statusCode).toBe(422);
    expect(cs.json().error).toEqual({
      code: 'IMPORT_REFUSED',
      message: 'Soubor nebyl importován a v mapě se nic nezměnilo: 4 chybné řádky.',
      fields: {
        'line.3.Reference': 'Řádek 3, Reference: Alela na plusovém řetězci smí obsahovat jen A, C, G a T.',
        'line.4': 'Řádek 4: počet hodnot je 11, očekáváno 12.',
        'line.5': 'Řádek 5: kód genu KEEP-ONE je v souboru už na řádku 2.',
        'line.7.Rsid': 'Řádek 7, Rsid: Zadejte rsID jako rs4988235 (nebo nechte prázdné).',
        'line.7.Chromosome': 'Řádek 7, Chromosome: Chromozom je 1–22, X, Y nebo MT.',
      },
    });
    // Line 6 clashes with the map, which is checked once the file itself is sound.
    const fixed = csv
      .split('\r\n')
      .filter((_, index) => ![2, 3, 4, 6].includes(index))
      .join('\r\n');
    const en = await importCsv(fixed, inLanguage('en'));
    expect(en.statusCode).toBe(422);
    expect(en.json().error).toEqual({
      code: 'IMPORT_REFUSED',
      message: 'The file was not imported and nothing in the map changed: 1 bad line.',
      fields: {
        'line.3':
          'Line 3: the marker keep-two, which the file leaves as it is, has the same position (GRCh38) and alleles.',
      },
    });
    expect(await loadMarkerMap(t.db)).toEqual(before);
    expect(await auditCount()).toBe(audited);
  });

  it('refuses a file without the header, with a missing column, empty, not UTF-8 or too large', async () => {
    const noHeader = await importCsv('keep-one;rs1;;;;;21;;3200101;C;T;+\n', inLanguage('en'));
    expect(noHeader.statusCode).toBe(422);
    expect(noHeader.json().error.fields).toEqual({
      'line.1': `Line 1: the header lacks the columns: ${'GeneCode, Rsid, GeneName, HgvsC, Protein, Transcript, Chromosome, PositionGrch37, PositionGrch38, Reference, Alternative, GeneStrand'}.`,
    });
    const lacking = await importCsv(
      'GeneCode;Rsid;GeneName;HgvsC;Protein;Transcript;Chromosome;PositionGrch37;PositionGrch38;Reference;Alternative\n',
      inLanguage('en'),
    );
    expect(lacking.json().error.fields).toEqual({
      'line.1': 'Line 1: the header lacks the columns: GeneStrand.',
    });
    const empty = await importCsv('\n\n', inLanguage('en'));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.fields).toEqual({
      'line.1': 'The file contains no markers (the first line is a header naming the columns).',
    });
    const latin2 = Buffer.concat([
      Buffer.from('GeneCode;GeneName\nabc;'),
      Buffer.from([0x9e, 0x6c, 0x75, 0x74, 0xfd]),
      Buffer.from('\n'),
    ]);
    const encoding = await importCsv(latin2, inLanguage('en'));
    expect(encoding.statusCode).toBe(422);
    expect(encoding.json().error.fields).toEqual({ 'line.2': 'Line 2: the file is not UTF-8 encoded.' });
    const large = await importCsv(Buffer.alloc(6 * 1024 * 1024, 0x41), inLanguage('en'));
    expect(large.statusCode).toBe(413);
    expect(large.json().error.message).toBe('The file is too large (at most 5 MB).');
  });

  it('names at most a hundred bad lines, then how many more', async () => {
    const header =
      'GeneCode;Rsid;GeneName;HgvsC;Protein;Transcript;Chromosome;PositionGrch37;PositionGrch38;Reference;Alternative;GeneStrand';
    const rows = Array.from({ length: 130 }, (_, i) => `many-${i};;;;;;21;;${4_000_000 + i};C;Q;+`);
    const response = await importCsv([header, ...rows].join('\n'), inLanguage('en'));
    expect(response.statusCode).toBe(422);
    const error = response.json().error;
    expect(error.message).toMatch(/: 130 bad lines\.$/);
    expect(Object.keys(error.fields)).toHaveLength(101);
    expect(error.fields.more).toBe('… and 30 more bad lines.');
  });
});

describe('marker map: the readers’ view', () => {
  it('the demo seed maps the demo catalogue’s gene codes at their real coordinates', async () => {
    const demoMap = new Map((await loadMarkerMap(t.db)).map((m) => [m.geneCode, m]));
    expect(demoMap.get('rs4988235')).toMatchObject({
      chromosome: '2',
      positionGrch37: 136608646,
      positionGrch38: 135851076,
      reference: 'G',
      alternative: 'A',
      geneStrand: '-',
      strandAmbiguous: false,
    });
    expect(demoMap.get('rs6025')).toMatchObject({ reference: 'C', alternative: 'T', geneStrand: '-' });
    expect(demoMap.get('rs113993960')).toMatchObject({
      reference: 'ATCT',
      alternative: 'A',
      geneStrand: '+',
    });
    expect(demoMap.get('rs1799945')?.strandAmbiguous).toBe(true);
    // Every phenotype's gene of the demo catalogue has a marker.
    const genes = await t.db.execute<{ code: string }>(
      sql`select distinct unnest(gene_codes) as code from gene_combinations`,
    );
    expect(genes.rows.map((row) => row.code).filter((code) => !demoMap.has(code))).toEqual([]);
  });

  it('loadMarkerMap gives every marker with its strand ambiguity', async () => {
    const map = await loadMarkerMap(t.db);
    const [{ n }] = (await t.db.select({ n: count() }).from(markers)) as [{ n: number }];
    expect(map).toHaveLength(n);
    expect(map.find((m) => m.geneCode === 'crud-one')).toEqual({
      geneCode: 'crud-one',
      rsid: 'rs123456',
      geneName: 'TESTGENE',
      hgvsC: 'NM_000000.1:c.100T>A',
      protein: 'p.Arg34Cys',
      transcript: 'NM_000000.1',
      chromosome: '21',
      positionGrch37: 1_000_600,
      positionGrch38: 1_000_100,
      reference: 'A',
      alternative: 'T',
      geneStrand: '-',
      strandAmbiguous: true,
    });
  });
});
