import { ProductStatus } from '@genodesk/contract/enums';
import { noCallReasonLabels } from '@genodesk/contract/genotypes';
import {
  issuesNewPdfVersion,
  type Product,
  type PublicationOpenPoint,
  publicationOpenPointsOf,
} from '@genodesk/contract/products';
import { Alert, Button, Checkbox, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconFileCertificate } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/use-locale';
import { useReportDocuments } from '../api/get-report-documents';
import { localizedText } from './risk';

/** The longest reason the API takes (`Reason` of the edit request). */
export const maxReasonLength = 500;

export type PublishAction = 'publish' | 'preliminary';

/** The open points the server would refuse publication for, with the editor's current introduction. */
const openPointsOf = (product: Product, doctorIntro: string): PublicationOpenPoint[] =>
  publicationOpenPointsOf({
    requiresInspection: product.requiresInspection,
    notAssessedCount: product.notAssessed.length,
    notDeterminedCount: product.notDetermined.length,
    doctorIntro,
  });

interface PublishModalProps {
  action: PublishAction | null;
  product: Product;
  doctorIntro: string;
  /** The editor's texts differ from the saved ones. */
  textsChanged: boolean;
  submitting: boolean;
  /** The server's refusal of the reason (422 `reportReasonRequired` on `Reason`, or too long). */
  reasonError?: string;
  onClose: () => void;
  onConfirm: (confirmations: PublicationOpenPoint[], reason: string | undefined) => void;
}

/**
 * Publishing, or publishing preliminarily: the customer is e-mailed; each open point (inspection,
 * unassessed phenotypes, phenotypes not determined — the report states them so and advises a retest —,
 * an empty introduction) must be confirmed one by one before the button allows it.
 * A report already issued as a PDF is issued again as the next version, which needs a reason (printed
 * on it: "version N+1 replaces version N: …").
 */
