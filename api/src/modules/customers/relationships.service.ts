import {
  type Locale,
  type Page,
  type Relationship,
  type RelationshipDetail,
  type RelationshipListQuery,
  RelationshipStatus,
  translateMessage,
} from '@genodesk/contract';
import { and, asc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Principal } from '../../auth/principal.js';
import { type Database, type Executor, transaction } from '../../db/client.js';
import { contains, folded, likePattern, listPage, orderBy, pageLimit, pageStart } from '../../db/listing.js';
import { customerRelationships, customers } from '../../db/schema/index.js';
import { conflict, notFound, unprocessable } from '../../http/errors.js';
import { audit } from '../audit/audit.js';
import { customerMatches } from './customer-search.js';
import { customerAdult, customerNameOrder } from './full-name.js';

const partner = alias(customers, 'partner');
const R = customerRelationships;

const relationshipColumns = {
  customerId: customers.id,
  name: customers.name,
  surname: customers.surname,
  email: customers.email,
  enabled: R.enabled,
  status: R.status,
  partnerId: R.partnerId,
  partnerName: partner.name,
  partnerSurname: partner.surname,
  partnerEmail: partner.email,
  requestedPartnerFullName: R.requestedPartnerFullName,
  requestedPartnerEmail: R.requestedPartnerEmail,
  requestedAt: R.requestedAt,
  acceptedAt: R.acceptedAt,
};

type Row = {
  customerId: number;
  name: string;
  surname: string;
  email: string;
  enabled: boolean | null;
  status: string | null;
  partnerId: number | null;
  partnerName: string | null;
  partnerSurname: string | null;
  partnerEmail: string | null;
  requestedPartnerFullName: string | null;
  requestedPartnerEmail: string | null;
  requestedAt: Date | null;
  acceptedAt: Date | null;
};

const toRelationship = (row: Row): Relationship => ({
  customerId: row.customerId,
  customerFullName: `${row.name} ${row.surname}`,
  customerEmail: row.email,
  enabled: row.enabled ?? true,
  status: (row.status ?? RelationshipStatus.NotRequested) as Relationship['status'],
  partnerId: row.partnerId,
  assignedCustomerId: row.partnerId,
  partnerFullName: row.partnerName !== null ? `${row.partnerName} ${row.partnerSurname}` : null,
  partnerEmail: row.partnerEmail,
  requestedPartnerFullName: row.requestedPartnerFullName,
  requestedPartnerEmail: row.requestedPartnerEmail,
  requestedAt: row.requestedAt?.toISOString() ?? null,
  acceptedAt: row.acceptedAt?.toISOString() ?? null,
});

/** The relationships a list shows; the dashboard counts the waiting requests with it too. */
export function relationshipMatches(
  db: Executor,
  query: Partial<Pick<RelationshipListQuery, 'search' | 'status'>>,
) {
  return db
    .select({ one: sql`1` })
    .from(R)
    .innerJoin(customers, eq(customers.id, R.customerId))
    .where(relationshipFilter(query));
}

function relationshipFilter(query: Partial<Pick<RelationshipListQuery, 'search' | 'status'>>) {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      sql`(${customerMatches(pattern)} or ${contains(folded(sql`coalesce(${R.requestedPartnerFullName}, '') || ' ' || coalesce(${R.requestedPartnerEmail}, '')`), pattern)})`,
    );
  }
  if (query.status) conditions.push(eq(R.status, query.status));
  return and(...conditions);
}

/** Relationship requests (and links), paged. */
export async function listRelationships(
  db: Executor,
  query: RelationshipListQuery,
): Promise<Page<Relationship>> {
  const order = orderBy(
    query.sort,
    {
      customerFullName: customerNameOrder,
      status: sql`${R.status}`,
      requestedAt: sql`${R.requestedAt}`,
      acceptedAt: sql`${R.acceptedAt}`,
    },
    '-requestedAt',
    sql`${R.customerId}`,
  );
  const rows = await db
    .select(relationshipColumns)
    .from(R)
    .innerJoin(customers, eq(customers.id, R.customerId))
    .leftJoin(partner, eq(partner.id, R.partnerId))
    .where(relationshipFilter(query))
    .orderBy(order)
    .limit(pageLimit(query))
    .offset(pageStart(query));
  return listPage(db, query, rows.map(toRelationship), relationshipMatches(db, query));
}

async function relationshipOf(db: Executor, customerId: number): Promise<Relationship> {
  const [row] = await db
    .select(relationshipColumns)
    .from(customers)
    .leftJoin(R, eq(R.customerId, customers.id))
    .leftJoin(partner, eq(partner.id, R.partnerId))
    .where(and(eq(customers.id, customerId), sql`${customers.erasedAt} is null`));
  if (!row) throw notFound();
  return toRelationship(row);
}

const infoKeys = {
  NOT_REQUESTED: 'relationshipInfoNotRequested',
  REQUESTED: 'relationshipInfoRequested',
  ACCEPTED: 'relationshipInfoAccepted',
} as const;

