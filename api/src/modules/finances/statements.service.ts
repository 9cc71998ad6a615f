import { createHash } from 'node:crypto';
import {
  type BankStatement,
  type BankStatementDetail,
  czkText,
  fromMinorUnits,
  type ListQuery,
  type Page,
  PaymentMethod,
  type StatementLineOutcome,
} from '@genodesk/contract';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { insertMany } from '../../db/bulk.js';
import { type Executor, transaction } from '../../db/client.js';
import { listPage, pageLimit, pageStart } from '../../db/listing.js';
import { bankStatementLines, bankStatements, orders, payments, users } from '../../db/schema/index.js';
import { conflict, invalid, notFound, unprocessable } from '../../http/errors.js';
import { auditMany } from '../audit/audit.js';
import { amountDueMinor } from '../vouchers/redemptions.js';
import { GpcError, type GpcTransaction, parseGpc } from './gpc.js';
import { type FinancesDeps, type Paid, recordPaid } from './payments.service.js';

type Candidate = { id: number; orderId: number; amount: number; completed: boolean; orderPaid: boolean };

/** What a statement line does: pays the open transfer of its variable symbol and amount, or why not. */
function outcomeOf(
  line: GpcTransaction,
  candidates: Candidate[],
  paying: Set<number>,
): [StatementLineOutcome, Candidate?] {
  if (!line.credit) return ['notCredit'];
  if (!line.variableSymbol || candidates.length === 0) return ['unknownVariableSymbol'];
  const open = candidates.filter((c) => !c.completed && !c.orderPaid && !paying.has(c.orderId));
  const exact = open.find((c) => c.amount === line.amount);
  if (exact) return ['matched', exact];
  if (open.length > 0) return ['amountDiffers', open[0]];
  return ['alreadyPaid', candidates[0]];
}

/**
 * `POST admin/payments/bank-statement`: a GPC statement pays the waiting bank transfers whose variable
 * symbol and amount a credit matches — each recorded as any payment (order paid, audited, customer
 * e-mailed) — and keeps every other line with its reason. One transaction; the same file twice is a
 * 409 that changes nothing.
 */
