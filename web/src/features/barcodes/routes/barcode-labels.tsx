import { Button, Paper, SimpleGrid, Switch, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useBarcodeBatch } from '../api/get-barcode-batch';
import { Code128 } from '../components/code128';

/** When printing, only the labels: the app's header, navbar and this page's controls are hidden. */
const printCss = `@media print {
  .mantine-AppShell-header, .mantine-AppShell-navbar, [data-print="hide"] { display: none !important; }
  .mantine-AppShell-main { padding: 0 !important; min-height: 0 !important; }
  [data-print="label"] { break-inside: avoid; border: 1px dashed #999 !important; box-shadow: none !important; }
}`;

export function BarcodeLabelsRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = Number(useParams().id);
  const batch = useBarcodeBatch(id);
  const [onlyFree, setOnlyFree] = useState(false);

  if (!Number.isInteger(id) || id <= 0 || batch.isError) {
    return (
      <RedirectWithToast
        to={paths.barcodes.list}
        message={t('barcodes.loadFailed')}
        missing={isMissingRecord(id, batch.error)}
      />
    );
  }
  if (!batch.data) return <SectionLoader />;
  const codes = batch.data.codes.filter((c) => !onlyFree || c.free);

  return (
    <>
      <style>{printCss}</style>
      <div data-print="hide">
        <PageHeader
          title={t('barcodes.labelsTitle', { id: batch.data.id })}
          description={t('barcodes.labelsDescription', {
            count: batch.data.count,
            date: formatDateTime(batch.data.createdAt, locale),
          })}
          breadcrumbs={[
            { label: t('nav.groups.administration') },
            { label: t('barcodes.title'), to: paths.barcodes.list },
            { label: `#${batch.data.id}` },
          ]}
          actions={
            <>
              <Switch
                label={t('barcodes.onlyFree')}
                checked={onlyFree}
                onChange={(e) => setOnlyFree(e.currentTarget.checked)}
                data-testid="barcode-labels-only-free"
              />
              <Button
                leftSection={<IconPrinter size={18} />}
                onClick={() => window.print()}
                data-testid="barcode-labels-print"
              >
                {t('barcodes.print')}
              </Button>
            </>
          }
        />
      </div>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm" data-testid="barcode-labels">
        {codes.map((c) => (
          <Paper
            key={c.code}
            withBorder
            p="sm"
            radius="sm"
            ta="center"
            data-print="label"
            data-testid="barcode-label"
            data-code={c.code}
          >
            <Code128 value={c.code} />
            {!c.free && (
              <Text fz="xs" c="dimmed" data-print="hide">
                {t('barcodes.assigned')}
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
    </>
  );
}

export const Component = BarcodeLabelsRoute;
