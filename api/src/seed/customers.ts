import {
  CardPaymentStatus,
  PaymentMethod,
  type Question,
  questionnaireSections,
  RegistrationSource,
  SampleStatus,
} from '@genodesk/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { demoBankAccount } from '../config.js';
import type { Executor } from '../db/client.js';
import {
  barcodeBatches,
  barcodes,
  customerRelationships,
  customers,
  orders,
  payments,
  productTypes,
  questionnaires,
  samples,
  users,
} from '../db/schema/index.js';

/** A small seeded PRNG (mulberry32): the same demo data on every run. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const demoProductTypes = [
  { name: 'Kompletní DNA analýza', nameEn: 'Complete DNA analysis', price: 599_000 },
  { name: 'Výživa a metabolismus', nameEn: 'Nutrition and metabolism', price: 299_000 },
  { name: 'Sport a pohyb', nameEn: 'Sport and exercise', price: 249_000 },
  { name: 'Reprodukční genetika', nameEn: 'Reproductive genetics', price: 449_000 },
] as const;

// Name pairs: male and female forms of one surname.
const surnames: [string, string][] = [
  ['Novák', 'Nováková'],
  ['Dvořák', 'Dvořáková'],
  ['Černý', 'Černá'],
  ['Procházka', 'Procházková'],
  ['Kučera', 'Kučerová'],
  ['Veselý', 'Veselá'],
  ['Horák', 'Horáková'],
  ['Němec', 'Němcová'],
  ['Pokorný', 'Pokorná'],
  ['Marek', 'Marková'],
  ['Pospíšil', 'Pospíšilová'],
  ['Hájek', 'Hájková'],
  ['Jelínek', 'Jelínková'],
  ['Král', 'Králová'],
  ['Růžička', 'Růžičková'],
  ['Beneš', 'Benešová'],
  ['Fiala', 'Fialová'],
  ['Sedláček', 'Sedláčková'],
  ['Doležal', 'Doležalová'],
  ['Zeman', 'Zemanová'],
  ['Kolář', 'Kolářová'],
  ['Navrátil', 'Navrátilová'],
  ['Čermák', 'Čermáková'],
  ['Urban', 'Urbanová'],
  ['Vaněk', 'Vaňková'],
  ['Blažek', 'Blažková'],
  ['Kříž', 'Křížová'],
  ['Kovář', 'Kovářová'],
  ['Bartoš', 'Bartošová'],
  ['Vlček', 'Vlčková'],
];
const maleNames = [
  'Jiří',
  'Jan',
  'Petr',
  'Josef',
  'Pavel',
  'Martin',
  'Tomáš',
  'Jaroslav',
  'Miroslav',
  'Zdeněk',
  'Václav',
  'Michal',
  'František',
  'Jakub',
  'Lukáš',
  'David',
  'Ondřej',
  'Vojtěch',
  'Filip',
  'Adam',
];
const femaleNames = [
  'Jana',
  'Marie',
  'Eva',
  'Hana',
  'Anna',
  'Lenka',
  'Kateřina',
  'Lucie',
  'Věra',
  'Alena',
  'Petra',
  'Veronika',
  'Martina',
  'Tereza',
  'Michaela',
  'Jitka',
  'Barbora',
  'Eliška',
  'Klára',
  'Zuzana',
];
const places: [city: string, zip: string, streets: string[]][] = [
  ['Praha', '110 00', ['Vodičkova', 'Národní', 'Korunní', 'Vinohradská', 'Dejvická', 'Bělehradská']],
  ['Brno', '602 00', ['Masarykova', 'Kounicova', 'Údolní', 'Husova', 'Lidická']],
  ['Ostrava', '702 00', ['Nádražní', 'Českobratrská', 'Poděbradova', '28. října']],
  ['Plzeň', '301 00', ['Klatovská', 'Americká', 'Palackého', 'Jungmannova']],
  ['Olomouc', '779 00', ['Třída Svobody', 'Dolní náměstí', 'Štursova']],
  ['Liberec', '460 01', ['Pražská', 'Moskevská', 'Husova']],
  ['České Budějovice', '370 01', ['Lannova třída', 'Krajinská', 'Karla IV.']],
  ['Hradec Králové', '500 02', ['Gočárova třída', 'Třída Karla IV.', 'Pospíšilova']],
];

const ascii = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** A seeded sample with a barcode: meant to have results (`status` 6, 8, 9), or awaiting them (4, 11). */
export type SeededSample = {
  sampleId: number;
  customerId: number;
  code: string;
  status: number;
  gender: number;
  underage: boolean;
};

