import {
  acceptRelationshipRequestSchema,
  correctQuestionnaireSectionRequestSchema,
  createCustomerRequestSchema,
  customerAuditEntrySchema,
  customerAuditQuerySchema,
  customerCategorySchema,
  customerDetailSchema,
  customerExportQuerySchema,
  customerIdQuerySchema,
  customerListQuerySchema,
  customerPageSchema,
  dnaConsentScanQuerySchema,
  dnaConsentSchema,
  editCustomerRequestSchema,
  legalHoldRequestSchema,
  maxConsentScanBytes,
  Permissions,
  pageOf,
  questionnaireIdQuerySchema,
  questionnaireListQuerySchema,
  questionnaireSchema,
  questionnaireSummarySchema,
  recordDnaConsentRequestSchema,
  relationshipDetailSchema,
  relationshipListQuerySchema,
  relationshipQuerySchema,
  relationshipSchema,
  withdrawDnaConsentRequestSchema,
} from '@genodesk/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../../auth/access.js';
import type { App, Deps } from '../../http/app-types.js';
import { requestLocale } from '../../http/errors.js';
import { readerOf, recordAccess, recordExport } from '../audit/access-log.js';
import {
  createCustomer,
  customerAudit,
  customerCategories,
  editCustomer,
  getCustomer,
  listCustomers,
} from './customers.service.js';
import {
  getDnaConsentScan,
  listDnaConsents,
  recordDnaConsent,
  withdrawDnaConsent,
} from './dna-consent.service.js';
import { exportCustomers } from './export.js';
import { setLegalHold } from './legal-hold.service.js';
import { correctSection, getQuestionnaire, listQuestionnaires } from './questionnaires.service.js';
import { acceptRelationship, getRelationship, listRelationships } from './relationships.service.js';

const P = Permissions;

