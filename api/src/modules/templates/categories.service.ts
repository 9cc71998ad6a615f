import type {
  EditTemplateCategoryInput,
  Locale,
  Page,
  TemplateCategoryDetail,
  TemplateCategoryListQuery,
  TemplateCategoryTreeItem,
} from '@genodesk/contract';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { type Database, type Executor, transaction } from '../../db/client.js';
import { alphabetical, likePattern, listPage, orderBy, pageLimit, pageStart } from '../../db/listing.js';
import { templateCategories } from '../../db/schema/index.js';
import { conflict, notFound } from '../../http/errors.js';
import { audit, diff } from '../audit/audit.js';
import { localName, refOf, uniqueViolation } from './catalogue.js';
import { sanitizeRichText } from './rich-text.js';

/** Gene combinations directly in a category (a subcategory) or in its subcategories (a category). */
const geneCombinationCount = sql<number>`(
  select count(*)::int from gene_combinations g
  where g.subcategory_id = template_categories.id
     or g.subcategory_id in (select child.id from template_categories child where child.parent_id = template_categories.id)
)`;

/** Categories with their subcategories, paged over categories; a search matches either level. */
export async function listCategoryTree(
  db: Executor,
  query: TemplateCategoryListQuery,
  locale: Locale,
): Promise<Page<TemplateCategoryTreeItem>> {
  const conditions: SQL[] = [isNull(templateCategories.parentId)];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      sql`(lower(${templateCategories.name} || ' ' || ${templateCategories.nameEn}) like ${pattern}
        or exists (select 1 from template_categories child
          where child.parent_id = ${templateCategories.id}
            and lower(child.name || ' ' || child.name_en) like ${pattern}))`,
    );
  }
  const where = and(...conditions);
  const order = orderBy(
    query.sort,
    {
      name: localName(templateCategories, locale),
      nameEn: alphabetical(templateCategories.nameEn, 'en'),
      geneCombinationCount,
      createdAt: sql`${templateCategories.createdAt}`,
    },
    'name',
    sql`${templateCategories.id}`,
  );
  const rows = await db
    .select({
      id: templateCategories.id,
      name: templateCategories.name,
      nameEn: templateCategories.nameEn,
      geneCombinationCount,
    })
    .from(templateCategories)
    .where(where)
    .orderBy(order)
    .limit(pageLimit(query))
    .offset(pageStart(query));
  const matches = db.select({ one: sql`1` }).from(templateCategories).where(where);
  const children = rows.length
    ? await db
        .select({
          id: templateCategories.id,
          name: templateCategories.name,
          nameEn: templateCategories.nameEn,
          parentId: templateCategories.parentId,
          geneCombinationCount,
        })
        .from(templateCategories)
        .where(
          inArray(
            templateCategories.parentId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(localName(templateCategories, locale), asc(templateCategories.id))
    : [];
  const items = rows.map((row) => ({
    id: row.id,
    name: row.name,
    nameEn: row.nameEn,
    geneCombinationCount: row.geneCombinationCount,
    subcategories: children
      .filter((child) => child.parentId === row.id)
      .map(({ id, name, nameEn, geneCombinationCount }) => ({ id, name, nameEn, geneCombinationCount })),
  }));
  return listPage(db, query, items, matches);
}

export async function getCategory(db: Executor, id: number): Promise<TemplateCategoryDetail> {
  const [row] = await db
    .select({
      id: templateCategories.id,
      name: templateCategories.name,
      nameEn: templateCategories.nameEn,
      description: templateCategories.description,
      descriptionEn: templateCategories.descriptionEn,
      references: templateCategories.references,
      parentId: templateCategories.parentId,
      geneCombinationCount,
      createdAt: templateCategories.createdAt,
      updatedAt: templateCategories.updatedAt,
    })
    .from(templateCategories)
    .where(eq(templateCategories.id, id));
  if (!row) throw notFound();
  const [parent] = row.parentId
    ? await db.select().from(templateCategories).where(eq(templateCategories.id, row.parentId))
    : [];
  const subcategories = await db
    .select({ id: templateCategories.id, name: templateCategories.name, nameEn: templateCategories.nameEn })
    .from(templateCategories)
    .where(eq(templateCategories.parentId, id))
    .orderBy(alphabetical(templateCategories.name), asc(templateCategories.id));
  return {
    id: row.id,
    name: row.name,
    nameEn: row.nameEn,
    description: row.description,
    descriptionEn: row.descriptionEn,
    references: row.references,
    isSubcategory: row.parentId !== null,
    parentCategory: parent ? refOf(parent.id, parent.name, parent.nameEn) : null,
    subcategories,
    geneCombinationCount: row.geneCombinationCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const richOrKeep = (value: string | null | undefined, field: string, publicUrl: string | undefined) =>
  value === undefined ? undefined : sanitizeRichText(value ?? '', field, { publicUrl });

export async function editCategory(
  db: Database,
  by: Principal,
  input: EditTemplateCategoryInput,
  publicUrl: string | undefined,
) {
  const id = input.CategoryId;
  const after = {
    name: input.Name,
    nameEn: input.NameEn === undefined ? undefined : (input.NameEn ?? ''),
    description: richOrKeep(input.Description, 'Description', publicUrl),
    descriptionEn: richOrKeep(input.DescriptionEn, 'DescriptionEn', publicUrl),
    references: richOrKeep(input.References, 'References', publicUrl),
  };
  await transaction(db, async (tx) => {
    const [before] = await tx
      .select()
      .from(templateCategories)
      .where(eq(templateCategories.id, id))
      .for('update');
    if (!before) throw notFound();
    await tx
      .update(templateCategories)
      .set({ ...after, updatedAt: new Date() })
      .where(eq(templateCategories.id, id))
      .catch((error: unknown) => {
        if (uniqueViolation(error)?.constraint === 'template_categories_name_key')
          throw conflict('categoryNameExists', 'Name');
        throw error;
      });
    await audit(tx, {
      entity: 'templateCategory',
      entityId: id,
      changedBy: by.id,
      changes: diff(before, after, ['name', 'nameEn', 'description', 'descriptionEn', 'references']),
    });
  });
  return getCategory(db, id);
}
