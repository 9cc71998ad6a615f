import { Alert, Badge, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionLoader } from '@/components/full-page-loader';
import { formatDate } from '@/lib/format';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useAcceptRelationship } from '../api/accept-relationship';
import { useRelationship } from '../api/get-relationship';
import { RelationshipStatusBadge } from './relationship-status-badge';

/** A partner request: who asked for whom, and the candidates staff choose the partner from. */
export function AcceptRelationshipModal({
  customerId,
  canEdit,
  onClose,
}: {
  customerId: number | null;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const detail = useRelationship(customerId);
  const accept = useAcceptRelationship();
  const [partnerId, setPartnerId] = useState<string | null>(null);
  const r = detail.data;

  const close = () => {
    setPartnerId(null);
    onClose();
  };

  return (
    <Modal
      opened={customerId !== null}
      onClose={close}
      title={t('relationships.detailTitle')}
      size="lg"
      centered
    >
      {!r ? (
        <SectionLoader />
      ) : (
        <Stack gap="md" data-testid="relationship-detail">
          <Group justify="space-between">
            <div>
              <Text fw={600}>{r.customerFullName}</Text>
              <Text fz="sm" c="dimmed">
                {r.customerEmail}
              </Text>
            </div>
            <RelationshipStatusBadge status={r.status} />
          </Group>
          <div>
            <Text fz="xs" tt="uppercase" fw={600} c="dimmed">
              {t('relationships.requested')}
            </Text>
            <Text fz="sm">
              {[r.requestedPartnerFullName, r.requestedPartnerEmail].filter(Boolean).join(' · ') || '—'}
            </Text>
          </div>
          {r.infoText && (
            <Alert variant="light" color="blue">
              {r.infoText}
            </Alert>
          )}
          {r.status === 'ACCEPTED' ? (
            <Text fz="sm">
              {t('relationships.linkedTo', { name: r.partnerFullName ?? '—', email: r.partnerEmail ?? '' })}
            </Text>
          ) : r.partnerCandidates.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {t('relationships.noCandidates')}
            </Text>
          ) : (
            <Radio.Group
              label={t('relationships.choosePartner')}
              value={partnerId}
              onChange={setPartnerId}
              data-testid="relationship-candidates"
            >
              <Stack gap="xs" mt="xs">
                {r.partnerCandidates.map((c) => (
                  <Radio
                    key={c.id}
                    value={String(c.id)}
                    disabled={!canEdit}
                    data-testid={`relationship-candidate-${c.id}`}
                    label={
                      <Group gap="xs">
                        <Text fz="sm" fw={600}>
                          {c.fullName}
                        </Text>
                        <Text fz="sm" c="dimmed">
                          {c.email}
                        </Text>
                        <Text fz="xs" c="dimmed">
                          {formatDate(c.dateOfBirth, locale)}
                        </Text>
                        {c.matchedBy.map((m) => (
                          <Badge key={m} size="xs" variant="outline" tt="none">
                            {t(`relationships.matchedBy.${m}`)}
                          </Badge>
                        ))}
                      </Group>
                    }
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.close')}
            </Button>
            {canEdit && r.status !== 'ACCEPTED' && r.partnerCandidates.length > 0 && (
              <Button
                disabled={!partnerId}
                loading={accept.isPending}
                data-testid="relationship-accept"
                onClick={() =>
                  accept.mutate(
                    { customerId: r.customerId, partnerId: Number(partnerId) },
                    {
                      onSuccess: () => {
                        notifySuccess(t('relationships.accepted'));
                        close();
                      },
                      onError: (error) => notifyApiError(error, '', t('relationships.acceptFailed')),
                    },
                  )
                }
              >
                {t('relationships.accept')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
