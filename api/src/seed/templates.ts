import {
  ClinicalWeight,
  checkGenotypeCombinations,
  type Gender,
  parseGeneCodes,
  type TemplateRisk,
} from '@genodesk/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import {
  combinationRules,
  geneCombinations,
  templateCategories,
  templateGenotypeCombinations,
  templates,
  users,
} from '../db/schema/index.js';

type Text = readonly [cs: string, en: string];
const p = (cs: string, en: string): Text => [`<p>${cs}</p>`, `<p>${en}</p>`];

type SeedTemplate = {
  risk: TemplateRisk;
  rows: Record<string, string>[];
  text: Text;
  note?: string;
  /** Released only after a consultation with the customer (issue 35). */
  requiresConsultation?: boolean;
};
type SeedPhenotype = {
  category: Text;
  subcategory: Text;
  genes: string;
  phenotype: Text;
  description: Text;
  gender: Gender;
  /** How grave the phenotype is: the report's summary lists the graver first. */
  clinicalWeight: ClinicalWeight;
  defaultRisk: TemplateRisk;
  defaultText: Text;
  templates: SeedTemplate[];
};

const categoryTexts: Record<string, { description: Text; references: string }> = {
  Výživa: {
    description: p(
      'Jak tělo zpracovává živiny, vitaminy a některé složky potravy.',
      'How the body processes nutrients, vitamins and some food components.',
    ),
    references: '<ul><li>Ségurel L, Bon C. Annu Rev Genomics Hum Genet. 2017;18:297–319.</li></ul>',
  },
  'Srdce a cévy': {
    description: p(
      'Vrozené dispozice ke krevním sraženinám a k poruchám metabolismu tuků.',
      'Inherited tendencies to blood clots and to disorders of fat metabolism.',
    ),
    references: '<ul><li>Kujovich JL. Genet Med. 2011;13(1):1–16.</li></ul>',
  },
  Metabolismus: {
    description: p('Hospodaření těla s minerálními látkami.', 'How the body handles minerals.'),
    references: '<ul><li>Adams PC, Barton JC. Lancet. 2007;370:1855–60.</li></ul>',
  },
  Sport: {
    description: p(
      'Genetické předpoklady pro silové a vytrvalostní výkony.',
      'Genetic predispositions for power and endurance performance.',
    ),
    references: '<ul><li>Yang N et al. Am J Hum Genet. 2003;73:627–31.</li></ul>',
  },
  'Reprodukční genetika': {
    description: p(
      'Přenašečství recesivně dědičných onemocnění, důležité při plánování rodiny.',
      'Carrier status of recessively inherited diseases, relevant to family planning.',
    ),
    references: '<ul><li>ACOG Committee Opinion No. 691. Obstet Gynecol. 2017;129:e41–55.</li></ul>',
  },
};

const nutrition: Text = ['Výživa', 'Nutrition'];
const heart: Text = ['Srdce a cévy', 'Heart and vessels'];
const thrombophilia: Text = ['Trombofilie', 'Thrombophilia'];

/**
 * The demo catalogue: DOMAIN §3's variants, every genotype combination covered by a template. Genotypes
 * are written as every stored genotype is (issue 34): on the plus strand of the marker map
 * (`lab-formats/demo-markers.ts`), the reference allele first, an indel as I/D. Where the gene reads
 * the other strand the texts name the gene's alleles too (rs4988235's plus G/A is the −13910 C/T).
 */
