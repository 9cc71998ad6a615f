import { Button, Tooltip } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyApiError } from '@/lib/notify';
import { useDownloadCustomerData } from '../api/download-customer-data';

/** Downloads the customer's data as a ZIP (GDPR: the right of access and to data portability). */
export function DataExportButton({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const download = useDownloadCustomerData();
  return (
    <Tooltip label={t('customers.dataExport.hint')} multiline w={280} withArrow>
      <Button
        variant="default"
        leftSection={<IconFileZip size={16} />}
        onClick={() =>
          download.mutate(customerId, {
            onError: (error) => notifyApiError(error, t('customers.dataExport.failed')),
          })
        }
        loading={download.isPending}
        data-testid="customer-data-export"
      >
        {t('customers.dataExport.button')}
      </Button>
    </Tooltip>
  );
}