export function customersRoutes(app: App, deps: Deps) {
  const tags = ['customers'];

  app.get('/api/admin/customers', {
    config: { access: { all: [P.CustomersView] } },
    schema: {
      tags,
      summary: 'Customers, paged, sorted, searched (name, e-mail, phone, barcode, OpenLIMS id) and filtered',
      querystring: customerListQuerySchema,
      response: { 200: customerPageSchema },
    },
    handler: (request) => listCustomers(deps.db, request.query),
  });

  app.get('/api/admin/customers/export', {
    config: { access: { all: [P.CustomersView] } },
    schema: {
      tags,
      summary: 'The customers list (same filters and sort, every page) as CSV or XLSX, streamed',
      querystring: customerExportQuerySchema,
    },
    handler: (request, reply) => {
      const { stream, contentType, filename } = exportCustomers(
        deps.db,
        request.query,
        requestLocale(request),
        recordExport(deps.db, request, 'customers', request.query),
      );
      return reply
        .header('content-type', contentType)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });

  app.get('/api/admin/customers/customer', {
    config: { access: { all: [P.CustomersView] } },
    schema: {
      tags,
      summary:
        'One customer, with underage flag, relationship, samples and orders (to a reader with Orders.View, else none); the read is logged',
      querystring: customerIdQuerySchema,
      response: { 200: customerDetailSchema },
    },
    handler: async (request) => {
      const customer = await getCustomer(deps.db, request.query.CustomerId, principalOf(request));
      await recordAccess(deps.db, { kind: 'customer', customerIds: [customer.id], ...readerOf(request) });
      return customer;
    },
  });

  // Which report categories a customer's results fall in is health data: for those who read reports.
  app.get('/api/admin/customers/customercategories', {
    config: { access: { all: [P.CustomersView, P.ProductsView] } },
    schema: {
      tags,
      summary: "The report categories of a customer's results",
      querystring: customerIdQuerySchema,
      response: { 200: z.array(customerCategorySchema) },
    },
    handler: async (request) => {
      const categories = await customerCategories(deps.db, request.query.CustomerId);
      await recordAccess(deps.db, {
        kind: 'customerCategories',
        customerIds: [request.query.CustomerId],
        ...readerOf(request),
      });
      return categories;
    },
  });

  app.get('/api/admin/customers/customeraudit', {
    config: { access: { all: [P.CustomersView] } },
    schema: {
      tags,
      summary: "A customer's audit trail (with its samples and questionnaire), newest first",
      querystring: customerAuditQuerySchema,
      response: { 200: z.array(customerAuditEntrySchema) },
    },
    handler: async (request) => {
      const readsAnswers = principalOf(request).permissions.has(P.QuestionnairesView);
      const audit = await customerAudit(deps.db, request.query.Id, readsAnswers);
      // The history shows health data (questionnaire corrections) to those who may read them.
      if (readsAnswers && audit.some((entry) => entry.entity === 'questionnaire'))
        await recordAccess(deps.db, {
          kind: 'customerAudit',
          customerIds: [request.query.Id],
          ...readerOf(request),
        });
      return audit;
    },
  });

  app.put('/api/admin/customers', {
    config: { access: { all: [P.CustomersCreate] } },
    schema: {
      tags,
      summary: 'Register a customer at the reception; with a product type an order, paid in cash a sample',
      body: createCustomerRequestSchema,
      response: { 200: customerDetailSchema },
    },
    handler: (request) => createCustomer(deps, principalOf(request), request.body),
  });

  app.post('/api/admin/customers', {
    config: { access: { all: [P.CustomersEdit] } },
    schema: {
      tags,
      summary: 'Edit a customer; audited',
      body: editCustomerRequestSchema,
      response: { 200: customerDetailSchema },
    },
    handler: (request) => editCustomer(deps.db, principalOf(request), request.body),
  });

  // Consent to DNA analysis as a record (issue 35).
  app.get('/api/admin/customers/dnaconsents', {
    config: { access: { all: [P.CustomersView] } },
    schema: {
      tags,
      summary: "A customer's consents to DNA analysis: the valid one first, then the withdrawn ones",
      querystring: customerIdQuerySchema,
      response: { 200: z.array(dnaConsentSchema) },
    },
    handler: (request) => listDnaConsents(deps.db, request.query.CustomerId),
  });

  // The scan travels as base64 in the JSON body: a larger body than the default 1 MB is allowed here.
  app.register(async (scope: App) => {
    scope.put('/api/admin/customers/dnaconsent', {
      bodyLimit: Math.ceil(maxConsentScanBytes / 3) * 4 + 64 * 1024,
      config: { access: { all: [P.CustomersEdit] } },
      schema: {
        tags,
        summary:
          'Record a signed consent to DNA analysis: form version, signing day (not in the future), optional scan (PDF/PNG/JPEG, base64, at most 5 MB); 409 while one is valid. Held results of the customer go on; audited',
        body: recordDnaConsentRequestSchema,
        response: { 200: z.array(dnaConsentSchema) },
      },
      handler: (request) => recordDnaConsent(deps.db, principalOf(request), request.body),
    });
  });

  app.post('/api/admin/customers/dnaconsent/withdraw', {
    config: { access: { all: [P.CustomersEdit] } },
    schema: {
      tags,
      summary:
        'Withdraw the valid consent (day, outcome destroySample | keepForCustomer, note): every gated step stops at once, pending upload rows are held; audited',
      body: withdrawDnaConsentRequestSchema,
      response: { 200: z.array(dnaConsentSchema) },
    },
    handler: (request) => withdrawDnaConsent(deps.db, principalOf(request), request.body),
  });

  app.get('/api/admin/customers/dnaconsent/scan', {
    config: { access: { all: [P.CustomersView] } },
    schema: {
      tags,
      summary: "A consent's scanned form (its own content type); the read is logged (dnaConsentScan)",
      querystring: dnaConsentScanQuerySchema,
    },
    handler: async (request, reply) => {
      const scan = await getDnaConsentScan(deps.db, request.query.Id);
      await recordAccess(deps.db, {
        kind: 'dnaConsentScan',
        customerIds: [scan.customerId],
        entityId: request.query.Id,
        ...readerOf(request),
      });
      const ascii = scan.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
      return reply
        .header('content-type', scan.contentType)
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(scan.fileName)}`,
        )
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(scan.bytes);
    },
  });

  app.put('/api/admin/customers/legalhold', {
    config: { access: { all: [P.CustomersErase] } },
    schema: {
      tags,
      summary:
        'Put a customer on legal hold (medical records the law keeps: erasure is refused) with a Reason, or lift it with null; audited',
      body: legalHoldRequestSchema,
      response: { 200: customerDetailSchema },
    },
    handler: async (request) => {
      const by = principalOf(request);
      await setLegalHold(deps.db, by, request.body.CustomerId, request.body.Reason);
      return getCustomer(deps.db, request.body.CustomerId, by);
    },
  });
}

export function relationshipsRoutes(app: App, deps: Deps) {
  const tags = ['customer relationships'];

  app.get('/api/admin/customerrelationships', {
    config: { access: { all: [P.CustomersView] } },
    schema: {
      tags,
      summary: 'Relationship requests and links, paged',
      querystring: relationshipListQuerySchema,
      response: { 200: pageOf(relationshipSchema) },
    },
    handler: (request) => listRelationships(deps.db, request.query),
  });

  app.get('/api/admin/customerrelationships/customer', {
    config: { access: { all: [P.CustomersView] } },
    schema: {
      tags,
      summary: "A customer's relationship with partner candidates (matching the requested e-mail or name)",
      querystring: relationshipQuerySchema,
      response: { 200: relationshipDetailSchema },
    },
    handler: (request) => getRelationship(deps.db, request.query.customerId, requestLocale(request)),
  });

  app.put('/api/admin/customerrelationships/accept', {
    config: { access: { all: [P.CustomersEdit] } },
    schema: {
      tags,
      summary: 'Accept: link the customer and the chosen partner both ways; audited',
      body: acceptRelationshipRequestSchema,
      response: { 200: relationshipDetailSchema },
    },
    handler: (request) =>
      acceptRelationship(deps.db, principalOf(request), request.body, requestLocale(request)),
  });
}

export function questionnairesRoutes(app: App, deps: Deps) {
  const tags = ['questionnaires'];
  /** A questionnaire answered, read or corrected, is recorded before it is sent. */
  const recordQuestionnaireRead = (
    request: FastifyRequest,
    questionnaire: { id: number; customerId: number },
  ) =>
    recordAccess(deps.db, {
      kind: 'questionnaire',
      customerIds: [questionnaire.customerId],
      entityId: questionnaire.id,
      ...readerOf(request),
    });

  app.get('/api/admin/questionnaires', {
    config: { access: { all: [P.QuestionnairesView] } },
    schema: {
      tags,
      summary: 'Questionnaires, paged',
      querystring: questionnaireListQuerySchema,
      response: { 200: pageOf(questionnaireSummarySchema) },
    },
    handler: (request) => listQuestionnaires(deps.db, request.query),
  });

  app.get('/api/admin/questionnaires/questionnaire', {
    config: { access: { all: [P.QuestionnairesView] } },
    schema: {
      tags,
      summary:
        'A questionnaire: every section with its answers (questions defined in the contract); the read is logged',
      querystring: questionnaireIdQuerySchema,
      response: { 200: questionnaireSchema },
    },
    handler: async (request) => {
      const questionnaire = await getQuestionnaire(deps.db, request.query.Id);
      await recordQuestionnaireRead(request, questionnaire);
      return questionnaire;
    },
  });

  app.patch('/api/admin/questionnaires/section', {
    config: { access: { all: [P.QuestionnairesView, P.CustomersEdit] } },
    schema: {
      tags,
      summary: "Correct one section's answers, validated against its questions; audited",
      body: correctQuestionnaireSectionRequestSchema,
      response: { 200: questionnaireSchema },
    },
    handler: async (request) => {
      const questionnaire = await correctSection(deps.db, principalOf(request), request.body);
      await recordQuestionnaireRead(request, questionnaire);
      return questionnaire;
    },
  });
}