/**
 * A customer's relationship with its partner candidates: other adult customers, not linked to anyone,
 * whose e-mail is the requested e-mail or whose full name is the requested name (ignoring case). A
 * partner in reproductive genetics is an adult: a child who shares the name is nobody's candidate.
 */
export async function getRelationship(
  db: Executor,
  customerId: number,
  locale: Locale,
): Promise<RelationshipDetail> {
  const relationship = await relationshipOf(db, customerId);
  const matches: SQL[] = [];
  const email = relationship.requestedPartnerEmail?.trim().toLowerCase();
  const name = relationship.requestedPartnerFullName?.trim().toLowerCase().replace(/\s+/g, ' ');
  if (email) matches.push(sql`lower(${customers.email}) = ${email}`);
  if (name) matches.push(sql`lower(${customers.name} || ' ' || ${customers.surname}) = ${name}`);
  const candidates =
    relationship.status === RelationshipStatus.Accepted || matches.length === 0
      ? []
      : await db
          .select({
            id: customers.id,
            name: customers.name,
            surname: customers.surname,
            email: customers.email,
            dateOfBirth: customers.dateOfBirth,
          })
          .from(customers)
          .leftJoin(R, eq(R.customerId, customers.id))
          .where(
            and(
              ne(customers.id, customerId),
              sql`${customers.erasedAt} is null`,
              customerAdult,
              or(...matches),
              sql`(${R.partnerId} is null)`,
              sql`not exists (select 1 from ${R} r2 where r2.partner_id = ${customers.id})`,
            ),
          )
          .orderBy(...customerNameOrder, asc(customers.id))
          .limit(20);
  return {
    ...relationship,
    infoText: translateMessage(infoKeys[relationship.status], locale),
    partnerCandidates: candidates.map((c) => ({
      id: c.id,
      fullName: `${c.name} ${c.surname}`,
      email: c.email,
      dateOfBirth: c.dateOfBirth,
      matchedBy: [
        ...(email && c.email.toLowerCase() === email ? (['email'] as const) : []),
        ...(name && `${c.name} ${c.surname}`.toLowerCase() === name ? (['name'] as const) : []),
      ],
    })),
  };
}

function asTakenPartner(error: unknown): never {
  const cause =
    (error as { cause?: { code?: string; constraint?: string } }).cause ??
    (error as { code?: string; constraint?: string });
  if (cause?.code === '23505' && cause.constraint === 'customer_relationships_partner_key')
    throw conflict('partnerAlreadyLinked', 'partnerId');
  throw error;
}

/** Staff accept: both customers are linked to each other (ACCEPTED), in one transaction. */
export async function acceptRelationship(
  db: Database,
  by: Principal,
  input: { customerId: number; partnerId: number },
  locale: Locale,
) {
  const { customerId, partnerId } = input;
  if (customerId === partnerId) throw unprocessable('partnerSelf', 'partnerId');
  await transaction(db, async (tx) => {
    const both = await tx
      .select({ id: customers.id, adult: customerAdult })
      .from(customers)
      .where(and(inArray(customers.id, [customerId, partnerId]), sql`${customers.erasedAt} is null`))
      .orderBy(asc(customers.id))
      .for('update');
    if (both.length !== 2) throw notFound();
    if (!both.find((c) => c.id === partnerId)?.adult) throw unprocessable('partnerUnderage', 'partnerId');
    const rows = await tx
      .select()
      .from(R)
      .where(inArray(R.customerId, [customerId, partnerId]))
      .for('update');
    const own = rows.find((r) => r.customerId === customerId);
    const theirs = rows.find((r) => r.customerId === partnerId);
    if (own?.partnerId) throw conflict('customerAlreadyLinked', 'customerId');
    if (theirs?.partnerId) throw conflict('partnerAlreadyLinked', 'partnerId');
    const now = new Date();
    for (const [self, other] of [
      [customerId, partnerId],
      [partnerId, customerId],
    ] as const) {
      await tx
        .insert(R)
        .values({
          customerId: self,
          status: RelationshipStatus.Accepted,
          partnerId: other,
          acceptedAt: now,
          acceptedBy: by.id,
        })
        .onConflictDoUpdate({
          target: R.customerId,
          set: { status: RelationshipStatus.Accepted, partnerId: other, acceptedAt: now, acceptedBy: by.id },
        })
        .catch(asTakenPartner);
      await audit(tx, {
        entity: 'customer',
        entityId: self,
        changedBy: by.id,
        changes: [
          { field: 'partner', oldValue: null, newValue: other },
          {
            field: 'relationshipStatus',
            oldValue: rows.find((r) => r.customerId === self)?.status ?? RelationshipStatus.NotRequested,
            newValue: RelationshipStatus.Accepted,
          },
        ],
      });
    }
  });
  return getRelationship(db, customerId, locale);
}