/** The sample statuses that come with lab results: seeded in analysis [11], moved by the demo results file. */
const withResults: number[] = [6, 8, 9];

/**
 * Customers of every kind with orders, payments, samples in every status, questionnaires, partners and
 * a barcode pool. Samples meant to have results are seeded in analysis [11] and answered, so the demo
 * results file (seed/results.ts) can pair them; the samples awaiting results are answered too.
 */
export async function seedCustomers(
  db: Executor,
  count = 200,
): Promise<{ withResults: SeededSample[]; awaitingResults: SeededSample[] }> {
  const seeded = { withResults: [] as SeededSample[], awaitingResults: [] as SeededSample[] };
  const random = prng(20240601);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const now = Date.now();
  const day = 86_400_000;

  const [lab] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'lab@genodesk.test'));
  const [reception] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'reception@genodesk.test'));

  const types = await db
    .insert(productTypes)
    .values([...demoProductTypes])
    .returning();

  // Barcode pool: three printed batches of 100.
  const batchIds: number[] = [];
  for (let b = 0; b < 3; b++) {
    const [batch] = await db
      .insert(barcodeBatches)
      .values({ count: 100, createdBy: lab?.id ?? null })
      .returning({ id: barcodeBatches.id });
    if (!batch) throw new Error('batch insert returned nothing');
    batchIds.push(batch.id);
    await db.execute(sql`
      insert into ${barcodes} (code, batch_id)
      select 'GD' || lpad(nextval('barcode_number_seq')::text, 8, '0'), ${batch.id} from generate_series(1, 100)`);
  }
  const pool = await db
    .select({ id: barcodes.id, code: barcodes.code })
    .from(barcodes)
    .where(inArray(barcodes.batchId, batchIds))
    .orderBy(asc(barcodes.id));
  let nextBarcode = 0;

  const sources = [
    RegistrationSource.Online,
    RegistrationSource.Online,
    RegistrationSource.Reception,
    RegistrationSource.Import,
  ];
  const statuses = Object.values(SampleStatus);
  const withKit: number[] = [3, 4, 6, 8, 9, 11];
  const receivedStatuses: number[] = [4, 6, 8, 9, 11];
  const ids: { id: number; name: string; surname: string; email: string; gender: number }[] = [];

  for (let i = 0; i < count; i++) {
    const gender = random() < 0.55 ? 2 : 1;
    const pair = pick(surnames);
    const name = gender === 1 ? pick(maleNames) : pick(femaleNames);
    const surname = gender === 1 ? pair[0] : pair[1];
    const email = `${ascii(name)}.${ascii(surname)}${i + 1}@example.cz`;
    const [city, zip, streets] = pick(places);
    const underage = i % 10 === 3;
    const age = underage ? between(12, 17) : between(19, 78);
    const dateOfBirth = isoDay(new Date(now - age * 365.25 * day - between(0, 300) * day));
    const registered = new Date(now - between(1, 700) * day - between(0, 86_000) * 1000);
    const source = sources[i % sources.length] as RegistrationSource;
    const [row] = await db
      .insert(customers)
      .values({
        name,
        surname,
        email,
        gender,
        dateOfBirth,
        phonePrefix: '+420',
        phone: `${pick(['601', '602', '603', '604', '605', '606', '607', '608', '702', '720', '721', '724', '731', '732', '737', '739', '770', '773', '774', '776', '777'])}${String(between(0, 999_999)).padStart(6, '0')}`,
        street: pick(streets),
        streetNumber: String(between(1, 120)),
        city,
        zipCode: zip,
        openLimsId: random() < 0.5 ? `OL-${String(100_000 + i * 7).padStart(7, '0')}` : null,
        registrationSource: source,
        dateRegistration: registered,
        agreedToDataProcessing: true,
        agreedToTermsOfService: true,
        agreedToDnaAnalysis: random() < 0.9,
        dnaSampleUsageStatus: random() < 0.8 ? between(1, 4) : null,
        agreedToScientificUse: random() < 0.6,
        agreedToSampleExamination: random() < 0.9,
        dnaAgreementWasDigital: source === RegistrationSource.Online,
        notifyByEmail: random() < 0.85,
        notifyBySms: random() < 0.6,
        createdAt: registered,
        updatedAt: registered,
      })
      .returning({ id: customers.id });
    if (!row) throw new Error('customer insert returned nothing');
    ids.push({ id: row.id, name, surname, email, gender });

    // Orders and payments: most customers ordered; some are unpaid (the unprocessed orders).
    if (i % 12 === 11) continue;
    const type = pick(types);
    const ordered = new Date(registered.getTime() + between(0, 3) * 3_600_000);
    const unpaid = i % 9 === 4;
    const method = unpaid
      ? pick([PaymentMethod.BankTransfer, PaymentMethod.Card, PaymentMethod.NotChosen])
      : pick([PaymentMethod.Card, PaymentMethod.Card, PaymentMethod.BankTransfer, PaymentMethod.Cash]);
    const paidAt = unpaid ? null : new Date(ordered.getTime() + between(0, 72) * 3_600_000);
    const [order] = await db
      .insert(orders)
      .values({
        customerId: row.id,
        productTypeId: type.id,
        amount: type.price,
        complete: !unpaid,
        paidBy: unpaid ? PaymentMethod.NotChosen : method,
        dateOrderPaid: paidAt,
        createdAt: ordered,
      })
      .returning();
    if (!order) throw new Error('order insert returned nothing');
    if (method !== PaymentMethod.NotChosen)
      await db.insert(payments).values({
        orderId: order.id,
        method,
        amount: order.amount,
        cardStatus:
          method === PaymentMethod.Card
            ? unpaid
              ? pick([CardPaymentStatus.Pending, CardPaymentStatus.Cancelled])
              : CardPaymentStatus.Paid
            : null,
        transactionId: method === PaymentMethod.Card ? `TX${order.orderNumber}${between(1000, 9999)}` : null,
        refId: method === PaymentMethod.Card ? `REF-${order.orderNumber}` : null,
        variableSymbol: String(order.orderNumber),
        account: method === PaymentMethod.BankTransfer ? demoBankAccount : null,
        completedAt: paidAt,
        createdAt: ordered,
      });
    if (unpaid) continue;

    // Finalized: the sample, in every status across the customers.
    const intended = statuses[i % statuses.length] as number;
    const status = withResults.includes(intended) ? SampleStatus.InAnalysis : intended;
    const kit = withKit.includes(intended) ? pool[nextBarcode++] : undefined;
    const sentAt = kit ? new Date((paidAt?.getTime() ?? ordered.getTime()) + day) : null;
    const receivedAt =
      receivedStatuses.includes(status) && sentAt ? new Date(sentAt.getTime() + between(3, 14) * day) : null;
    if (kit) {
      await db.update(barcodes).set({ assignedAt: sentAt }).where(eq(barcodes.id, kit.id));
      await db.update(customers).set({ extId: kit.code }).where(eq(customers.id, row.id));
    }
    const [sample] = await db
      .insert(samples)
      .values({
        customerId: row.id,
        orderId: order.id,
        status,
        barcodeId: kit?.id ?? null,
        sentAt,
        sentBy: sentAt ? (reception?.id ?? null) : null,
        receivedAt,
        receivedBy: receivedAt ? (lab?.id ?? null) : null,
        analysisStartedAt:
          [6, 8, 9, 11].includes(status) && receivedAt ? new Date(receivedAt.getTime() + day) : null,
        createdAt: paidAt ?? ordered,
        updatedAt: receivedAt ?? sentAt ?? paidAt ?? ordered,
      })
      .returning({ id: samples.id });
    if (!sample) throw new Error('sample insert returned nothing');
    if (kit && status !== intended)
      seeded.withResults.push({
        sampleId: sample.id,
        customerId: row.id,
        code: kit.code,
        status: intended,
        gender,
        underage,
      });
    else if (kit && (status === 4 || status === 11))
      seeded.awaitingResults.push({
        sampleId: sample.id,
        customerId: row.id,
        code: kit.code,
        status,
        gender,
        underage,
      });

    // Questionnaires: filled in by most customers with a sample.
    if (random() < 0.7) {
      const answers: Record<string, Record<string, string | number | boolean>> = {};
      for (const section of questionnaireSections) {
        if ((section.key === 'gynecology' || section.key === 'pregnancy') && gender === 1) continue;
        if (section.key === 'urology' && gender === 2) continue;
        answers[section.key] = Object.fromEntries(
          section.questions.filter(() => random() < 0.85).map((q) => [q.key, answer(q, random)]),
        );
      }
      // Updated on the day it was filled in or later, never before.
      const [filled, updated] = [between(1, 10), between(1, 10)].sort((a, b) => a - b) as [number, number];
      await db.insert(questionnaires).values({
        customerId: row.id,
        answers,
        filledAt: new Date((paidAt ?? ordered).getTime() + filled * day),
        updatedAt: new Date((paidAt ?? ordered).getTime() + updated * day),
      });
    }
  }

  // Relationships: accepted pairs, requests with candidates (the requested name or e-mail exists) and without.
  for (let k = 0; k < 10; k++) {
    const a = ids[k * 2 + 10];
    const b = ids[k * 2 + 11];
    if (!a || !b) break;
    await db.insert(customerRelationships).values([
      {
        customerId: a.id,
        status: 'ACCEPTED',
        partnerId: b.id,
        requestedPartnerFullName: `${b.name} ${b.surname}`,
        requestedPartnerEmail: b.email,
        requestedAt: new Date(now - 40 * day),
        acceptedAt: new Date(now - 38 * day),
        acceptedBy: reception?.id ?? null,
      },
      {
        customerId: b.id,
        status: 'ACCEPTED',
        partnerId: a.id,
        requestedAt: null,
        acceptedAt: new Date(now - 38 * day),
        acceptedBy: reception?.id ?? null,
      },
    ]);
  }
  for (let k = 0; k < 8; k++) {
    const a = ids[60 + k * 2];
    const b = ids[61 + k * 2];
    if (!a || !b) break;
    await db.insert(customerRelationships).values({
      customerId: a.id,
      status: 'REQUESTED',
      requestedPartnerFullName: `${b.name} ${b.surname}`,
      requestedPartnerEmail: k % 2 === 0 ? b.email : `${ascii(b.name)}.${ascii(b.surname)}@seznam.cz`,
      requestedAt: new Date(now - k * day),
    });
  }
  for (let k = 0; k < 3; k++) {
    const a = ids[90 + k];
    if (!a) break;
    await db.insert(customerRelationships).values({
      customerId: a.id,
      status: 'REQUESTED',
      requestedPartnerFullName: pick(['Robert Nový', 'Ivana Stará', 'Oldřich Malý']),
      requestedPartnerEmail: `partner${k}@example.org`,
      requestedAt: new Date(now - (k + 2) * day),
    });
  }
  await db.insert(customerRelationships).values({ customerId: ids[95]!.id, status: 'NOT_REQUESTED' });
  // Consents as records (issue 35), signed on the registration day on the form of the time: every
  // customer who ticked it, and every one whose sample the lab has worked on (a lab works only with a
  // consent). No random draw here, so the rest of the demo stays as it was.
  await db.execute(sql`
    with consenting as (
      select c.id, c.date_registration from customers c
       where c.id = any(${sql.raw(`array[${ids.map((c) => c.id).join(',') || 'null'}]::bigint[]`)})
         and (c.agreed_to_dna_analysis or exists (
               select 1 from samples s where s.customer_id = c.id and s.status in (3, 4, 5, 6, 8, 9, 10, 11)))
    ), recorded as (
      insert into dna_consents (customer_id, form_version, signed_on, recorded_at)
      select id, 'GD-DNA-2025-02', (date_registration at time zone 'Europe/Prague')::date, date_registration
        from consenting
      returning customer_id, recorded_at
    )
    update customers c set agreed_to_dna_analysis = true, dna_consent_at = r.recorded_at
      from recorded r where c.id = r.customer_id`);
  return seeded;
}

function answer(question: Question, random: () => number): string | number | boolean {
  switch (question.type) {
    case 'yesNo':
      return random() < 0.25;
    case 'choice':
      return question.options[Math.floor(random() * question.options.length)]!.value;
    case 'number':
      return Math.round(question.min + random() * (question.max - question.min) * 0.5);
    case 'text':
      return random() < 0.5 ? 'Ne' : 'Bez dalších potíží.';
  }
}
