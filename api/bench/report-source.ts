import type { ReportContent } from '../src/db/schema/index.js';
import type { ReportSource } from '../src/modules/products/report-pdf/document.js';

/** Numbers in [0, 1) from `seed`, the same for the same seed (xorshift32). */
function xorshift(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
}

/**
 * A made-up report the size issue 22 measures (60 phenotypes in 8 categories, 1–3 genes each, three
 * sentences of text per phenotype in both languages), different for every `seed`.
 */
export function syntheticReportSource({
  seed = 42,
  categories = 8,
  phenotypes = 60,
  status = 1,
} = {}): ReportSource {
  const random = xorshift(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const czech =
    'genetická varianta riziko metabolismus vitamín odpověď organismu úroveň náchylnost zánět kofein laktóza hladina cholesterolu sportovní výkon spánek dědičnost příjem živin řeřicha'.split(
      ' ',
    );
  const english =
    'genetic variant risk metabolism vitamin response organism level susceptibility inflammation caffeine lactose cholesterol athletic performance sleep intake carriers studies'.split(
      ' ',
    );
  const sentence = (words: string[]) => {
    const text = Array.from({ length: 8 + Math.floor(random() * 10) }, () => pick(words)).join(' ');
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  };
  const paragraph = (words: string[]) => Array.from({ length: 3 }, () => sentence(words)).join(' ');
  const names = [
    ['Výživa a metabolismus', 'Nutrition and metabolism'],
    ['Sport a pohybové předpoklady', 'Sport and fitness'],
    ['Zdravotní predispozice', 'Health predispositions'],
    ['Vitamíny a minerály', 'Vitamins and minerals'],
    ['Citlivost na látky', 'Sensitivities'],
    ['Spánek a psychika', 'Sleep and mind'],
    ['Kůže a stárnutí', 'Skin and ageing'],
    ['Předci a původ', 'Ancestry'],
  ] as const;
  const geneNames = ['MTHFR', 'APOE', 'FTO', 'LCT', 'CYP1A2', 'ACTN3', 'VDR', 'HFE', 'BCMO1', 'COMT'];
  const genes: ReportSource['genes'] = new Map();
  const content: ReportContent = { categories: [] };
  let id = 0;
  const perSubcategory = Math.ceil(phenotypes / categories / 2);
  for (let c = 0; c < categories; c++) {
    const [name, nameEn] = names[c % names.length]!;
    const category: ReportContent['categories'][number] = { id: c + 1, name, nameEn, subcategories: [] };
    for (let s = 0; s < 2; s++) {
      const subcategory = {
        id: 100 + c * 2 + s,
        name: `${name} – ${s === 0 ? 'základ' : 'podrobnosti'}`,
        nameEn: `${nameEn} – ${s === 0 ? 'basics' : 'details'}`,
        phenotypes: [] as ReportContent['categories'][number]['subcategories'][number]['phenotypes'],
      };
      for (let p = 0; p < perSubcategory && id < phenotypes; p++, id++) {
        const phenotypeGenes = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
          const code = `rs${100000 + Math.floor(random() * 9000000)}`;
          genes.set(code, {
            name: pick(geneNames),
            hgvsC: `NM_00${Math.floor(random() * 9000)}.3:c.${100 + Math.floor(random() * 2000)}${pick([...'ACGT'])}>${pick([...'ACGT'])}`,
            protein: `p.${pick(['Ala', 'Arg', 'Gly', 'Val'])}${10 + Math.floor(random() * 500)}${pick(['Thr', 'Ser', 'Leu'])}`,
          });
          return { code, genotype: pick(['A/A', 'A/G', 'G/G', 'C/T', 'T/T']) };
        });
        subcategory.phenotypes.push({
          geneCombinationId: id + 1,
          phenotype: `${pick(czech)} ${pick(czech)} ${id + 1}`.replace(/^./, (x) => x.toUpperCase()),
          phenotypeEn: `${pick(english)} ${pick(english)} ${id + 1}`.replace(/^./, (x) => x.toUpperCase()),
          templateId: id + 1,
          risk: 1 + Math.floor(random() * 4),
          text: `<p>${paragraph(czech)}</p>`,
          textEn: `<p>${paragraph(english)}</p>`,
          genes: phenotypeGenes,
        });
      }
      category.subcategories.push(subcategory);
    }
    content.categories.push(category);
  }
  return {
    productId: 4711 + seed,
    status,
    content,
    customerName: 'Žofie Řeháková-Šťastná',
    dateOfBirth: '1987-03-14',
    barcode: 'GD00173511',
    sampleReceivedAt: new Date('2025-10-02T09:30:00Z'),
    productTypeName: 'Komplexní genetický test',
    productTypeNameEn: 'Comprehensive genetic test',
    doctorIntro:
      '<p>Vážená paní <strong>Řeháková-Šťastná</strong>, děkujeme za <em>důvěru</em>. Tato zpráva shrnuje výsledky analýzy vaší <strong><em>DNA</em></strong>.</p>' +
      '<ul><li>výsledky <strong>nejsou diagnózou</strong>,</li><li>riziko je vyjádřeno slovem i značkou,</li><li>genetika je jen jedním z faktorů.</li></ul>' +
      '<ol><li>Přečtěte si souhrn.</li><li>Projděte jednotlivé kategorie.</li><li>Poraďte se s lékařem.</li></ol>' +
      '<script>alert(1)</script><img src="https://example.com/x.png">',
    doctorIntroReproductiveGenetics: '',
    doctorIntroReproductiveGeneticsEnabled: false,
    doctorName: 'MUDr. Jiří Čermák, Ph.D.',
    doctorLicence: 'ČLK 0712345',
    publishedAt: status === 3 || status === 4 ? new Date('2025-10-20T10:00:00Z') : null,
    genes,
  };
}

