import type { CustomerAuditEntry } from '@genodesk/contract/customers';
import type { Locale } from '@genodesk/contract/locales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { customerKeys } from './keys';

export function getCustomerAudit(id: number, signal?: AbortSignal): Promise<CustomerAuditEntry[]> {
  return api.get<CustomerAuditEntry[]>('admin/customers/customeraudit', { Id: id }, { signal });
}

export const customerAuditQueryOptions = (id: number, locale: Locale) =>
  queryOptions({
    queryKey: customerKeys.audit(id, locale),
    queryFn: ({ signal }) => getCustomerAudit(id, signal),
    // Other staff change customers and samples (work lists): always show the server's latest on opening.
    staleTime: 0,
  });

export function useCustomerAudit(id: number, locale: Locale) {
  return useQuery({ ...customerAuditQueryOptions(id, locale), enabled: Number.isInteger(id) && id > 0 });
}
