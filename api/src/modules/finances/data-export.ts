import {
  type CardPaymentStatus,
  cardPaymentStatusLabels,
  czkText,
  type Locale,
  labelIn,
  type PaymentMethod,
  paymentMethodLabels,
} from '@genodesk/contract';
import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  bankStatementLines,
  bankStatements,
  orders,
  payments,
  productTypes,
  users,
} from '../../db/schema/index.js';
import type { ExportedChange, HistoryOf } from '../audit/data-export.js';
import { customerStatementLines, statementLineOrder } from './customer-statement-lines.js';

export type FinancesExport = {
  orders: {
    id: number;
    orderNumber: number;
    productType: string | null;
    amount: string;
    currency: string;
    complete: boolean;
    paidBy: number;
    paidByName: string;
    paidAt: string | null;
    samplingAtCentre: boolean;
    createdAt: string;
    history: ExportedChange[];
  }[];
  payments: {
    id: number;
    orderNumber: number;
    method: number;
    methodName: string;
    amount: string;
    currency: string;
    cardStatus: number | null;
    cardStatusName: string | null;
    transactionId: string | null;
    refId: string | null;
    variableSymbol: string | null;
    account: string | null;
    completedAt: string | null;
    completedBy: string | null;
    /**
     * A card charge received after the order was paid: since when it is owed back, when it was paid
     * back, and how (staff's note).
     */
    refundDueAt: string | null;
    refundedAt: string | null;
    refundNote: string | null;
    createdAt: string;
    history: ExportedChange[];
  }[];
  /** Lines of imported bank statements that paid (or tried to pay) the customer's orders. */
  bankStatementLines: {
    statementDate: string | null;
    valueDate: string | null;
    counterAccount: string;
    counterName: string;
    amount: string;
    currency: string;
    variableSymbol: string;
    outcome: string;
    orderNumber: number;
  }[];
};

/**
 * The finances area's part of the customer's data export (`privacy/data-export.ts`): their orders and
 * payments (amounts in CZK with two decimals), and the bank statement lines about their orders.
 */
export async function financesDataExport(
  tx: Executor,
  { customer, locale, historyOf }: { customer: { id: number }; locale: Locale; historyOf: HistoryOf },
): Promise<{ sections: FinancesExport }> {
  const orderRows = await tx
    .select({ order: orders, typeName: productTypes.name, typeNameEn: productTypes.nameEn })
    .from(orders)
    .leftJoin(productTypes, eq(productTypes.id, orders.productTypeId))
    .where(eq(orders.customerId, customer.id))
    .orderBy(asc(orders.createdAt), asc(orders.id));

  const completedBy = alias(users, 'completed_by_user');
  const paymentRows = await tx
    .select({ payment: payments, orderNumber: orders.orderNumber, completedBy: completedBy.userName })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(completedBy, eq(completedBy.id, payments.completedBy))
    .where(eq(orders.customerId, customer.id))
    .orderBy(asc(payments.createdAt), asc(payments.id));

  const statementRows = await tx
    .select({
      line: bankStatementLines,
      statementDate: bankStatements.statementDate,
      orderNumber: orders.orderNumber,
    })
    .from(bankStatementLines)
    .innerJoin(bankStatements, eq(bankStatements.id, bankStatementLines.statementId))
    .innerJoin(orders, statementLineOrder(customer.id))
    // The lines the erasure blanks: those paying their orders and those naming one unpaid.
    .where(customerStatementLines(customer.id))
    .orderBy(asc(bankStatementLines.id));

  return {
    sections: {
      orders: orderRows.map(({ order, typeName, typeNameEn }) => ({
        id: order.id,
        orderNumber: order.orderNumber,
        productType: locale === 'en' ? typeNameEn || typeName : typeName,
        amount: czkText(order.amount),
        currency: order.currency,
        complete: order.complete,
        paidBy: order.paidBy,
        paidByName: labelIn(paymentMethodLabels, order.paidBy as PaymentMethod, locale),
        paidAt: order.dateOrderPaid?.toISOString() ?? null,
        samplingAtCentre: order.samplingAtCentre,
        createdAt: order.createdAt.toISOString(),
        history: historyOf('order', order.id),
      })),
      payments: paymentRows.map(({ payment: p, orderNumber, completedBy: by }) => ({
        id: p.id,
        orderNumber,
        method: p.method,
        methodName: labelIn(paymentMethodLabels, p.method as PaymentMethod, locale),
        amount: czkText(p.amount),
        currency: p.currency,
        cardStatus: p.cardStatus,
        cardStatusName:
          p.cardStatus === null
            ? null
            : labelIn(cardPaymentStatusLabels, p.cardStatus as CardPaymentStatus, locale),
        transactionId: p.transactionId,
        refId: p.refId,
        variableSymbol: p.variableSymbol,
        account: p.account,
        completedAt: p.completedAt?.toISOString() ?? null,
        completedBy: by,
        refundDueAt: p.refundDueAt?.toISOString() ?? null,
        refundedAt: p.refundedAt?.toISOString() ?? null,
        refundNote: p.refundNote,
        createdAt: p.createdAt.toISOString(),
        history: historyOf('payment', p.id),
      })),
      bankStatementLines: statementRows.map(({ line, statementDate, orderNumber }) => ({
        statementDate,
        valueDate: line.valueDate,
        counterAccount: line.counterAccount,
        counterName: line.counterName,
        amount: czkText(line.amount),
        currency: 'CZK',
        variableSymbol: line.variableSymbol,
        outcome: line.outcome,
        orderNumber,
      })),
    },
  };
}
