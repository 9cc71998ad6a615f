import { Badge, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A/T or C/G: said in words, not by colour alone. */
export function StrandAmbiguousBadge({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('markers.strandAmbiguousHint')} multiline w={280}>
      <Badge
        color="orange"
        variant="light"
        radius="sm"
        tt="none"
        leftSection={<IconAlertTriangle size={12} aria-hidden />}
        miw="max-content"
        data-testid={testId}
      >
        {t('markers.strandAmbiguous')}
      </Badge>
    </Tooltip>
  );
}