export const demoCatalogue: SeedPhenotype[] = [
  {
    category: nutrition,
    subcategory: ['Intolerance', 'Intolerances'],
    genes: 'rs4988235',
    phenotype: ['Intolerance laktózy', 'Lactose intolerance'],
    description: p(
      'Varianta rs4988235 (MCM6/LCT, −13910 C>T) rozhoduje, zda enzym laktáza zůstává aktivní i v dospělosti.',
      'The rs4988235 variant (MCM6/LCT, −13910 C>T) decides whether the lactase enzyme stays active in adulthood.',
    ),
    gender: 3,
    clinicalWeight: ClinicalWeight.WellnessTrait,
    defaultRisk: 1,
    defaultText: p(
      'Výsledek pro laktázovou perzistenci nelze automaticky vyhodnotit; lékař jej posoudí individuálně.',
      'The lactase persistence result cannot be assessed automatically; a doctor will review it individually.',
    ),
    templates: [
      {
        risk: 3,
        rows: [{ rs4988235: 'G/G' }],
        text: p(
          'Máte genotyp −13910 C/C (na plusovém vlákně G/G) spojený s postupným útlumem tvorby laktázy v dospělosti. Mléčné výrobky mohou způsobovat nadýmání, bolesti břicha či průjem; zkuste omezit mléko a upřednostnit zakysané výrobky nebo bezlaktózové alternativy.',
          'You have the −13910 C/C genotype (G/G on the plus strand), linked with a gradual decline of lactase production in adulthood. Dairy may cause bloating, abdominal pain or diarrhoea; try limiting milk and prefer fermented products or lactose-free alternatives.',
        ),
      },
      {
        risk: 1,
        rows: [{ rs4988235: 'G/A' }, { rs4988235: 'A/A' }],
        text: p(
          'Máte alespoň jednu alelu −13910 T (na plusovém vlákně A), díky níž laktáza zůstává aktivní i v dospělosti. Genetická dispozice k intoleranci laktózy u vás není zvýšená.',
          'You carry at least one −13910 T allele (A on the plus strand), which keeps lactase active in adulthood. Your genetic predisposition to lactose intolerance is not increased.',
        ),
        note: 'G/A a A/A (na vlákně genu C/T a T/T): laktázová perzistence (dominantní).',
      },
    ],
  },
  {
    category: nutrition,
    subcategory: ['Metabolismus živin', 'Metabolism'],
    genes: 'rs762551',
    phenotype: ['Metabolismus kofeinu', 'Caffeine metabolism'],
    description: p(
      'Varianta rs762551 genu CYP1A2 (*1F) ovlivňuje, jak rychle játra odbourávají kofein.',
      'The rs762551 variant of CYP1A2 (*1F) affects how quickly the liver breaks down caffeine.',
    ),
    gender: 3,
    clinicalWeight: ClinicalWeight.WellnessTrait,
    defaultRisk: 1,
    defaultText: p(
      'Rychlost metabolismu kofeinu nelze z výsledku automaticky určit; lékař jej posoudí.',
      'The caffeine metabolism rate cannot be determined automatically; a doctor will review the result.',
    ),
    templates: [
      {
        risk: 1,
        rows: [{ rs762551: 'A/A' }],
        text: p(
          'Patříte mezi rychlé metabolizátory kofeinu. Střídmá konzumace kávy (do 3–4 šálků denně) u vás není spojena se zvýšeným kardiovaskulárním rizikem.',
          'You are a fast caffeine metabolizer. Moderate coffee intake (up to 3–4 cups a day) is not associated with increased cardiovascular risk for you.',
        ),
      },
      {
        risk: 2,
        rows: [{ rs762551: 'C/A' }],
        text: p(
          'Kofein odbouráváte středně rychle. Doporučujeme nepřekračovat 2–3 šálky kávy denně a vyhnout se kávě večer.',
          'You break down caffeine at an intermediate rate. We recommend no more than 2–3 cups of coffee a day and none in the evening.',
        ),
      },
      {
        risk: 3,
        rows: [{ rs762551: 'C/C' }],
        text: p(
          'Patříte mezi pomalé metabolizátory kofeinu. Vyšší příjem kávy (4 a více šálků denně) je u vás spojen s vyšším rizikem zvýšeného krevního tlaku a infarktu; omezte kofein na 1–2 šálky denně.',
          'You are a slow caffeine metabolizer. A high coffee intake (4 or more cups a day) is linked with a higher risk of raised blood pressure and heart attack; limit caffeine to 1–2 cups a day.',
        ),
      },
    ],
  },
  {
    category: nutrition,
    subcategory: ['Vitaminy', 'Vitamins'],
    genes: 'rs1801133, rs1801131',
    phenotype: ['Metabolismus folátu', 'Folate metabolism'],
    description: p(
      'Varianty C677T (rs1801133) a A1298C (rs1801131) genu MTHFR snižují aktivitu enzymu, který převádí folát na jeho aktivní formu.',
      'The MTHFR variants C677T (rs1801133) and A1298C (rs1801131) reduce the activity of the enzyme that converts folate into its active form.',
    ),
    gender: 3,
    clinicalWeight: ClinicalWeight.HealthRisk,
    defaultRisk: 1,
    defaultText: p(
      'Kombinaci variant MTHFR nelze automaticky vyhodnotit; lékař ji posoudí individuálně.',
      'This combination of MTHFR variants cannot be assessed automatically; a doctor will review it individually.',
    ),
    templates: [
      {
        risk: 1,
        rows: [
          { rs1801133: 'G/G', rs1801131: 'T/T' },
          { rs1801133: 'G/G', rs1801131: 'T/G' },
        ],
        text: p(
          'Aktivita enzymu MTHFR je u vás normální nebo jen nepatrně snížená. Pestrá strava s listovou zeleninou a luštěninami pokryje potřebu folátu.',
          'Your MTHFR enzyme activity is normal or only slightly reduced. A varied diet with leafy greens and legumes covers your folate needs.',
        ),
      },
      {
        risk: 2,
        rows: [
          { rs1801133: 'G/G', rs1801131: 'G/G' },
          { rs1801133: 'G/A', rs1801131: 'T/T' },
          { rs1801133: 'G/A', rs1801131: 'T/G' },
          { rs1801133: 'G/A', rs1801131: 'G/G' },
        ],
        text: p(
          'Aktivita enzymu MTHFR je u vás mírně snížená (přibližně na 60–70 %). Dbejte na dostatečný příjem folátu a vitaminů B6 a B12; hladinu homocysteinu lze ověřit krevním testem.',
          'Your MTHFR enzyme activity is mildly reduced (to about 60–70 %). Make sure you get enough folate and vitamins B6 and B12; your homocysteine level can be checked with a blood test.',
        ),
      },
      {
        risk: 3,
        rows: [
          { rs1801133: 'A/A', rs1801131: 'T/T' },
          { rs1801133: 'A/A', rs1801131: 'T/G' },
          { rs1801133: 'A/A', rs1801131: 'G/G' },
        ],
        text: p(
          'Aktivita enzymu MTHFR je u vás výrazně snížená (přibližně na 30 %), což může vést ke zvýšené hladině homocysteinu. Doporučujeme vyšetřit homocystein a zvážit doplňování methylfolátu, zejména při plánování těhotenství.',
          'Your MTHFR enzyme activity is markedly reduced (to about 30 %), which can raise homocysteine. We recommend a homocysteine test and considering methylfolate supplements, especially when planning a pregnancy.',
        ),
      },
    ],
  },
  {
    category: heart,
    subcategory: thrombophilia,
    genes: 'rs6025',
    phenotype: ['Faktor V Leiden', 'Factor V Leiden'],
    description: p(
      'Mutace Leiden genu F5 (rs6025) činí faktor V odolným vůči aktivovanému proteinu C a zvyšuje sklon ke vzniku žilních trombóz.',
      'The Leiden mutation of F5 (rs6025) makes factor V resistant to activated protein C and increases the tendency to venous thrombosis.',
    ),
    gender: 3,
    clinicalWeight: ClinicalWeight.ActionableMedical,
    defaultRisk: 1,
    defaultText: p(
      'Výsledek vyšetření faktoru V Leiden nelze automaticky vyhodnotit; lékař jej posoudí.',
      'The factor V Leiden result cannot be assessed automatically; a doctor will review it.',
    ),
    templates: [
      {
        risk: 1,
        rows: [{ rs6025: 'C/C' }],
        text: p(
          'Mutaci Leiden nemáte. Vaše riziko žilní trombózy z tohoto důvodu není zvýšené.',
          'You do not carry the Leiden mutation. Your risk of venous thrombosis is not increased for this reason.',
        ),
      },
      {
        risk: 2,
        rows: [{ rs6025: 'C/T' }],
        text: p(
          'Jste heterozygotní nositel mutace Leiden; riziko žilní trombózy je přibližně 5× vyšší. Informujte lékaře před operacemi, při hormonální antikoncepci a v těhotenství.',
          'You are a heterozygous carrier of the Leiden mutation; your risk of venous thrombosis is about 5 times higher. Tell your doctor before surgery, when using hormonal contraception and in pregnancy.',
        ),
      },
      {
        risk: 3,
        rows: [{ rs6025: 'T/T' }],
        text: p(
          'Jste homozygotní nositel mutace Leiden; riziko žilní trombózy je výrazně zvýšené. Doporučujeme konzultaci s hematologem a vyhnout se estrogenové antikoncepci.',
          'You are a homozygous carrier of the Leiden mutation; your risk of venous thrombosis is markedly increased. We recommend seeing a haematologist and avoiding oestrogen contraception.',
        ),
      },
    ],
  },
  {
    category: heart,
    subcategory: thrombophilia,
    genes: 'rs1799963',
    phenotype: ['Protrombin G20210A', 'Prothrombin G20210A'],
    description: p(
      'Varianta G20210A genu F2 (rs1799963) zvyšuje hladinu protrombinu v krvi a tím sklon ke srážení.',
      'The G20210A variant of F2 (rs1799963) raises the prothrombin level in the blood and with it the tendency to clot.',
    ),
    gender: 3,
    clinicalWeight: ClinicalWeight.ActionableMedical,
    defaultRisk: 1,
    defaultText: p(
      'Výsledek vyšetření protrombinu nelze automaticky vyhodnotit; lékař jej posoudí.',
      'The prothrombin result cannot be assessed automatically; a doctor will review it.',
    ),
    templates: [
      {
        risk: 1,
        rows: [{ rs1799963: 'G/G' }],
        text: p(
          'Variantu G20210A nemáte; riziko trombózy z tohoto důvodu není zvýšené.',
          'You do not carry the G20210A variant; your thrombosis risk is not increased for this reason.',
        ),
      },
      {
        risk: 2,
        rows: [{ rs1799963: 'G/A' }],
        text: p(
          'Jste heterozygotní nositel varianty G20210A; riziko žilní trombózy je 2–3× vyšší. Informujte lékaře před operacemi a při hormonální léčbě.',
          'You are a heterozygous carrier of G20210A; your risk of venous thrombosis is 2–3 times higher. Tell your doctor before surgery and during hormone treatment.',
        ),
      },
      {
        risk: 3,
        rows: [{ rs1799963: 'A/A' }],
        text: p(
          'Jste homozygotní nositel varianty G20210A; riziko trombózy je výrazně zvýšené. Doporučujeme konzultaci s hematologem.',
          'You are a homozygous carrier of G20210A; your thrombosis risk is markedly increased. We recommend seeing a haematologist.',
        ),
      },
    ],
  },
  {
    category: heart,
    subcategory: ['Lipidy', 'Lipids'],
    genes: 'rs429358, rs7412',
    phenotype: ['Genotyp APOE', 'APOE genotype'],
    description: p(
      'Kombinace variant rs429358 a rs7412 určuje alely ε2, ε3 a ε4 genu APOE, které ovlivňují hladinu cholesterolu a riziko srdečních a neurodegenerativních onemocnění.',
      'The combination of rs429358 and rs7412 defines the ε2, ε3 and ε4 alleles of APOE, which influence cholesterol levels and the risk of heart and neurodegenerative disease.',
    ),
    gender: 3,
    clinicalWeight: ClinicalWeight.HealthRisk,
    defaultRisk: 2,
    defaultText: p(
      'Kombinaci alel APOE nelze automaticky určit; lékař výsledek posoudí individuálně.',
      'The APOE allele combination cannot be determined automatically; a doctor will review the result individually.',
    ),
    templates: [
      {
        risk: 1,
        rows: [{ rs429358: 'T/T', rs7412: 'C/C' }],
        text: p(
          'Máte nejčastější genotyp APOE ε3/ε3, spojený s průměrnou hladinou cholesterolu a průměrným rizikem.',
          'You have the most common APOE genotype, ε3/ε3, associated with average cholesterol levels and average risk.',
        ),
      },
      {
        risk: 4,
        rows: [{ rs429358: 'T/T', rs7412: 'C/T' }],
        text: p(
          'Máte genotyp APOE ε2/ε3, který bývá spojen s nižší hladinou LDL cholesterolu a s ochranným účinkem vůči Alzheimerově chorobě.',
          'You have the APOE ε2/ε3 genotype, usually associated with lower LDL cholesterol and a protective effect against Alzheimer’s disease.',
        ),
      },
      {
        risk: 2,
        rows: [{ rs429358: 'T/T', rs7412: 'T/T' }],
        text: p(
          'Máte genotyp APOE ε2/ε2. Zvyšuje riziko dysbetalipoproteinémie (hyperlipoproteinémie typu III); doporučujeme kontrolu krevních tuků.',
          'You have the APOE ε2/ε2 genotype. It increases the risk of dysbetalipoproteinaemia (type III hyperlipoproteinaemia); we recommend checking your blood lipids.',
        ),
      },
      {
        risk: 2,
        rows: [{ rs429358: 'T/C', rs7412: 'C/C' }],
        text: p(
          'Máte genotyp APOE ε3/ε4, spojený s vyšší hladinou LDL cholesterolu a mírně zvýšeným rizikem srdečních onemocnění i Alzheimerovy choroby. Pomáhá pohyb, strava s omezením nasycených tuků a nekouření.',
          'You have the APOE ε3/ε4 genotype, associated with higher LDL cholesterol and a moderately increased risk of heart disease and Alzheimer’s disease. Exercise, a diet low in saturated fat and not smoking help.',
        ),
      },
      {
        risk: 2,
        rows: [{ rs429358: 'T/C', rs7412: 'C/T' }],
        text: p(
          'Máte nejspíše genotyp APOE ε2/ε4, v němž se účinky obou alel zčásti vyrovnávají. Doporučujeme pravidelnou kontrolu krevních tuků.',
          'You most likely have the APOE ε2/ε4 genotype, in which the effects of the two alleles partly balance out. We recommend regular blood lipid checks.',
        ),
      },
      {
        risk: 2,
        rows: [
          { rs429358: 'T/C', rs7412: 'T/T' },
          { rs429358: 'C/C', rs7412: 'T/T' },
        ],
        text: p(
          'Máte vzácnou kombinaci variant APOE (alela ε1). Její význam není dobře prozkoumán; výsledek doporučujeme probrat s lékařem.',
          'You have a rare combination of APOE variants (the ε1 allele). Its significance is not well understood; we recommend discussing the result with a doctor.',
        ),
      },
      {
        risk: 3,
        // A high-penetrance finding (Alzheimer's disease): not online before a consultation (issue 35).
        requiresConsultation: true,
        rows: [
          { rs429358: 'C/C', rs7412: 'C/C' },
          { rs429358: 'C/C', rs7412: 'C/T' },
        ],
        text: p(
          'Máte dvě alely ε4 genu APOE (nebo ε4 se vzácnou alelou ε1). Je to spojeno s vysokým LDL cholesterolem a výrazně vyšším rizikem Alzheimerovy choroby. Doporučujeme konzultaci s lékařem a důslednou péči o srdce a cévy.',
          'You carry two APOE ε4 alleles (or ε4 with the rare ε1 allele). This is associated with high LDL cholesterol and a markedly higher risk of Alzheimer’s disease. We recommend seeing a doctor and careful attention to heart and vessel health.',
        ),
      },
    ],
  },
  {
    category: ['Metabolismus', 'Metabolism'],
    subcategory: ['Železo', 'Iron'],
    genes: 'rs1800562, rs1799945',
    phenotype: ['Hereditární hemochromatóza', 'Hereditary haemochromatosis'],
    description: p(
      'Varianty C282Y (rs1800562) a H63D (rs1799945) genu HFE mohou vést k nadměrnému ukládání železa v těle.',
      'The HFE variants C282Y (rs1800562) and H63D (rs1799945) can lead to excessive iron storage in the body.',
    ),
    gender: 3,
    clinicalWeight: ClinicalWeight.ActionableMedical,
    defaultRisk: 1,
    defaultText: p(
      'Kombinaci variant HFE nelze automaticky vyhodnotit; lékař ji posoudí.',
      'This combination of HFE variants cannot be assessed automatically; a doctor will review it.',
    ),
    templates: [
      {
        risk: 1,
        rows: [
          { rs1800562: 'G/G', rs1799945: 'C/C' },
          { rs1800562: 'G/G', rs1799945: 'C/G' },
          { rs1800562: 'G/A', rs1799945: 'C/C' },
        ],
        text: p(
          'Riziko hemochromatózy u vás není zvýšené. Jste-li nositelem jedné varianty, můžete ji předat potomkům.',
          'Your risk of haemochromatosis is not increased. If you carry one variant, you may pass it on to your children.',
        ),
      },
      {
        risk: 2,
        rows: [
          { rs1800562: 'G/G', rs1799945: 'G/G' },
          { rs1800562: 'G/A', rs1799945: 'C/G' },
          { rs1800562: 'G/A', rs1799945: 'G/G' },
        ],
        text: p(
          'Máte kombinaci variant HFE s mírně zvýšeným rizikem přetížení železem. Doporučujeme jednou za čas vyšetřit feritin a saturaci transferinu.',
          'You have a combination of HFE variants with a mildly increased risk of iron overload. We recommend an occasional ferritin and transferrin saturation test.',
        ),
      },
      {
        risk: 3,
        rows: [
          { rs1800562: 'A/A', rs1799945: 'C/C' },
          { rs1800562: 'A/A', rs1799945: 'C/G' },
          { rs1800562: 'A/A', rs1799945: 'G/G' },
        ],
        text: p(
          'Jste homozygotní nositel varianty C282Y, nejčastější příčiny hereditární hemochromatózy. Doporučujeme vyšetření feritinu a saturace transferinu a konzultaci s lékařem; včasná léčba (venepunkce) předchází poškození orgánů.',
          'You are homozygous for C282Y, the most common cause of hereditary haemochromatosis. We recommend ferritin and transferrin saturation tests and seeing a doctor; early treatment (venesection) prevents organ damage.',
        ),
      },
    ],
  },
  {
    category: ['Sport', 'Sport'],
    subcategory: ['Svaly', 'Muscle'],
    genes: 'rs1815739',
    phenotype: ['Silové vs. vytrvalostní předpoklady', 'Power vs endurance'],
    description: p(
      'Varianta R577X (rs1815739) genu ACTN3 určuje, zda rychlá svalová vlákna tvoří protein α-aktinin-3.',
      'The R577X variant (rs1815739) of ACTN3 decides whether fast muscle fibres make the α-actinin-3 protein.',
    ),
    gender: 3,
    clinicalWeight: ClinicalWeight.WellnessTrait,
    defaultRisk: 1,
    defaultText: p(
      'Sportovní předpoklady nelze z výsledku automaticky určit.',
      'Sports predispositions cannot be determined automatically from the result.',
    ),
    templates: [
      {
        risk: 1,
        rows: [{ rs1815739: 'C/C' }],
        text: p(
          'Máte genotyp RR (C/C) s plně funkčním α-aktininem-3, typický pro sprintery a silové sportovce.',
          'You have the RR (C/C) genotype with fully functional α-actinin-3, typical of sprinters and power athletes.',
        ),
      },
      {
        risk: 1,
        rows: [{ rs1815739: 'C/T' }],
        text: p(
          'Máte genotyp RX (C/T): vyvážené předpoklady pro silové i vytrvalostní sporty.',
          'You have the RX (C/T) genotype: balanced predispositions for both power and endurance sports.',
        ),
      },
      {
        risk: 2,
        rows: [{ rs1815739: 'T/T' }],
        text: p(
          'Máte genotyp XX (T/T) bez α-aktininu-3, častý u vytrvalců. Svaly mohou být náchylnější k poškození při výbušné zátěži; dbejte na rozcvičení a regeneraci.',
          'You have the XX (T/T) genotype without α-actinin-3, common in endurance athletes. Muscles may be more prone to damage under explosive load; warm up and allow for recovery.',
        ),
      },
    ],
  },
  {
    category: ['Reprodukční genetika', 'Reproductive genetics'],
    subcategory: ['Přenašečství', 'Carrier status'],
    genes: 'rs113993960',
    phenotype: ['Přenašečství cystické fibrózy', 'Cystic fibrosis carrier'],
    description: p(
      'Delece F508del (rs113993960) genu CFTR je nejčastější příčinou cystické fibrózy. Genotyp: I = bez delece, D = F508del.',
      'The F508del deletion (rs113993960) of CFTR is the most common cause of cystic fibrosis. Genotype: I = no deletion, D = F508del.',
    ),
    gender: 3,
    clinicalWeight: ClinicalWeight.CarrierStatus,
    defaultRisk: 1,
    // No template for D/D: homozygous F508del is cystic fibrosis, not carrier status, and the doctor
    // assesses it (confirmation, counselling) rather than a text of the carrier screen.
    defaultText: p(
      'Přenašečství F508del nelze z výsledku automaticky určit; lékař jej posoudí.',
      'F508del carrier status cannot be determined automatically; a doctor will review it.',
    ),
    templates: [
      {
        risk: 1,
        rows: [{ rs113993960: 'I/I' }],
        text: p(
          'Deleci F508del nenesete. Přenašečství jiných, vzácnějších mutací CFTR tento test nevylučuje.',
          'You do not carry the F508del deletion. The test does not rule out other, rarer CFTR mutations.',
        ),
      },
      {
        risk: 2,
        rows: [{ rs113993960: 'I/D' }],
        text: p(
          'Jste přenašeč delece F508del. Sami neonemocníte, ale pokud je přenašečem i partner, má každé dítě 25% riziko cystické fibrózy. Doporučujeme vyšetření partnera a genetické poradenství.',
          'You are a carrier of the F508del deletion. You will not develop the disease, but if your partner is also a carrier, each child has a 25 % risk of cystic fibrosis. We recommend testing your partner and genetic counselling.',
        ),
      },
    ],
  },
];

