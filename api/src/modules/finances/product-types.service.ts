import {
  type CreateProductTypeRequest,
  type EditProductTypeRequest,
  fromMinorUnits,
  type Page,
  type ProductType,
  type ProductTypeListQuery,
  toMinorUnits,
} from '@genodesk/contract';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { type Database, type Executor, transaction } from '../../db/client.js';
import { alphabetical, likePattern, listPage, orderBy, pageLimit, pageStart } from '../../db/listing.js';
import { productTypes } from '../../db/schema/index.js';
import { conflict, notFound } from '../../http/errors.js';
import { audit, diff } from '../audit/audit.js';

type Row = typeof productTypes.$inferSelect;

/** A product type's name in a language (`cs`, `en`, or a customer's language column): Czech where English is missing. */
export const productTypeNameIn = (language: SQL | AnyColumn | string) =>
  sql<string>`case when ${language} = 'en' then coalesce(${productTypes.nameEn}, ${productTypes.name}) else ${productTypes.name} end`;

const toProductType = (row: Row): ProductType => ({
  id: row.id,
  name: row.name,
  nameEn: row.nameEn,
  price: fromMinorUnits(row.price),
  priceMinor: row.price,
  currency: row.currency,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

function asDuplicateName(error: unknown): never {
  const cause =
    (error as { cause?: { code?: string; constraint?: string } }).cause ??
    (error as { code?: string; constraint?: string });
  if (cause?.code === '23505' && cause.constraint === 'product_types_name_lower_key')
    throw conflict('productTypeNameExists', 'Name');
  throw error;
}

export async function listProductTypes(
  db: Executor,
  query: ProductTypeListQuery,
): Promise<Page<ProductType>> {
  const where: SQL | undefined = query.search
    ? sql`lower(${productTypes.name} || ' ' || coalesce(${productTypes.nameEn}, '')) like ${likePattern(query.search)}`
    : undefined;
  const order = orderBy(
    query.sort,
    {
      name: alphabetical(productTypes.name),
      price: sql`${productTypes.price}`,
      createdAt: sql`${productTypes.createdAt}`,
    },
    'name',
    sql`${productTypes.id}`,
  );
  const rows = await db
    .select()
    .from(productTypes)
    .where(where)
    .orderBy(order)
    .limit(pageLimit(query))
    .offset(pageStart(query));
  return listPage(
    db,
    query,
    rows.map(toProductType),
    db.select({ one: sql`1` }).from(productTypes).where(where),
  );
}

export async function getProductType(db: Executor, id: number): Promise<ProductType> {
  const [row] = await db.select().from(productTypes).where(eq(productTypes.id, id));
  if (!row) throw notFound();
  return toProductType(row);
}

export async function createProductType(db: Database, by: Principal, input: CreateProductTypeRequest) {
  const row = await transaction(db, async (tx) => {
    const [created] = await tx
      .insert(productTypes)
      .values({ name: input.Name, nameEn: input.NameEn ?? null, price: toMinorUnits(input.Price) })
      .returning()
      .catch(asDuplicateName);
    if (!created) throw new Error('product type insert returned nothing');
    await audit(tx, {
      entity: 'productType',
      entityId: created.id,
      changedBy: by.id,
      changes: [
        { field: 'created', oldValue: null, newValue: created.name },
        { field: 'price', oldValue: null, newValue: created.price },
      ],
    });
    return created;
  });
  return toProductType(row);
}

export async function editProductType(db: Database, by: Principal, input: EditProductTypeRequest) {
  const id = input.ProductTypeId;
  await transaction(db, async (tx) => {
    const [before] = await tx.select().from(productTypes).where(eq(productTypes.id, id)).for('update');
    if (!before) throw notFound();
    const after = {
      name: input.Name,
      nameEn: input.NameEn === undefined ? before.nameEn : input.NameEn,
      price: toMinorUnits(input.Price),
    };
    await tx
      .update(productTypes)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(productTypes.id, id))
      .catch(asDuplicateName);
    await audit(tx, {
      entity: 'productType',
      entityId: id,
      changedBy: by.id,
      changes: diff(before, after, ['name', 'nameEn', 'price']),
    });
  });
  return getProductType(db, id);
}