export async function importStatement(
  deps: FinancesDeps,
  by: Principal,
  file: { name: string; bytes: Buffer },
): Promise<BankStatementDetail> {
  let statement: ReturnType<typeof parseGpc>;
  try {
    statement = parseGpc(file.bytes);
  } catch (error) {
    if (error instanceof GpcError) throw invalid('notAStatement', 'file', { line: error.line });
    throw error;
  }
  const fileHash = createHash('sha256').update(file.bytes).digest('hex');
  const id = await transaction(deps.db, async (tx) => {
    const [earlier] = await tx
      .select({ id: bankStatements.id })
      .from(bankStatements)
      .where(eq(bankStatements.fileHash, fileHash));
    if (earlier) throw conflict('statementAlreadyImported', 'file');
    const symbols = [...new Set(statement.transactions.map((t) => t.variableSymbol).filter(Boolean))];
    // The orders of the transfers are locked first (as every payment action does), then read.
    const found = symbols.length
      ? await tx
          .select({ orderId: payments.orderId })
          .from(payments)
          .where(
            and(eq(payments.method, PaymentMethod.BankTransfer), inArray(payments.variableSymbol, symbols)),
          )
      : [];
    const orderIds = [...new Set(found.map((f) => f.orderId))].sort((a, b) => a - b);
    if (orderIds.length)
      await tx
        .select({ id: orders.id })
        .from(orders)
        .where(inArray(orders.id, orderIds))
        .orderBy(orders.id)
        .for('update');
    const rows = orderIds.length
      ? await tx
          .select({
            id: payments.id,
            orderId: payments.orderId,
            amount: payments.amount,
            variableSymbol: payments.variableSymbol,
            completed: sql<boolean>`${payments.completedAt} is not null`,
            orderPaid: sql<boolean>`${orders.dateOrderPaid} is not null`,
          })
          .from(payments)
          .innerJoin(orders, eq(orders.id, payments.orderId))
          .where(and(eq(payments.method, PaymentMethod.BankTransfer), inArray(payments.orderId, orderIds)))
          .orderBy(payments.id)
      : [];
    const bySymbol = new Map<string, Candidate[]>();
    for (const row of rows) {
      const list = bySymbol.get(row.variableSymbol ?? '') ?? [];
      list.push(row);
      bySymbol.set(row.variableSymbol ?? '', list);
    }
    const paying = new Set<number>();
    const paid: Paid[] = [];
    const lines = statement.transactions.map((line) => {
      const [outcome, candidate] = outcomeOf(line, bySymbol.get(line.variableSymbol) ?? [], paying);
      if (outcome === 'matched' && candidate) {
        paying.add(candidate.orderId);
        const at = line.valueDate ? new Date(`${line.valueDate}T12:00:00Z`) : new Date();
        paid.push({
          paymentId: candidate.id,
          orderId: candidate.orderId,
          method: PaymentMethod.BankTransfer,
          at,
        });
      }
      return { line, outcome, paymentId: candidate?.id ?? null };
    });
    await recordPaid(tx, deps.jobs, by.id, paid);
    const [created] = await tx
      .insert(bankStatements)
      .values({
        fileName: file.name,
        fileHash,
        account: withBankCode(statement.account, deps.bankAccount),
        statementDate: statement.statementDate,
        lines: lines.length,
        matched: paid.length,
        unmatched: lines.length - paid.length,
        importedBy: by.id,
      })
      .returning({ id: bankStatements.id });
    if (!created) throw new Error('statement insert returned nothing');
    await insertMany(
      tx,
      bankStatementLines,
      lines.map(({ line, outcome, paymentId }) => ({
        statementId: created.id,
        line: line.line,
        counterAccount: line.counterAccount,
        counterName: line.counterName,
        amount: line.amount,
        credit: line.credit,
        variableSymbol: line.variableSymbol,
        valueDate: line.valueDate,
        outcome,
        paymentId,
      })),
    );
    return created.id;
  });
  return getStatement(deps.db, id);
}

/**
 * The statement's own account with its bank code: GPC names the account without it; when it is the
 * configured one (prefix and number alike), the configured one is what it is.
 */
function withBankCode(account: string, configured: string): string {
  const [number, bank] = configured.split('/');
  return bank && number === account ? configured : account;
}

/**
 * `POST admin/payments/bank-statements/lines/{id}/match`: a credit the import could not pair (a wrong
 * variable symbol, a transfer made without one) pays the order staff name, as an import would have:
 * the order's waiting transfer (or a new one) completed on the credit's date, the order paid, the
 * customer e-mailed; the line matched and audited. The credit must be what the order still owes; a
 * matched line or a paid order is refused and nothing changes.
 */
