import type { DeliveryChannelStatus } from '@genodesk/contract/messaging';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { changeLocale, initI18n, loadScreenTexts } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import { DeliveryAlerts } from './delivery-alerts';

vi.mock('@/lib/progress', () => ({ progressStart: vi.fn(), progressDone: vi.fn() }));

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const ok = (channel: 'email' | 'sms'): DeliveryChannelStatus => ({
  channel,
  configured: true,
  failingSince: null,
  lastError: null,
  lastErrorAt: null,
  pausedUntil: null,
  lastSentAt: '2026-11-24T08:00:00.000Z',
  waiting: 0,
  oldestWaitingSince: null,
  failed: 0,
});

const failingSince = '2026-11-24T09:15:00.000Z';
const lastErrorAt = '2026-11-24T09:40:00.000Z';
const emailDown: DeliveryChannelStatus = {
  ...ok('email'),
  failingSince,
  lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
  lastErrorAt,
  pausedUntil: lastErrorAt,
  waiting: 7,
  oldestWaitingSince: '2026-11-24T09:14:00.000Z',
};
const smsNotSetUp: DeliveryChannelStatus = { ...ok('sms'), configured: false, lastSentAt: null, waiting: 2 };

function renderAlerts(compact = false) {
  return render(
    <I18nextProvider i18n={initI18n()}>
      <MantineProvider>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter>
            <DeliveryAlerts compact={compact} />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('DeliveryAlerts', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeAll(async () => {
    await loadScreenTexts();
  });

  beforeEach(async () => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    await changeLocale('cs');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says nothing while both channels deliver', async () => {
    fetchMock.mockResolvedValue(json(200, [ok('email'), ok('sms')]));
    renderAlerts();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/admin/outbox/delivery');
    // Let the answer render: still no alert.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('delivery-alerts')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names a failing channel in Czech: since when in Prague time, the last error and what waits', async () => {
    fetchMock.mockResolvedValue(json(200, [emailDown, ok('sms')]));
    renderAlerts();
    const alert = await screen.findByTestId('delivery-alert-email');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert).toHaveTextContent('E-maily se neodesílají');
    expect(formatDateTime(failingSince, 'cs')).toContain('10:15');
    expect(alert).toHaveTextContent(`Od ${formatDateTime(failingSince, 'cs')} server odmítá zprávy`);
    expect(screen.getByTestId('delivery-alert-email-error')).toHaveTextContent(
      `Poslední chyba (${formatDateTime(lastErrorAt, 'cs')}): connect ECONNREFUSED 127.0.0.1:2525`,
    );
    expect(alert).toHaveTextContent('Čeká 7 zpráv');
    // A pause that has already passed is not mentioned; a working channel has no alert.
    expect(screen.queryByTestId('delivery-alert-email-paused')).toBeNull();
    expect(screen.queryByTestId('delivery-alert-sms')).toBeNull();
  });

  it('says the same in English, with the gateway’s pause while it lasts', async () => {
    await changeLocale('en');
    const until = new Date(Date.now() + 10 * 60_000).toISOString();
    fetchMock.mockResolvedValue(json(200, [{ ...emailDown, pausedUntil: until }, ok('sms')]));
    renderAlerts();
    const alert = await screen.findByTestId('delivery-alert-email');
    expect(alert).toHaveTextContent('E-mails are not going out');
    expect(alert).toHaveTextContent(
      `Since ${formatDateTime(failingSince, 'en')} the server refuses messages`,
    );
    expect(screen.getByTestId('delivery-alert-email-error')).toHaveTextContent(
      `Last error (${formatDateTime(lastErrorAt, 'en')}): connect ECONNREFUSED 127.0.0.1:2525`,
    );
    expect(screen.getByTestId('delivery-alert-email-paused')).toHaveTextContent(
      `The gateway asked to wait until ${formatDateTime(until, 'en')}`,
    );
    expect(alert).toHaveTextContent('7 messages waiting');
  });

  it('tells a channel that is not set up from an outage, only while messages wait, in both languages', async () => {
    fetchMock.mockResolvedValue(json(200, [ok('email'), smsNotSetUp]));
    renderAlerts();
    const alert = await screen.findByTestId('delivery-alert-sms');
    expect(alert).toHaveTextContent('SMS: odesílání není nastaveno');
    expect(alert).toHaveTextContent('Čekají 2 zprávy');
    expect(screen.queryByTestId('delivery-alert-sms-error')).toBeNull();

    await changeLocale('en');
    expect(await screen.findByText('SMS: sending is not set up')).toBeInTheDocument();
    expect(alert).toHaveTextContent('2 messages waiting');
  });

  it('says nothing of a channel that is not set up while nothing waits on it', async () => {
    fetchMock.mockResolvedValue(json(200, [ok('email'), { ...smsNotSetUp, waiting: 0 }]));
    renderAlerts();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('delivery-alerts')).toBeNull();
  });

  it('links the dashboard’s alert to the channel’s waiting messages', async () => {
    fetchMock.mockResolvedValue(json(200, [emailDown, ok('sms')]));
    renderAlerts(true);
    const alert = await screen.findByTestId('delivery-alert-email');
    expect(within(alert).getByRole('link', { name: 'Otevřít čekající zprávy' })).toHaveAttribute(
      'href',
      '/administration/outbox?channel=email&status=pending',
    );
  });
});
