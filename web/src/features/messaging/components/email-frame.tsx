import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * An e-mail's HTML as a recipient's mail client shows it: in a sandboxed frame without scripts,
 * forms or same-origin rights, so nothing in a message can reach the app, and the message's own
 * styles cannot leak into the page.
 */
export function EmailFrame({
  html,
  testId,
  height = 420,
}: {
  html: string;
  testId?: string;
  height?: number;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="iframe"
      sandbox=""
      srcDoc={html}
      title={t('messaging.email.previewFrame')}
      data-testid={testId}
      w="100%"
      h={height}
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    />
  );
}
