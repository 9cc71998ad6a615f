import {
  type Product,
  type PublicationOpenPoint,
  publicationOpenPointsOf,
} from '@genodesk/contract/products';
import { Alert, Button, Checkbox, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/use-locale';
import { localizedText } from './risk';

export type PublishAction = 'publish' | 'preliminary';

/** The open points the server would refuse publication for, with the editor's current introduction. */
const openPointsOf = (product: Product, doctorIntro: string): PublicationOpenPoint[] =>
  publicationOpenPointsOf({
    requiresInspection: product.requiresInspection,
    notAssessedCount: product.notAssessed.length,
    doctorIntro,
  });

interface PublishModalProps {
  action: PublishAction | null;
  product: Product;
  doctorIntro: string;
  submitting: boolean;
  onClose: () => void;
  onConfirm: (confirmations: PublicationOpenPoint[]) => void;
}

/**
 * Publishing, or publishing preliminarily: the customer is e-mailed; each open point (inspection,
 * unassessed phenotypes, an empty introduction) must be confirmed one by one before the button allows it.
 */
export function PublishModal({
  action,
  product,
  doctorIntro,
  submitting,
  onClose,
  onConfirm,
}: PublishModalProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const points = openPointsOf(product, doctorIntro);
  const [confirmed, setConfirmed] = useState<PublicationOpenPoint[]>([]);
  useEffect(() => {
    if (action) setConfirmed([]);
  }, [action]);
  const allConfirmed = points.every((point) => confirmed.includes(point));
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
                      label={t(`products.openPoints.${point}`, { count: product.notAssessed.length })}
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
                  </Stack>
                ))}
              </Stack>
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-testid={`product-${action}-cancel`}>
              {t('common.cancel')}
            </Button>
            <Button
              color={action === 'publish' ? 'green' : 'teal'}
              disabled={!allConfirmed}
              loading={submitting}
              onClick={() => onConfirm(points)}
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
