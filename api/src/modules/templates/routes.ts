import {
  categoryIdQuerySchema,
  categoryOptionSchema,
  combinationRuleIdQuerySchema,
  combinationRuleListQuerySchema,
  combinationRulePageSchema,
  combinationRuleRequestSchema,
  combinationRuleSchema,
  createTemplateRequestSchema,
  deletedGeneCombinationSchema,
  deletedTemplateSchema,
  editCombinationRuleRequestSchema,
  editGeneCombinationRequestSchema,
  editTemplateCategoryRequestSchema,
  editTemplateRequestSchema,
  editTemplateResponseSchema,
  geneCombinationDetailSchema,
  geneCombinationIdQuerySchema,
  geneCombinationListQuerySchema,
  geneCombinationOptionSchema,
  geneCombinationSummarySchema,
  Permissions,
  pageOf,
  templateCategoryDetailSchema,
  templateCategoryIdQuerySchema,
  templateCategoryListQuerySchema,
  templateCategoryTreeItemSchema,
  templateDetailSchema,
  templateIdQuerySchema,
  templateListQuerySchema,
  templateSummarySchema,
  validateGeneCombinationRequestSchema,
  validateGeneCombinationResponseSchema,
  validateGenotypeCombinationsRequestSchema,
  validateGenotypeCombinationsResponseSchema,
} from '@genodesk/contract';
import { z } from 'zod';
import { principalOf } from '../../auth/access.js';
import { sharedCacheOf } from '../../db/shared-cache.js';
import type { App, Deps } from '../../http/app-types.js';
import { requestLocale } from '../../http/errors.js';
import { editCategory, getCategory, listCategoryTree } from './categories.service.js';
import {
  createCombinationRule,
  deleteCombinationRule,
  editCombinationRule,
  getCombinationRule,
  listCombinationRules,
} from './combination-rules.service.js';
import {
  deleteGeneCombination,
  editGeneCombination,
  getGeneCombination,
  listGeneCombinations,
  validateGeneCombination,
} from './gene-combinations.service.js';
import { markersRoutes } from './markers.routes.js';
import {
  createTemplate,
  deleteTemplate,
  editTemplate,
  getTemplate,
  listCategoryOptions,
  listGeneCombinationOptions,
  listSubcategoryOptions,
  listTemplates,
  validateGenotypeCombinations,
} from './templates.service.js';

const P = Permissions;
/** The create wizard validates as it goes, and so does the editor. */
const creatorOrEditor = { any: [P.TemplatesCreate, P.TemplatesEdit] } as const;

