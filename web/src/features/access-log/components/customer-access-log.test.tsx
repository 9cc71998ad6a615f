import { type AccessLogEntry, accessKindLabels, accessKinds } from '@genodesk/contract/access-log';
import { Permissions } from '@genodesk/contract/permissions';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '@/features/auth/api/keys';
import { changeLocale, initI18n, loadScreenTexts } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { AccessKindBadge } from './access-entry';
import { CustomerAccessLog } from './customer-access-log';

vi.mock('@/lib/progress', () => ({ progressStart: vi.fn(), progressDone: vi.fn() }));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const entry = (over: Partial<AccessLogEntry>): AccessLogEntry => ({
  id: 1,
  occurredAt: '2026-11-24T08:05:00.000Z',
  kind: 'customer',
  user: { id: 2, userName: 'Recepce Nováková', email: 'reception@genodesk.test' },
  entityId: null,
  customer: { id: 7, fullName: 'Jana Zkušební' },
  customerCount: 1,
  rows: null,
  detail: null,
  address: '192.0.2.10',
  screen: null,
  ...over,
});

const page = {
  items: [
    entry({ id: 3, kind: 'reportPdf', entityId: 12, detail: 'v2', occurredAt: '2026-11-24T09:30:00.000Z' }),
    entry({ id: 2, kind: 'questionnaire', entityId: 5, user: null }),
    entry({ id: 1 }),
  ],
  total: 3,
  page: 1,
  pageSize: 10,
};

function renderWith(ui: React.ReactNode, permissions: string[]) {
  const client = createQueryClient();
  client.setQueryData(authKeys.user(), {
    id: 1,
    email: 'admin@genodesk.test',
    userName: 'Admin',
    permissions,
  });
  return render(
    <I18nextProvider i18n={initI18n()}>
      <MantineProvider>
        <QueryClientProvider client={client}>
          <MemoryRouter>{ui}</MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe("a customer's access log", () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeAll(async () => {
    await loadScreenTexts();
  });

  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith('/api/admin/customers/accesslog') ? json(page) : json({}),
    );
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLocale('cs');
  });

  it('lists who read the customer, newest first as the API gives it, in Czech', async () => {
    await changeLocale('cs');
    renderWith(<CustomerAccessLog customerId={7} />, [Permissions.ProductsView]);
    const rows = await screen.findAllByTestId('customer-access-log-row');
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => within(r).getByTestId('access-kind').textContent)).toEqual([
      'PDF zprávy',
      'Dotazník',
      'Detail zákazníka',
    ]);
    expect(within(rows[0] as HTMLElement).getByTestId('access-what')).toHaveTextContent('GD-000012');
    // A report is a link for those who may read reports; a questionnaire is not without their permission.
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'GD-000012' })).toHaveAttribute(
      'href',
      '/customers/products/12',
    );
    expect(within(rows[1] as HTMLElement).queryByRole('link')).toBeNull();
    expect(rows[1]).toHaveTextContent('Neexistující účet');
    expect(rows[2]).toHaveTextContent('Recepce Nováková');
    expect(rows[2]).toHaveTextContent('192.0.2.10');
    expect(screen.getByTestId('customer-access-log-all')).toHaveAttribute(
      'href',
      '/administration/accesslog?customerId=7',
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('accesslog'));
    expect(String(call?.[0])).toBe('/api/admin/customers/accesslog?CustomerId=7&page=1&pageSize=10');
  });

  it('and in English', async () => {
    await changeLocale('en');
    renderWith(<CustomerAccessLog customerId={7} />, []);
    expect(await screen.findByRole('heading', { name: 'Who viewed' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('customer-access-log-row');
    expect(within(rows[2] as HTMLElement).getByTestId('access-kind')).toHaveTextContent('Customer detail');
    expect(rows[1]).toHaveTextContent('Questionnaire #5');
    expect(rows[1]).toHaveTextContent('No such account');
  });

  it('says so when no one has read the customer yet', async () => {
    fetchMock.mockImplementation(async () => json({ items: [], total: 0, page: 1, pageSize: 10 }));
    renderWith(<CustomerAccessLog customerId={8} />, []);
    expect(await screen.findByTestId('customer-access-log-empty')).toHaveTextContent('Zatím žádné záznamy.');
  });

  it('names every kind of access in both languages', async () => {
    for (const locale of ['cs', 'en'] as const) {
      await changeLocale(locale);
      const { unmount } = renderWith(
        accessKinds.map((kind) => <AccessKindBadge key={kind} kind={kind} />),
        [],
      );
      expect(screen.getAllByTestId('access-kind').map((b) => b.textContent)).toEqual(
        accessKinds.map((kind) => accessKindLabels[kind][locale]),
      );
      unmount();
    }
  });
});
