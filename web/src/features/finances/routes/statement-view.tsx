import type { BankStatementLine } from '@genodesk/contract/finances';
import { Permissions } from '@genodesk/contract/permissions';
import {
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { DetailItem } from '@/features/templates/components/detail-item';
import { isApiError } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useStatement } from '../api/get-statement';
import { useMatchStatementLine } from '../api/match-statement-line';
import { money } from '../components/format';
import { StatementOutcomeBadge } from '../components/statement-outcome-badge';

type Shown = 'unmatched' | 'all';

/** Pairs an unpaired credit with the order it pays, by the order's number. */
function MatchLineModal({ line, onClose }: { line: BankStatementLine | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { locale, tm } = useLocale();
  const match = useMatchStatementLine();
  const form = useForm<{ orderNumber: number | string }>({ initialValues: { orderNumber: '' } });
  const close = () => {
    form.reset();
    match.reset();
    onClose();
  };
  const submit = form.onSubmit(({ orderNumber }) => {
    if (!line) return;
    const number = Number(orderNumber);
    if (!Number.isInteger(number) || number <= 0) {
      form.setFieldError('orderNumber', tm('required'));
      return;
    }
    match.mutate(
      { lineId: line.id, orderNumber: number },
      {
        onSuccess: () => {
          notifySuccess(t('finances.statements.matched', { number }));
          close();
        },
        onError: (error) =>
          form.setFieldError(
            'orderNumber',
            isApiError(error)
              ? (error.fields.OrderNumber ?? error.message)
              : t('finances.statements.matchFailed'),
          ),
      },
    );
  });
  return (
    <Modal opened={line !== null} onClose={close} title={t('finances.statements.matchTitle')} centered>
      {line && (
        <form onSubmit={submit} noValidate data-testid="statement-match-form">
          <Stack gap="md">
            <Text fz="sm">
              {t('finances.statements.matchHint', {
                amount: money(line, locale),
                name: line.counterName || line.counterAccount,
                symbol: line.variableSymbol || '—',
              })}
            </Text>
            <NumberInput
              label={t('finances.statements.matchOrderNumber')}
              allowDecimal={false}
              allowNegative={false}
              hideControls
              withAsterisk
              data-autofocus
              data-testid="statement-match-order"
              {...form.getInputProps('orderNumber')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={match.isPending} data-testid="statement-match-submit">
                {t('finances.statements.matchSubmit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** One imported statement: what it paid and every line that paid nothing, with the reason. */
export function StatementViewRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = Number(useParams().id);
  const statement = useStatement(id);
  const canViewOrders = useCan(Permissions.OrdersView);
  const canMatch = useCan(Permissions.UnpaidCustomersView);
  const [shown, setShown] = useState<Shown>('all');
  const [matching, setMatching] = useState<BankStatementLine | null>(null);

  if (!Number.isInteger(id) || id <= 0 || statement.isError) {
    return (
      <RedirectWithToast
        to={paths.statements.list}
        message={t('finances.statements.loadFailed')}
        missing={isMissingRecord(id, statement.error)}
      />
    );
  }
  if (!statement.data) return <SectionLoader />;
  const s = statement.data;
  const lines = shown === 'all' ? s.items : s.items.filter((line) => line.outcome !== 'matched');

  return (
    <>
      <PageHeader
        title={<span data-testid="statement-title">{s.fileName}</span>}
        description={t('finances.statements.viewDescription')}
        breadcrumbs={[
          { label: t('nav.groups.finances') },
          { label: t('finances.statements.title'), to: paths.statements.list },
          { label: s.fileName },
        ]}
      />
      <Card withBorder radius="md" p="xl" mb="lg">
        <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }} spacing="lg">
          <DetailItem label={t('finances.statements.fields.account')}>{s.account}</DetailItem>
          <DetailItem label={t('finances.statements.fields.statementDate')}>
            {formatDate(s.statementDate, locale)}
          </DetailItem>
          <DetailItem label={t('finances.statements.fields.lines')}>{s.lines}</DetailItem>
          <DetailItem label={t('finances.statements.fields.matched')} testId="statement-matched">
            {s.matched}
          </DetailItem>
          <DetailItem label={t('finances.statements.fields.unmatched')} testId="statement-unmatched">
            {s.unmatched}
          </DetailItem>
          <DetailItem label={t('finances.statements.fields.importedAt')}>
            {formatDateTime(s.importedAt, locale)}
            {s.importedBy && (
              <Text fz="xs" c="dimmed">
                {s.importedBy.userName}
              </Text>
            )}
          </DetailItem>
        </SimpleGrid>
      </Card>
      <SegmentedControl
        mb="md"
        value={shown}
        onChange={(value) => setShown(value as Shown)}
        data={[
          { value: 'all', label: t('finances.statements.showAll') },
          { value: 'unmatched', label: t('finances.statements.showUnmatched') },
        ]}
        data-testid="statement-lines-filter"
      />
      <Card withBorder radius="md" p={0}>
        <ScrollArea>
          <Table miw={820} fz="sm" verticalSpacing="sm" highlightOnHover data-testid="statement-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('finances.statements.fields.line')}</Table.Th>
                <Table.Th>{t('finances.statements.fields.valueDate')}</Table.Th>
                <Table.Th>{t('finances.statements.fields.counterparty')}</Table.Th>
                <Table.Th>{t('finances.statements.fields.variableSymbol')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('finances.statements.fields.amount')}</Table.Th>
                <Table.Th>{t('finances.statements.fields.outcome')}</Table.Th>
                <Table.Th>{t('finances.statements.fields.order')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text c="dimmed" fz="sm" ta="center" py="md">
                      {t('finances.statements.noLines')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {lines.map((line) => (
                <Table.Tr key={line.id} data-testid="statement-line">
                  <Table.Td>{line.line}</Table.Td>
                  <Table.Td>{formatDate(line.valueDate, locale)}</Table.Td>
                  <Table.Td>
                    <Text fz="sm">{line.counterName || '—'}</Text>
                    <Text fz="xs" c="dimmed" ff="monospace">
                      {line.counterAccount}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text ff="monospace" fz="sm">
                      {line.variableSymbol || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                    <Text fz="sm" c={line.credit ? undefined : 'red.7'}>
                      {line.credit ? '' : '−'}
                      {money(line, locale)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatementOutcomeBadge outcome={line.outcome} />
                  </Table.Td>
                  <Table.Td>
                    {line.orderId && line.orderNumber ? (
                      canViewOrders ? (
                        <Anchor component={Link} to={paths.orders.view(line.orderId)} fz="sm">
                          {t('finances.statements.orderNumber', { number: line.orderNumber })}
                        </Anchor>
                      ) : (
                        t('finances.statements.orderNumber', { number: line.orderNumber })
                      )
                    ) : line.credit && line.outcome !== 'matched' && canMatch ? (
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconLink size={14} />}
                        onClick={() => setMatching(line)}
                        data-testid="statement-line-match"
                      >
                        {t('finances.statements.match')}
                      </Button>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Card>
      <MatchLineModal line={matching} onClose={() => setMatching(null)} />
    </>
  );
}

export const Component = StatementViewRoute;
