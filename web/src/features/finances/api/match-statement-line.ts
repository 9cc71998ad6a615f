import type { BankStatementDetail } from '@genodesk/contract/finances';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { financeKeys } from './keys';

/** `POST admin/payments/bank-statements/lines/{id}/match`: an unpaired credit pays the named order. */
export function matchStatementLine(lineId: number, orderNumber: number): Promise<BankStatementDetail> {
  return api.post<BankStatementDetail>(`admin/payments/bank-statements/lines/${lineId}/match`, {
    OrderNumber: orderNumber,
  });
}

export function useMatchStatementLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, orderNumber }: { lineId: number; orderNumber: number }) =>
      matchStatementLine(lineId, orderNumber),
    onSuccess: (statement) => {
      queryClient.setQueryData(financeKeys.statement(statement.id), statement);
      void queryClient.invalidateQueries({ queryKey: financeKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
