import { Text, Typography } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isEmptyRichText } from './media-url';

/**
 * Rich text from the server, shown as HTML. The API sanitises every rich text before storing it
 * (api/src/modules/templates/rich-text.ts), so what arrives here is already safe to render.
 */
export function RichTextView({ html, testId }: { html: string | null | undefined; testId?: string }) {
  const { t } = useTranslation();
  if (isEmptyRichText(html)) {
    return (
      <Text c="dimmed" fz="sm" fs="italic" data-testid={testId}>
        {t('richText.empty')}
      </Text>
    );
  }
  return (
    <Typography className="gd-rich-text" data-testid={testId}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises rich text before storing it */}
      <div dangerouslySetInnerHTML={{ __html: html ?? '' }} />
    </Typography>
  );
}
