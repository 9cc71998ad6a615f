import {
  createProductTypeRequestSchema,
  editProductTypeRequestSchema,
  Permissions,
  pageOf,
  productTypeIdQuerySchema,
  productTypeListQuerySchema,
  productTypeSchema,
} from '@genodesk/contract';
import { principalOf } from '../../auth/access.js';
import type { App, Deps } from '../../http/app-types.js';
import {
  createProductType,
  editProductType,
  getProductType,
  listProductTypes,
} from './product-types.service.js';

const P = Permissions;

export function productTypesRoutes(app: App, deps: Deps) {
  const tags = ['product types'];

  // The customer forms pick a product type too, and so do the product voucher form and the vouchers list.
  app.get('/api/admin/producttypes', {
    config: { access: { any: [P.ProductTypesView, P.CustomersCreate, P.CustomersEdit, P.VouchersView] } },
    schema: {
      tags,
      summary: 'Product types, paged (prices in CZK and haléře)',
      querystring: productTypeListQuerySchema,
      response: { 200: pageOf(productTypeSchema) },
    },
    handler: (request) => listProductTypes(deps.db, request.query),
  });

  app.get('/api/admin/producttypes/getproducttype', {
    config: { access: { all: [P.ProductTypesView] } },
    schema: {
      tags,
      summary: 'One product type',
      querystring: productTypeIdQuerySchema,
      response: { 200: productTypeSchema },
    },
    handler: (request) => getProductType(deps.db, request.query.ProductTypeId),
  });

  app.put('/api/admin/producttypes/create', {
    config: { access: { all: [P.ProductTypesView, P.ProductTypesCreate] } },
    schema: {
      tags,
      summary: 'Create a product type; Price in CZK (> 0, two decimals at most)',
      body: createProductTypeRequestSchema,
      response: { 200: productTypeSchema },
    },
    handler: (request) => createProductType(deps.db, principalOf(request), request.body),
  });

  app.patch('/api/admin/producttypes/edit', {
    config: { access: { all: [P.ProductTypesView, P.ProductTypesEdit] } },
    schema: {
      tags,
      summary: 'Edit a product type; Price in CZK; audited',
      body: editProductTypeRequestSchema,
      response: { 200: productTypeSchema },
    },
    handler: (request) => editProductType(deps.db, principalOf(request), request.body),
  });
}