export function templatesRoutes(app: App, deps: Deps) {
  const tags = ['templates'];

  app.get('/api/admin/templates', {
    config: { access: { all: [P.TemplatesView] } },
    schema: {
      tags,
      summary: 'Templates, paged, sorted, searched and filtered',
      querystring: templateListQuerySchema,
      response: { 200: pageOf(templateSummarySchema) },
    },
    // The same for every reader for a minute, or until the catalogue changes (db/shared-cache.ts).
    handler: (request) => {
      const locale = requestLocale(request);
      return sharedCacheOf(deps.db).read(
        'catalogue',
        `templates ${locale} ${JSON.stringify(request.query)}`,
        () => listTemplates(deps.db, request.query, locale),
      );
    },
  });

  app.get('/api/admin/templates/getcategories', {
    config: { access: { all: [P.TemplatesView] } },
    schema: { tags, summary: 'The categories (top level)', response: { 200: z.array(categoryOptionSchema) } },
    handler: () =>
      sharedCacheOf(deps.db).read('catalogue', 'category options', () => listCategoryOptions(deps.db)),
  });

  app.get('/api/admin/templates/getsubcategories', {
    config: { access: { all: [P.TemplatesView] } },
    schema: {
      tags,
      summary: 'The subcategories of a category',
      querystring: categoryIdQuerySchema,
      response: { 200: z.array(categoryOptionSchema) },
    },
    handler: (request) => listSubcategoryOptions(deps.db, request.query.CategoryId),
  });

  app.get('/api/admin/templates/getgenecombinations', {
    config: { access: { all: [P.TemplatesView] } },
    schema: {
      tags,
      summary: 'The gene combinations of a subcategory, or of every subcategory of a category',
      querystring: categoryIdQuerySchema,
      response: { 200: z.array(geneCombinationOptionSchema) },
    },
    handler: (request) => listGeneCombinationOptions(deps.db, request.query.CategoryId),
  });

  app.get('/api/admin/templates/gettemplate', {
    config: { access: { all: [P.TemplatesView] } },
    schema: {
      tags,
      summary: 'One template',
      querystring: templateIdQuerySchema,
      response: { 200: templateDetailSchema },
    },
    handler: (request) => getTemplate(deps.db, request.query.Id),
  });

  app.put('/api/admin/templates/create', {
    config: { access: { all: [P.TemplatesCreate] } },
    schema: {
      tags,
      summary:
        'Create a template, with a new category, subcategory and gene combination if named (one transaction)',
      body: createTemplateRequestSchema,
      response: { 200: templateDetailSchema },
    },
    handler: (request) => createTemplate(deps.db, principalOf(request), request.body, deps.config.publicUrl),
  });

  app.patch('/api/admin/templates/edit', {
    config: { access: { all: [P.TemplatesEdit] } },
    schema: {
      tags,
      summary: "Edit a template's genotype combinations, texts, note and risk; e-mail affected customers",
      body: editTemplateRequestSchema,
      response: { 200: editTemplateResponseSchema },
    },
    handler: (request) => editTemplate(deps, principalOf(request), request.body),
  });

  app.delete('/api/admin/templates', {
    config: { access: { all: [P.TemplatesEdit] } },
    schema: {
      tags,
      summary: 'Delete a template',
      querystring: templateIdQuerySchema,
      response: { 200: deletedTemplateSchema },
    },
    handler: (request) => deleteTemplate(deps.db, principalOf(request), request.query.Id),
  });

  app.post('/api/admin/templates/validate-genotype-combinations', {
    config: { access: creatorOrEditor },
    schema: {
      tags,
      summary:
        'Check genotype combinations as create and edit do (400 bad or equal rows, 422 not on the marker map’s plus strand, 409 used elsewhere)',
      body: validateGenotypeCombinationsRequestSchema,
      response: { 200: validateGenotypeCombinationsResponseSchema },
    },
    handler: (request) => validateGenotypeCombinations(deps.db, request.body),
  });
}

export function geneCombinationsRoutes(app: App, deps: Deps) {
  const tags = ['gene combinations'];

  app.get('/api/admin/genecombinations', {
    config: { access: { all: [P.TemplatesView] } },
    schema: {
      tags,
      summary: 'Gene combinations (phenotypes), paged, sorted, searched and filtered',
      querystring: geneCombinationListQuerySchema,
      response: { 200: pageOf(geneCombinationSummarySchema) },
    },
    handler: (request) => listGeneCombinations(deps.db, request.query, requestLocale(request)),
  });

  app.get('/api/admin/genecombinations/getcombination', {
    config: { access: { all: [P.TemplatesView] } },
    schema: {
      tags,
      summary: 'One gene combination with its default template and templates',
      querystring: geneCombinationIdQuerySchema,
      response: { 200: geneCombinationDetailSchema },
    },
    handler: (request) => getGeneCombination(deps.db, request.query.GeneCombinationId),
  });

  app.patch('/api/admin/genecombinations/edit', {
    config: { access: { all: [P.TemplatesEdit] } },
    schema: {
      tags,
      summary: 'Edit a gene combination (phenotype, texts, default template and risk, genes, gender)',
      body: editGeneCombinationRequestSchema,
      response: { 200: geneCombinationDetailSchema },
    },
    handler: (request) =>
      editGeneCombination(deps.db, principalOf(request), request.body, deps.config.publicUrl),
  });

  app.delete('/api/admin/genecombinations', {
    config: { access: { all: [P.TemplatesEdit] } },
    schema: {
      tags,
      summary: 'Delete a gene combination together with ALL its templates',
      querystring: geneCombinationIdQuerySchema,
      response: { 200: deletedGeneCombinationSchema },
    },
    handler: (request) =>
      deleteGeneCombination(deps.db, principalOf(request), request.query.GeneCombinationId),
  });

  app.post('/api/admin/genecombinations/validate-gene-combination', {
    config: { access: creatorOrEditor },
    schema: {
      tags,
      summary: 'Check gene codes (400 same code twice, 409 gene combination exists)',
      body: validateGeneCombinationRequestSchema,
      response: { 200: validateGeneCombinationResponseSchema },
    },
    handler: (request) =>
      validateGeneCombination(deps.db, request.body.GeneCombination, request.body.GeneCombinationId),
  });
}