export async function matchStatementLine(
  deps: FinancesDeps,
  by: Principal,
  lineId: number,
  orderNumber: number,
): Promise<BankStatementDetail> {
  const statementId = await transaction(deps.db, async (tx) => {
    // The order first, as every payment action locks it, then the line.
    const [order] = await tx.select().from(orders).where(eq(orders.orderNumber, orderNumber)).for('update');
    const [line] = await tx
      .select()
      .from(bankStatementLines)
      .where(eq(bankStatementLines.id, lineId))
      .for('update');
    if (!line) throw notFound();
    if (!line.credit) throw unprocessable('statementLineNotCredit', 'OrderNumber');
    if (line.outcome === 'matched') throw conflict('statementLineAlreadyMatched', 'OrderNumber');
    if (!order) throw unprocessable('orderNumberUnknown', 'OrderNumber', { number: orderNumber });
    if (order.dateOrderPaid !== null) throw unprocessable('orderAlreadyPaid', 'OrderNumber');
    const due = await amountDueMinor(tx, order);
    if (line.amount !== due)
      throw unprocessable('statementAmountNotDue', 'OrderNumber', {
        amount: czkText(line.amount),
        due: czkText(due),
      });
    const [open] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, order.id),
          eq(payments.method, PaymentMethod.BankTransfer),
          isNull(payments.completedAt),
        ),
      )
      .for('update');
    let paymentId = open?.id;
    if (paymentId === undefined) {
      const [created] = await tx
        .insert(payments)
        .values({
          orderId: order.id,
          method: PaymentMethod.BankTransfer,
          amount: due,
          currency: order.currency,
          variableSymbol: String(order.orderNumber),
          account: deps.bankAccount,
        })
        .returning({ id: payments.id });
      if (!created) throw new Error('payment insert returned nothing');
      paymentId = created.id;
    }
    const at = line.valueDate ? new Date(`${line.valueDate}T12:00:00Z`) : new Date();
    await recordPaid(tx, deps.jobs, by.id, [
      { paymentId, orderId: order.id, method: PaymentMethod.BankTransfer, at },
    ]);
    await tx
      .update(bankStatementLines)
      .set({ outcome: 'matched', paymentId })
      .where(eq(bankStatementLines.id, line.id));
    await tx
      .update(bankStatements)
      .set({ matched: sql`${bankStatements.matched} + 1`, unmatched: sql`${bankStatements.unmatched} - 1` })
      .where(eq(bankStatements.id, line.statementId));
    await auditMany(tx, [
      {
        entity: 'bankStatementLine',
        entityId: line.id,
        changedBy: by.id,
        changes: [{ field: 'matchedOrder', oldValue: null, newValue: order.orderNumber }],
      },
    ]);
    return line.statementId;
  });
  return getStatement(deps.db, statementId);
}

const statementColumns = { statement: bankStatements, importedByName: users.userName };

const toStatement = (row: {
  statement: typeof bankStatements.$inferSelect;
  importedByName: string | null;
}): BankStatement => ({
  id: row.statement.id,
  fileName: row.statement.fileName,
  account: row.statement.account,
  statementDate: row.statement.statementDate,
  lines: row.statement.lines,
  matched: row.statement.matched,
  unmatched: row.statement.unmatched,
  importedAt: row.statement.importedAt.toISOString(),
  importedBy:
    row.statement.importedBy !== null && row.importedByName !== null
      ? { id: row.statement.importedBy, userName: row.importedByName }
      : null,
});

/** `GET admin/payments/bank-statements`: the imports, newest first. */
export async function listStatements(
  db: Executor,
  query: Pick<ListQuery, 'page' | 'pageSize'>,
): Promise<Page<BankStatement>> {
  const rows = await db
    .select(statementColumns)
    .from(bankStatements)
    .leftJoin(users, eq(users.id, bankStatements.importedBy))
    .orderBy(desc(bankStatements.importedAt), desc(bankStatements.id))
    .limit(pageLimit(query))
    .offset(pageStart(query));
  return listPage(db, query, rows.map(toStatement), db.select({ one: sql`1` }).from(bankStatements));
}

/** `GET admin/payments/bank-statements/{id}`: an import with every line, in file order, and what it did. */
export async function getStatement(db: Executor, id: number): Promise<BankStatementDetail> {
  const [row] = await db
    .select(statementColumns)
    .from(bankStatements)
    .leftJoin(users, eq(users.id, bankStatements.importedBy))
    .where(eq(bankStatements.id, id));
  if (!row) throw notFound();
  const lines = await db
    .select({ line: bankStatementLines, orderId: payments.orderId, orderNumber: orders.orderNumber })
    .from(bankStatementLines)
    .leftJoin(payments, eq(payments.id, bankStatementLines.paymentId))
    .leftJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(bankStatementLines.statementId, id))
    .orderBy(asc(bankStatementLines.line));
  return {
    ...toStatement(row),
    items: lines.map(({ line, orderId, orderNumber }) => ({
      id: line.id,
      line: line.line,
      counterAccount: line.counterAccount,
      counterName: line.counterName,
      amount: fromMinorUnits(line.amount),
      amountMinor: line.amount,
      currency: 'CZK',
      credit: line.credit,
      variableSymbol: line.variableSymbol,
      valueDate: line.valueDate,
      outcome: line.outcome as StatementLineOutcome,
      paymentId: line.paymentId,
      orderId: orderId ?? null,
      orderNumber: orderNumber ?? null,
    })),
  };
}
