import type { Payment } from '@genodesk/contract/finances';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, formatMoney } from '@/lib/format';
import { changeLocale, initI18n, loadScreenTexts } from '@/lib/i18n';
import { createQueryClient } from '@/lib/react-query';
import type { PaymentAction } from '../api/payment-actions';
import { OrderPayments } from './order-payments';
import { usePaymentActions } from './use-payment-actions';

vi.mock('@/lib/progress', () => ({ progressStart: vi.fn(), progressDone: vi.fn() }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();

const base: Payment = {
  id: 1,
  orderId: 10,
  orderNumber: 2400123,
  customerId: 5,
  customerFullName: 'Jana Nováková',
  customerErased: false,
  customerGender: 2,
  method: 2,
  amount: 1990,
  amountMinor: 199_000,
  currency: 'CZK',
  cardStatus: null,
  transactionId: null,
  refId: null,
  variableSymbol: '2400123',
  account: '19-2000145399/0800',
  iban: null,
  spayd: null,
  completed: true,
  completedAt: '2026-11-20T09:00:00.000Z',
  createdAt: '2026-11-20T08:00:00.000Z',
  canApprove: false,
  canConvertToCash: false,
  refund: null,
  canMarkRefunded: false,
};
const dueAt = '2026-11-20T10:30:00.000Z';
/** The transfer paid the order; the card the gateway charged after it is owed back. */
const transfer = base;
const charge: Payment = {
  ...base,
  id: 2,
  method: 1,
  cardStatus: 3,
  transactionId: 'TX-2',
  refId: 'REF-2',
  account: null,
  completedAt: dueAt,
  refund: { dueAt, refundedAt: null, refundedBy: null, note: null },
  canMarkRefunded: true,
};

function Payments({ payments, only }: { payments: Payment[]; only?: readonly PaymentAction[] }) {
  const actions = usePaymentActions(only);
  return <OrderPayments payments={payments} actions={actions} />;
}

function renderPayments(payments: Payment[], only?: readonly PaymentAction[]) {
  return render(
    <I18nextProvider i18n={initI18n()}>
      <MantineProvider>
        <ModalsProvider>
          <QueryClientProvider client={createQueryClient()}>
            <Payments payments={payments} only={only} />
          </QueryClientProvider>
        </ModalsProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

const paymentBlock = (id: number) =>
  screen.getAllByTestId('order-payment').find((el) => el.dataset.paymentId === String(id))!;

describe('an order paid twice', () => {
  beforeAll(async () => {
    await loadScreenTexts();
    // A refused submit scrolls to the field in error; jsdom lays nothing out.
    Element.prototype.scrollIntoView ??= () => {};
  });
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLocale('cs');
  });

  it('shows the card charge as paid twice, to refund, with its amount, in Czech and English', async () => {
    for (const [locale, badge, line] of [
      ['cs', 'Zaplaceno dvakrát – k vrácení', 'Karta stržena po zaplacení objednávky; k vrácení'],
      ['en', 'Paid twice – to refund', 'Card charged after the order was paid;'],
    ] as const) {
      await changeLocale(locale);
      const { unmount } = renderPayments([transfer, charge], ['markRefunded']);
      const card = paymentBlock(charge.id);
      expect(within(card).getByTestId('payment-refund')).toHaveTextContent(badge);
      const text = within(card).getByTestId('order-payment-refund').textContent ?? '';
      expect(text).toContain(line);
      expect(text).toContain(formatMoney(charge.amountMinor, 'CZK', locale));
      expect(text).toContain(formatDateTime(dueAt, locale));
      // The order's own payment says nothing of a refund.
      expect(within(paymentBlock(transfer.id)).queryByTestId('payment-refund')).toBeNull();
      unmount();
    }
  });

  it('offers "mark as refunded" by its accessible name only on the overpayment, and records it after a confirmation', async () => {
    const open: Payment = { ...base, id: 3, completed: false, completedAt: null, canApprove: true };
    fetchMock.mockImplementation(async () =>
      json({
        ...charge,
        refund: { ...charge.refund!, refundedAt: dueAt, note: 'Převod' },
        canMarkRefunded: false,
      }),
    );
    renderPayments([charge, open], ['markRefunded']);
    const button = within(paymentBlock(charge.id)).getByRole('button', { name: 'Označit jako vrácené' });
    // `only` keeps the other actions to their own screens.
    expect(within(paymentBlock(open.id)).queryByRole('button')).toBeNull();
    fireEvent.click(button);
    expect(await screen.findByText(/byl vrácen zákaznici Jana Nováková/)).toBeInTheDocument();
    // The confirmation asks how it was refunded; the note is optional and sent trimmed.
    const note = screen.getByRole('textbox', { name: 'Jak bylo vráceno (nepovinné)' });
    expect(note).toHaveAttribute('maxLength', '2000');
    fireEvent.change(note, { target: { value: '  Převod 2611-0042 z účtu laboratoře  ' } });
    fireEvent.click(screen.getByTestId('payment-markRefunded-confirm'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('admin/payments/mark-refunded');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      PaymentId: charge.id,
      Note: 'Převod 2611-0042 z účtu laboratoře',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('records a refund without a note when none is written', async () => {
    fetchMock.mockImplementation(async () =>
      json({
        ...charge,
        refund: { dueAt, refundedAt: dueAt, refundedBy: null, note: null },
        canMarkRefunded: false,
      }),
    );
    renderPayments([charge], ['markRefunded']);
    fireEvent.click(within(paymentBlock(charge.id)).getByRole('button', { name: 'Označit jako vrácené' }));
    fireEvent.change(await screen.findByTestId('payment-markRefunded-note'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('payment-markRefunded-confirm'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ PaymentId: charge.id });
  });

  it('refuses a note over 2000 characters at the field, as the server does, in Czech and English, and sends nothing', async () => {
    for (const [locale, label, message] of [
      ['cs', 'Označit jako vrácené', 'Text je příliš dlouhý (nejvýše 2000 znaků)!'],
      ['en', 'Mark as refunded', 'The text is too long (at most 2000 characters)!'],
    ] as const) {
      await changeLocale(locale);
      const { unmount } = renderPayments([charge], ['markRefunded']);
      fireEvent.click(within(paymentBlock(charge.id)).getByRole('button', { name: label }));
      const note = await screen.findByTestId('payment-markRefunded-note');
      // 2000 characters with spaces around them fit: the limit counts the trimmed note.
      fireEvent.change(note, { target: { value: ` ${'x'.repeat(2000)} ` } });
      fireEvent.blur(note);
      expect(note).not.toHaveAttribute('aria-invalid', 'true');
      fireEvent.change(note, { target: { value: 'x'.repeat(2001) } });
      fireEvent.click(screen.getByTestId('payment-markRefunded-confirm'));
      await waitFor(() => expect(note).toHaveAttribute('aria-invalid', 'true'));
      expect(note).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(fetchMock).not.toHaveBeenCalled();
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      fireEvent.click(screen.getByTestId('payment-markRefunded-cancel'));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      unmount();
    }
  });

  it("shows the server's refusal of the note at the field and keeps the dialog; another refusal closes it", async () => {
    const tooLong = 'Text je příliš dlouhý (nejvýše 2000 znaků)!';
    fetchMock.mockImplementationOnce(async () =>
      json({ error: { code: 'VALIDATION', message: tooLong, fields: { Note: tooLong } } }, 400),
    );
    renderPayments([charge], ['markRefunded']);
    fireEvent.click(within(paymentBlock(charge.id)).getByRole('button', { name: 'Označit jako vrácené' }));
    const note = await screen.findByTestId('payment-markRefunded-note');
    fireEvent.change(note, { target: { value: 'Vráceno převodem' } });
    fireEvent.click(screen.getByTestId('payment-markRefunded-confirm'));
    await waitFor(() => expect(note).toHaveAccessibleDescription(expect.stringContaining(tooLong)));
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    const recorded = 'Vrácení této platby už bylo zaznamenáno; nic se nezměnilo.';
    fetchMock.mockImplementationOnce(async () =>
      json({ error: { code: 'CONFLICT', message: recorded, fields: { PaymentId: recorded } } }, 409),
    );
    fireEvent.click(screen.getByTestId('payment-markRefunded-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a refunded overpayment says so, with when and who, and offers nothing', async () => {
    const refundedAt = '2026-11-21T08:15:00.000Z';
    const refunded: Payment = {
      ...charge,
      refund: {
        dueAt,
        refundedAt,
        refundedBy: { id: 1, userName: 'Recepce Praha' },
        note: 'Returned in cash at the desk',
      },
      canMarkRefunded: false,
    };
    await changeLocale('en');
    renderPayments([transfer, refunded]);
    const card = paymentBlock(refunded.id);
    expect(within(card).getByTestId('payment-refund')).toHaveTextContent('Refunded');
    expect(within(card).getByTestId('order-payment-refund')).toHaveTextContent(
      `Refunded on ${formatDateTime(refundedAt, 'en')} (Recepce Praha)`,
    );
    expect(within(card).getByTestId('order-payment-refund-note')).toHaveTextContent(
      'How refunded: Returned in cash at the desk',
    );
    expect(within(card).queryByRole('button')).toBeNull();
  });
});
