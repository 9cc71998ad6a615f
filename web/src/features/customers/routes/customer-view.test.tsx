import type { CustomerDetail } from '@genodesk/contract/customers';
import { Permissions } from '@genodesk/contract/permissions';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '@/features/auth/api/keys';
import { changeLocale, initI18n, loadScreenTexts } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { CustomerViewRoute } from './customer-view';

vi.mock('@/lib/progress', () => ({ progressStart: vi.fn(), progressDone: vi.fn() }));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const customer = (orders: CustomerDetail['orders']): CustomerDetail => ({
  id: 210,
  name: 'Jana',
  surname: 'Zkušební',
  fullName: 'Jana Zkušební',
  email: 'jana@example.cz',
  gender: 2,
  dateOfBirth: '1990-05-01',
  isUnderage: false,
  customerUnderage: false,
  phonePrefix: '+420',
  phone: '777123456',
  street: 'Dlouhá',
  streetNumber: '12',
  city: 'Praha',
  zipCode: '110 00',
  extID: null,
  openLimsID: null,
  registrationSource: 2,
  dateRegistration: '2026-01-10T09:00:00.000Z',
  agreedToDataProcessing: true,
  agreedToTermsOfService: true,
  agreedToDNAAnalysis: true,
  dnaConsentAt: '2026-01-10T09:00:00.000Z',
  legalHold: null,
  DNASampleUsageStatus: null,
  agreedToSampleBeingUsedForScientificPurposes: false,
  agreedToSampleExamination: false,
  dnaAgreementWasDigital: false,
  notifyByEmail: true,
  notifyBySms: false,
  language: 'cs',
  relationship: { status: 'NOT_REQUESTED', partnerId: null, partnerFullName: null },
  samples: [],
  orders,
  hasQuestionnaire: false,
  hasResults: false,
  reservationStatus: 'none',
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
});

const order: CustomerDetail['orders'][number] = {
  id: 5,
  orderNumber: 2026000123,
  productTypeId: 1,
  productTypeName: 'Kompletní DNA test',
  productTypeNameEn: 'Complete DNA test',
  amount: 4490,
  amountMinor: 449000,
  currency: 'CZK',
  complete: false,
  paidBy: 6,
  dateOrderPaid: null,
  created: '2026-01-10T09:00:00.000Z',
};

function renderAs(permissions: string[], detail: CustomerDetail) {
  const client = createQueryClient();
  client.setQueryData(authKeys.user(), { id: 1, email: 'lab@genodesk.test', userName: 'Lab', permissions });
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/admin/customers/customer?')) return json(detail);
      if (url.startsWith('/api/admin/customers/accesslog'))
        return json({ items: [], total: 0, page: 1, pageSize: 10 });
      return json([]);
    }),
  );
  return render(
    <I18nextProvider i18n={initI18n()}>
      <MantineProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/customers/view/210']}>
            <Routes>
              <Route path="/customers/view/:id" element={<CustomerViewRoute />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe("a customer's detail and their orders", () => {
  beforeAll(async () => {
    await loadScreenTexts();
  });
  beforeEach(() => changeLocale('cs'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows no orders card to a reader without Orders.View (the laboratory)', async () => {
    renderAs([Permissions.AdminPanelView, Permissions.CustomersView], customer([]));
    expect(await screen.findByTestId('customer-detail-name')).toHaveTextContent('Jana Zkušební');
    expect(screen.queryByTestId('customer-orders')).toBeNull();
    expect(screen.queryByText('Objednávky')).toBeNull();
  });

  it('shows the samples card only with Samples.View', async () => {
    renderAs([Permissions.AdminPanelView, Permissions.CustomersView], customer([]));
    expect(await screen.findByTestId('customer-detail-name')).toBeInTheDocument();
    expect(screen.queryByTestId('customer-samples')).toBeNull();
    cleanup();
    renderAs([Permissions.AdminPanelView, Permissions.CustomersView, Permissions.SamplesView], customer([]));
    expect(await screen.findByTestId('customer-samples')).toBeInTheDocument();
  });

  it('shows the orders with Orders.View, the amount in CZK from its haléře', async () => {
    renderAs(
      [Permissions.AdminPanelView, Permissions.CustomersView, Permissions.OrdersView],
      customer([order]),
    );
    const card = await screen.findByTestId('customer-orders');
    expect(within(card).getByText('2026000123')).toBeInTheDocument();
    expect(card.textContent?.replace(/\s/g, ' ')).toMatch(/4 490,00 Kč/);
  });
});