export function PublishModal({
  action,
  product,
  doctorIntro,
  textsChanged,
  submitting,
  reasonError,
  onClose,
  onConfirm,
}: PublishModalProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  // A final report makes no promises (issue 35): phenotypes not assessed or not determined are
  // assessed or withheld on the report screen, never confirmed here; only a preliminary one carries them.
  const allPoints = openPointsOf(product, doctorIntro);
  const finalBlocked =
    action === 'publish' && (allPoints.includes('notAssessed') || allPoints.includes('notDetermined'));
  const points =
    action === 'publish' ? allPoints.filter((p) => p !== 'notAssessed' && p !== 'notDetermined') : allPoints;
  const [confirmed, setConfirmed] = useState<PublicationOpenPoint[]>([]);
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  // The server's refusal is shown until the reason is edited.
  const [serverError, setServerError] = useState(reasonError);
  useEffect(() => setServerError(reasonError), [reasonError]);
  const documents = useReportDocuments(product.id);
  const latest = documents.data?.[0];
  // The API's own rule (contract): the status changes, the edit changes something printed (texts,
  // the inspection confirmed), or the report changed since the version was issued. The API has the
  // last word (422 `reportReasonRequired`).
  const reissue =
    action !== null &&
    latest !== undefined &&
    issuesNewPdfVersion({
      issuedAt: latest.createdAt,
      statusChanges:
        product.status !==
        (action === 'publish' ? ProductStatus.Published : ProductStatus.PreliminarilyPublished),
      editChanges: textsChanged || points.includes('inspection'),
      lastChangeAt: product.lastChangeAt,
    });
  // The server asking for a reason shows the field even when the versions could not be read.
  const needsReason = reissue || reasonError !== undefined;
  const refetchDocuments = documents.refetch;
  useEffect(() => {
    if (action) {
      setConfirmed([]);
      setReason('');
      setReasonMissing(false);
      // Someone may have published meanwhile: whether a reason is needed is asked again.
      void refetchDocuments();
    }
  }, [action, refetchDocuments]);
  const allConfirmed = points.every((point) => confirmed.includes(point));
  // Until the versions are read it is not known whether a reason is needed (a failed read lets the server say).
  const versionsUnknown = documents.isPending && reasonError === undefined;
  const confirm = () => {
    const given = reason.trim();
    if (needsReason && !given) {
      setReasonMissing(true);
      return;
    }
    onConfirm(points, needsReason ? given : undefined);
  };
  const toggle = (point: PublicationOpenPoint) =>
    setConfirmed((prev) => (prev.includes(point) ? prev.filter((p) => p !== point) : [...prev, point]));

  return (
    <Modal
      opened={action !== null}
      onClose={onClose}
      centered
      size="lg"
      title={action ? t(`products.editor.confirm.${action}.title`) : ''}
    >
      {action && (
        <Stack gap="md">
          <Text fz="sm">
            {t(`products.editor.confirm.${action}.message`, { email: product.assignedCustomer.email })}
          </Text>
          {finalBlocked && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              data-testid="product-final-blocked"
            >
              {t('products.openPoints.finalBlocked')}
            </Alert>
          )}
          {points.length > 0 && (
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title={t('products.openPoints.title')}
              data-testid="product-open-points"
            >
              <Stack gap="sm">
                {points.map((point) => (
                  <Stack key={point} gap={4}>
                    <Checkbox
                      label={t(`products.openPoints.${point}`, {
                        count:
                          point === 'notDetermined'
                            ? product.notDetermined.length
                            : product.notAssessed.length,
                      })}
                      checked={confirmed.includes(point)}
                      onChange={() => toggle(point)}
                      data-testid={`product-open-point-${point}`}
                    />
                    {point === 'notAssessed' && (
                      <List size="sm" ml={34} data-testid="product-open-point-phenotypes">
                        {product.notAssessed.map((phenotype) => (
                          <List.Item key={phenotype.geneCombinationId}>
                            {localizedText(phenotype.phenotype, phenotype.phenotypeEn, locale)}
                          </List.Item>
                        ))}
                      </List>
                    )}
                    {point === 'notDetermined' && (
                      <List size="sm" ml={34} data-testid="product-open-point-not-determined">
                        {product.notDetermined.map((phenotype) => (
                          <List.Item key={phenotype.geneCombinationId}>
                            {`${localizedText(phenotype.phenotype, phenotype.phenotypeEn, locale)} (${phenotype.genes
                              .map((gene) => `${gene.code}: ${noCallReasonLabels[gene.noCallReason][locale]}`)
                              .join('; ')})`}
                          </List.Item>
                        ))}
                      </List>
                    )}
                  </Stack>
                ))}
              </Stack>
            </Alert>
          )}
          {needsReason && (
            <Stack gap="xs" data-testid="product-publish-reissue">
              <Alert
                color="blue"
                variant="light"
                icon={<IconFileCertificate size={18} />}
                data-testid="product-publish-next-version"
              >
                {latest
                  ? t('products.editor.reason.explanation', {
                      current: latest.version,
                      next: latest.version + 1,
                    })
                  : t('products.editor.reason.explanationUnknown')}
              </Alert>
              <Textarea
                label={t('products.editor.reason.label')}
                description={t('products.editor.reason.description')}
                required
                autosize
                minRows={2}
                maxRows={6}
                maxLength={maxReasonLength}
                value={reason}
                onChange={(event) => {
                  setReason(event.currentTarget.value);
                  setReasonMissing(false);
                  setServerError(undefined);
                }}
                error={reasonMissing ? t('products.editor.reason.required') : serverError}
                data-testid="product-publish-reason"
              />
            </Stack>
          )}
          {latest && !needsReason && (
            <Text fz="sm" c="dimmed" data-testid="product-publish-same-version">
              {t('products.editor.reason.unchanged', { current: latest.version })}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-testid={`product-${action}-cancel`}>
              {t('common.cancel')}
            </Button>
            <Button
              color={action === 'publish' ? 'green' : 'teal'}
              disabled={!allConfirmed || versionsUnknown || finalBlocked}
              loading={submitting}
              onClick={confirm}
              data-testid={`product-${action}-confirm`}
            >
              {t(`products.editor.actions.${action}`)}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