/**
 * The demo combination rules: each condition names a demo phenotype by its genes and the genotypes of
 * its templates that fulfil it.
 */
export const demoCombinationRules: {
  name: Text;
  risk: number;
  clinicalWeight: ClinicalWeight;
  text: Text;
  conditions: { genes: string; genotypes: string[] }[];
}[] = [
  {
    name: [
      'Faktor V Leiden a protrombin G20210A současně',
      'Factor V Leiden and prothrombin G20210A together',
    ],
    risk: 3,
    clinicalWeight: ClinicalWeight.ActionableMedical,
    text: p(
      'Nesete současně mutaci Leiden genu F5 i variantu G20210A genu F2. Jejich kombinace zvyšuje riziko žilní trombózy mnohem více než každá z nich zvlášť. Doporučujeme konzultaci s hematologem, vyhnout se estrogenové antikoncepci a informovat lékaře před operacemi a v těhotenství.',
      'You carry both the Leiden mutation of F5 and the G20210A variant of F2. Together they raise the risk of venous thrombosis far more than either alone. We recommend seeing a haematologist, avoiding oestrogen contraception and telling your doctor before surgery and in pregnancy.',
    ),
    conditions: [
      { genes: 'rs6025', genotypes: ['C/T', 'T/T'] },
      { genes: 'rs1799963', genotypes: ['G/A', 'A/A'] },
    ],
  },
];

