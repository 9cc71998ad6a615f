import { Permissions, ProductSection, ProductStatus } from '@genodesk/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import type { WorkCounter } from '../dashboard/counters.js';
import { type ProductFilter, productFilter } from './products.service.js';

const reports = (filter: ProductFilter) => (db: Executor) =>
  db.select({ one: sql`1` }).from(products).where(productFilter(filter));
const access = { all: [Permissions.ProductsView] } as const;

/** The doctor's work: reports to evaluate or inspect among the results, and the doctor section. */
export const productsDashboard: WorkCounter[] = [
  {
    key: 'reportsToEvaluate',
    access,
    matches: reports({ section: ProductSection.Results, status: ProductStatus.Generated }),
  },
  {
    key: 'reportsRequiringInspection',
    access,
    matches: reports({ section: ProductSection.Results, requiresInspection: true }),
  },
  { key: 'reportsInDoctorSection', access, matches: reports({ section: ProductSection.DoctorSection }) },
];
