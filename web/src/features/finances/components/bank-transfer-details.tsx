import type { Payment } from '@genodesk/contract/finances';
import { ActionIcon, CopyButton, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailItem } from '@/features/templates/components/detail-item';
import { useLocale } from '@/lib/use-locale';
import { money } from './format';
import { QrPlatba } from './qr-platba';

function Copyable({ value, children }: { value: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      {children}
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('common.copied') : t('common.copy')}>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              size="sm"
              onClick={copy}
              aria-label={t('common.copy')}
            >
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/** What the customer needs to pay by transfer (DOMAIN §4): account, IBAN, amount, variable symbol, QR Platba. */
export function BankTransferDetails({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <Group align="flex-start" gap="xl" wrap="wrap" data-testid="bank-transfer-details">
      <Stack gap="md" style={{ flex: 1, minWidth: 240 }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <DetailItem label={t('finances.bankTransfer.account')} testId="bank-transfer-account">
            {payment.account ? <Copyable value={payment.account}>{payment.account}</Copyable> : '—'}
          </DetailItem>
          <DetailItem label={t('finances.bankTransfer.iban')} testId="bank-transfer-iban">
            {payment.iban ? (
              <Copyable value={payment.iban}>
                <Text ff="monospace" fz="sm">
                  {payment.iban.replace(/(.{4})/g, '$1 ').trim()}
                </Text>
              </Copyable>
            ) : (
              '—'
            )}
          </DetailItem>
          <DetailItem label={t('finances.bankTransfer.amount')} testId="bank-transfer-amount">
            <Text fw={700} fz="sm">
              {money(payment, locale)}
            </Text>
          </DetailItem>
          <DetailItem label={t('finances.bankTransfer.variableSymbol')} testId="bank-transfer-vs">
            {payment.variableSymbol ? (
              <Copyable value={payment.variableSymbol}>
                <Text ff="monospace" fz="sm" fw={700}>
                  {payment.variableSymbol}
                </Text>
              </Copyable>
            ) : (
              '—'
            )}
          </DetailItem>
        </SimpleGrid>
        <Text fz="xs" c="dimmed">
          {payment.completed ? t('finances.bankTransfer.paid') : t('finances.bankTransfer.hint')}
        </Text>
      </Stack>
      {/* A paid transfer shows no code to scan: it would invite a second payment. */}
      {payment.completed ? null : payment.spayd ? (
        <QrPlatba spayd={payment.spayd} />
      ) : (
        <Text fz="sm" c="dimmed" data-testid="qr-platba-missing">
          {t('finances.bankTransfer.noQr')}
        </Text>
      )}
    </Group>
  );
}