export function templateCategoriesRoutes(app: App, deps: Deps) {
  const tags = ['template categories'];

  app.get('/api/admin/templatecategories', {
    config: { access: { all: [P.TemplatesView] } },
    schema: {
      tags,
      summary: 'Categories with their subcategories, paged over categories',
      querystring: templateCategoryListQuerySchema,
      response: { 200: pageOf(templateCategoryTreeItemSchema) },
    },
    handler: (request) => listCategoryTree(deps.db, request.query, requestLocale(request)),
  });

  app.get('/api/admin/templatecategories/getcategory', {
    config: { access: { all: [P.TemplatesView] } },
    schema: {
      tags,
      summary: 'One category or subcategory',
      querystring: templateCategoryIdQuerySchema,
      response: { 200: templateCategoryDetailSchema },
    },
    handler: (request) => getCategory(deps.db, request.query.TemplateCategoryId),
  });

  app.patch('/api/admin/templatecategories/edit', {
    config: { access: { all: [P.TemplatesEdit] } },
    schema: {
      tags,
      summary: 'Edit a category or subcategory',
      body: editTemplateCategoryRequestSchema,
      response: { 200: templateCategoryDetailSchema },
    },
    handler: (request) => editCategory(deps.db, principalOf(request), request.body, deps.config.publicUrl),
  });
}

export function combinationRulesRoutes(app: App, deps: Deps) {
  const tags = ['combination rules'];

  app.get('/api/admin/combinationrules', {
    config: { access: { all: [P.TemplatesView] } },
    schema: {
      tags,
      summary: 'Combination rules over several phenotypes, paged, searched and sorted',
      querystring: combinationRuleListQuerySchema,
      response: { 200: combinationRulePageSchema },
    },
    handler: (request) => listCombinationRules(deps.db, request.query),
  });

  app.get('/api/admin/combinationrules/rule', {
    config: { access: { all: [P.TemplatesView] } },
    schema: {
      tags,
      summary: 'One combination rule with its phenotypes and templates',
      querystring: combinationRuleIdQuerySchema,
      response: { 200: combinationRuleSchema },
    },
    handler: (request) => getCombinationRule(deps.db, request.query.Id),
  });

  app.put('/api/admin/combinationrules', {
    config: { access: { all: [P.TemplatesCreate] } },
    schema: {
      tags,
      summary: 'Creates a combination rule; reports follow at their next generation or reanalysis',
      body: combinationRuleRequestSchema,
      response: { 200: combinationRuleSchema },
    },
    handler: (request) =>
      createCombinationRule(deps.db, principalOf(request), request.body, deps.config.publicUrl),
  });

  app.patch('/api/admin/combinationrules', {
    config: { access: { all: [P.TemplatesEdit] } },
    schema: {
      tags,
      summary: 'Edits a combination rule',
      body: editCombinationRuleRequestSchema,
      response: { 200: combinationRuleSchema },
    },
    handler: (request) =>
      editCombinationRule(deps.db, principalOf(request), request.body, deps.config.publicUrl),
  });

  app.delete('/api/admin/combinationrules', {
    config: { access: { all: [P.TemplatesEdit] } },
    schema: {
      tags,
      summary: 'Deletes a combination rule',
      querystring: combinationRuleIdQuerySchema,
      response: { 200: z.object({ id: z.number().int() }) },
    },
    handler: (request) => deleteCombinationRule(deps.db, principalOf(request), request.query.Id),
  });
}

/** Every route of the template catalogue: templates, gene combinations (phenotypes), categories, rules, the marker map. */
export function templateCatalogueRoutes(app: App, deps: Deps) {
  templatesRoutes(app, deps);
  geneCombinationsRoutes(app, deps);
  templateCategoriesRoutes(app, deps);
  combinationRulesRoutes(app, deps);
  markersRoutes(app, deps);
}
