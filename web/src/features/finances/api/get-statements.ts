import type { Page } from '@genodesk/contract/common';
import type { BankStatement } from '@genodesk/contract/finances';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { financeKeys } from './keys';

/** `GET admin/payments/bank-statements`: imported statements, newest first. */
export function getStatements(
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<Page<BankStatement>> {
  return api.get<Page<BankStatement>>('admin/payments/bank-statements', { page, pageSize }, { signal });
}

export const statementsQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: financeKeys.statements(page, pageSize),
    queryFn: ({ signal }) => getStatements(page, pageSize, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useStatements(page: number, pageSize: number) {
  return useQuery(statementsQueryOptions(page, pageSize));
}
