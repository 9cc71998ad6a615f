import type { Locale } from '@genodesk/contract';
import { sql } from 'drizzle-orm';
import { productTypes } from '../../db/schema/index.js';

/** A product type's name in the reader's language: the English one where it has one. */
export const productTypeName = (locale: Locale) =>
  locale === 'en'
    ? sql<string>`coalesce(nullif(${productTypes.nameEn}, ''), ${productTypes.name})`
    : sql<string>`${productTypes.name}`;
