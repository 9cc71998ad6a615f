import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';

/** How many codes the warning names before "and N more": a chip's file may bring thousands. */
export const unknownCodesShown = 20;

/** The gene codes of an upload that neither the catalogue nor the marker map knows, and on how many rows. */
export function UnknownGenes({ codes, rows }: { codes: string[]; rows: number }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [all, setAll] = useState(false);
  const hidden = all ? 0 : Math.max(0, codes.length - unknownCodesShown);
  const named = (hidden > 0 ? codes.slice(0, unknownCodesShown) : codes).join(', ');
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t('results.unknownGenes.title')}
      data-testid="result-unknown-genes"
    >
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {t('results.unknownGenes.text', {
          count: rows,
          rows: formatNumber(rows, locale),
          codes:
            hidden > 0
              ? `${named} ${t('results.unknownGenes.more', { count: hidden, more: formatNumber(hidden, locale) })}`
              : named,
        })}
      </Text>
      {codes.length > unknownCodesShown && (
        <Anchor
          component="button"
          type="button"
          fz="sm"
          onClick={() => setAll((shown) => !shown)}
          aria-expanded={all}
          data-testid="result-unknown-genes-toggle"
        >
          {all
            ? t('results.unknownGenes.showFewer')
            : t('results.unknownGenes.showAll', { total: formatNumber(codes.length, locale) })}
        </Anchor>
      )}
    </Alert>
  );
}
