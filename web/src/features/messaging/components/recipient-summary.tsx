import type { RecipientPreview } from '@genodesk/contract/messaging';
import { Alert, Badge, Group, Loader, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The count a filter reaches and its first recipients; says so when it reaches nobody. */
export function RecipientSummary({
  preview,
  loading,
  failed,
}: {
  preview: RecipientPreview | undefined;
  loading: boolean;
  failed: boolean;
}) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />}>
        {t('messaging.email.countFailed')}
      </Alert>
    );
  }
  if (!preview) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text fz="sm" c="dimmed">
          {t('messaging.email.counting')}
        </Text>
      </Group>
    );
  }
  if (preview.count === 0) {
    return (
      <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="email-nobody">
        {t('messaging.email.nobody')}
      </Alert>
    );
  }
  const more = preview.count - preview.recipients.length;
  return (
    <div>
      <Group gap="xs" mb="xs">
        <IconUsers size={18} />
        <Text fw={600} data-testid="email-recipient-count" data-count={preview.count}>
          {/* A number, so the noun agrees with it; the text formats it for the language. */}
          {t('messaging.email.count', { count: preview.count })}
        </Text>
        {loading && <Loader size="xs" />}
      </Group>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
        {t('messaging.email.firstRecipients')}
      </Text>
      <Table fz="sm" verticalSpacing={4} data-testid="email-recipients">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('messaging.email.recipient.name')}</Table.Th>
            <Table.Th>{t('messaging.email.recipient.email')}</Table.Th>
            <Table.Th>{t('messaging.email.recipient.language')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.recipients.map((r) => (
            <Table.Tr key={r.id} data-testid="email-recipient-row">
              <Table.Td>{r.fullName}</Table.Td>
              <Table.Td>{r.email}</Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={r.language === 'en' ? 'grape' : 'blue'}>
                  {t(`language.short.${r.language}`)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {more > 0 && (
        <Text fz="xs" c="dimmed" mt={4}>
          {t('messaging.email.andMore', { count: more })}
        </Text>
      )}
    </div>
  );
}