const batchCustomers = [
  'Žofie Řeháková-Šťastná',
  'Jan Novák',
  'Marie Dvořáková',
  'Petr Černý',
  'Olena Kovalenko',
  'Nguyễn Thị Lan',
  'Tomáš Procházka',
  'Lucie Veselá',
];

/**
 * One customer's report of a product type (a catalogue item), as a laboratory's batch has them: the
 * type's phenotypes, genes and result texts are the same for every customer, and each phenotype has
 * `results` possible results (a text and a risk) of which the customer's genotype picks one; the
 * report, customer, barcode, date of birth and genotypes differ with `customer`.
 */
export function productTypeBatchSource({ productType = 1, customer = 1, results = 3 } = {}): ReportSource {
  const outcomes = Array.from({ length: results }, (_, r) =>
    syntheticReportSource({ seed: productType * 100 + r, status: 3 }),
  );
  const source = structuredClone(outcomes[0]!);
  const random = xorshift(customer * 2654435761);
  const genotypes = ['A/A', 'A/G', 'G/G', 'C/C', 'C/T', 'T/T'];
  source.content.categories.forEach((category, c) => {
    category.subcategories.forEach((subcategory, s) => {
      subcategory.phenotypes.forEach((phenotype, p) => {
        const outcome = Math.floor(random() * results);
        const result = outcomes[outcome]!.content.categories[c]!.subcategories[s]!.phenotypes[p]!;
        phenotype.text = result.text;
        phenotype.textEn = result.textEn;
        phenotype.risk = 1 + (outcome % 4);
        phenotype.genes = phenotype.genes.map((gene) => ({
          ...gene,
          genotype: genotypes[outcome % genotypes.length]!,
        }));
      });
    });
  });
  source.productId = 100_000 + customer;
  source.customerName = `${batchCustomers[customer % batchCustomers.length]} ${customer}`;
  source.barcode = `GD${String(10_000_000 + customer)}`;
  source.dateOfBirth = `19${50 + (customer % 50)}-0${1 + (customer % 9)}-1${customer % 10}`;
  return source;
}