/** Inserts the demo catalogue; each template is created as by the admin. */
export async function seedTemplates(db: Executor): Promise<void> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@genodesk.test'));
  const categoryIds = new Map<string, number>();
  async function categoryId(name: Text, parentId: number | null): Promise<number> {
    const key = `${parentId ?? 0}/${name[0]}`;
    const known = categoryIds.get(key);
    if (known) return known;
    const texts = parentId === null ? categoryTexts[name[0]] : undefined;
    const [row] = await db
      .insert(templateCategories)
      .values({
        name: name[0],
        nameEn: name[1],
        parentId,
        description: texts?.description[0] ?? '',
        descriptionEn: texts?.description[1] ?? '',
        references: texts?.references ?? '',
      })
      .returning({ id: templateCategories.id });
    if (!row) throw new Error(`category ${name[0]} was not created`);
    categoryIds.set(key, row.id);
    return row.id;
  }

  const ruleTemplates = new Map<object, { geneCombinationId: number; templateIds: number[] }>();
  for (const phenotype of demoCatalogue) {
    const parent = await categoryId(phenotype.category, null);
    const subcategoryId = await categoryId(phenotype.subcategory, parent);
    const genes = parseGeneCodes(phenotype.genes);
    if (!genes.ok) throw new Error(`bad demo genes ${phenotype.genes}`);
    const [combination] = await db
      .insert(geneCombinations)
      .values({
        subcategoryId,
        geneCodes: genes.value.codes,
        geneKey: genes.value.key,
        phenotype: phenotype.phenotype[0],
        phenotypeEn: phenotype.phenotype[1],
        description: phenotype.description[0],
        descriptionEn: phenotype.description[1],
        gender: phenotype.gender,
        defaultTemplate: phenotype.defaultText[0],
        defaultTemplateEn: phenotype.defaultText[1],
        defaultTemplateRisk: phenotype.defaultRisk,
        clinicalWeight: phenotype.clinicalWeight,
      })
      .returning({ id: geneCombinations.id });
    if (!combination) throw new Error(`gene combination ${phenotype.genes} was not created`);
    for (const template of phenotype.templates) {
      const checked = checkGenotypeCombinations(genes.value.codes, template.rows);
      if (checked.issues.length) throw new Error(`bad demo genotypes for ${phenotype.genes}`);
      const [row] = await db
        .insert(templates)
        .values({
          geneCombinationId: combination.id,
          templateText: template.text[0],
          templateEnText: template.text[1],
          note: template.note ?? '',
          risk: template.risk,
          requiresConsultation: template.requiresConsultation ?? false,
          createdBy: admin?.id ?? null,
          updatedBy: admin?.id ?? null,
        })
        .returning({ id: templates.id });
      if (!row) throw new Error('template was not created');
      await db.insert(templateGenotypeCombinations).values(
        checked.rows.map((genotypes, position) => ({
          templateId: row.id,
          geneCombinationId: combination.id,
          position,
          genotypes,
          genotypeKey: checked.keys[position] ?? '',
        })),
      );
      for (const rule of demoCombinationRules)
        for (const condition of rule.conditions)
          if (
            condition.genes === phenotype.genes &&
            template.rows.some((row) => condition.genotypes.includes(Object.values(row)[0] ?? ''))
          ) {
            const ids = ruleTemplates.get(condition) ?? {
              geneCombinationId: combination.id,
              templateIds: [],
            };
            ids.templateIds.push(row.id);
            ruleTemplates.set(condition, ids);
          }
    }
  }
  for (const rule of demoCombinationRules)
    await db.insert(combinationRules).values({
      name: rule.name[0],
      nameEn: rule.name[1],
      risk: rule.risk,
      clinicalWeight: rule.clinicalWeight,
      text: rule.text[0],
      textEn: rule.text[1],
      conditions: rule.conditions.map((condition) => {
        const ids = ruleTemplates.get(condition);
        if (!ids) throw new Error(`demo rule condition ${condition.genes} matches no template`);
        return ids;
      }),
      createdBy: admin?.id ?? null,
      updatedBy: admin?.id ?? null,
    });
}
