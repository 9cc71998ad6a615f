import type { BankStatementDetail } from '@genodesk/contract/finances';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { financeKeys } from './keys';

/**
 * `POST admin/payments/bank-statement ?FileName=`: the GPC file's bytes as they are (Windows-1250, so
 * never read as text here); credits that match an open bank transfer pay it.
 */
export function importStatement(file: File): Promise<BankStatementDetail> {
  return api.post<BankStatementDetail>('admin/payments/bank-statement', undefined, {
    query: { FileName: file.name },
    rawBody: { data: file, contentType: 'application/octet-stream' },
  });
}

export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importStatement,
    onSuccess: (statement) => {
      queryClient.setQueryData(financeKeys.statement(statement.id), statement);
      void queryClient.invalidateQueries({ queryKey: financeKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['customers'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
