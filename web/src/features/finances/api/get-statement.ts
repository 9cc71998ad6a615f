import type { BankStatementDetail } from '@genodesk/contract/finances';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { financeKeys } from './keys';

/** `GET admin/payments/bank-statements/{id}`: an import with every line and what it did. */
export function getStatement(id: number, signal?: AbortSignal): Promise<BankStatementDetail> {
  return api.get<BankStatementDetail>(`admin/payments/bank-statements/${id}`, undefined, { signal });
}

export const statementQueryOptions = (id: number) =>
  queryOptions({
    queryKey: financeKeys.statement(id),
    queryFn: ({ signal }) => getStatement(id, signal),
  });

export function useStatement(id: number) {
  return useQuery({ ...statementQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
