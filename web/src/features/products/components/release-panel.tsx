import { ProductStatus } from '@genodesk/contract/enums';
import { Permissions } from '@genodesk/contract/permissions';
import type { Product } from '@genodesk/contract/products';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  Modal,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCertificate, IconEye, IconEyeOff, IconPencil } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan, useCurrentUser } from '@/features/auth/api/get-current-user';
import { useQualifiedAct } from '@/features/auth/api/qualification';
import { QualificationHint } from '@/features/auth/components/qualification-hint';
import { isApiError } from '@/lib/api-client';
import { formatDateTime, genderContext } from '@/lib/format';
import { notifyApiError, notifySuccess, productNoticeId } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useEditProduct } from '../api/edit-product';
import { useValidateProduct, useWithholdPhenotype } from '../api/release';
import { localizedText } from './risk';

/** A call rate as a percentage with one decimal (0.9875 → "98.8 %"). */
export const percent = (rate: number, locale: string) =>
  `${(rate * 100).toLocaleString(locale === 'cs' ? 'cs-CZ' : 'en-GB', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  })} %`;

/**
 * What still keeps the report from a medical sign-off, as the server's rules say (issue 35), and what
 * keeps the customer from being invited to a consultation: the same consent rule, a step of its own
 * on the server, and nothing else of the release. The server has the last word and its refusal is
 * shown when it differs.
 */
export function releaseBlockers(product: Product, userId: number | undefined) {
  const { release } = product;
  const both: string[] = [];
  if (!release.hasValidDnaConsent) both.push('consent');
  // The report names the person by name and date of birth: without the second, no publication.
  if (!product.assignedCustomer.dateOfBirth) both.push('dateOfBirth');
  if (!product.technicalValidation) both.push('validation');
  else if (release.fourEyes && product.technicalValidation.by?.id === userId) both.push('fourEyes');
  if (release.consultationRequired.length > 0 && !release.consultationHeld) both.push('consultation');
  const final = [...both];
  if (product.notAssessed.length + product.notDetermined.length > 0) final.push('openPhenotypes');
  const invitation = release.hasValidDnaConsent ? [] : ['consent'];
  return { final, preliminary: both, invitation };
}

/**
 * A blocker in words. Those naming the customer agree with their gender in Czech, as the server's
 * refusal does (`noValidDnaConsent`: "Zákaznice … nemá" of a woman).
 */
export function blockerText(t: TFunction, blocker: string, product: Product): string {
  return t(`products.release.blockers.${blocker}`, {
    context: genderContext(product.assignedCustomer.gender),
  });
}

/** Several blockers as one sentence after another. */
export const blockersText = (t: TFunction, blockers: readonly string[], product: Product) =>
  blockers.map((blocker) => blockerText(t, blocker, product)).join(' ');

type Withholdable = { geneCombinationId: number; phenotype: string; phenotypeEn: string; why: string };

/**
 * The report's release (issue 35): the customer's consent, the technical validation (with its dialog
 * for laboratory staff), what the medical sign-off still waits for, the phenotypes a physician may
 * withhold (and those withheld, with their reason), the requesting physician and indication.
 */
export function ReleasePanel({ product }: { product: Product }) {
  const { t } = useTranslation();
  // Published, or published as preliminary: who signed it off and when (the final step may remain).
  const signedOff =
    (product.status === ProductStatus.Published || product.status === ProductStatus.PreliminarilyPublished) &&
    product.publishedAt !== null;
  const { locale } = useLocale();
  const user = useCurrentUser();
  const canValidate = useCan(Permissions.ProductsValidate);
  const canSignOff = useCan(Permissions.ProductsSignOff);
  const canEdit = useCan(Permissions.ProductsEdit);
  // Validating and withholding also ask for a qualification (issue 35): a control the role offers
  // stays in place, inert, with the reason beside it.
  const validateAct = useQualifiedAct('validate');
  const withholdAct = useQualifiedAct('withhold');
  const readOnly = product.isArchived;
  const [validating, setValidating] = useState(false);
  const [withholding, setWithholding] = useState<Withholdable | null>(null);
  const [editingDetails, setEditingDetails] = useState(false);
  const withhold = useWithholdPhenotype();
  const { release, technicalValidation: validation } = product;
  const blockers = releaseBlockers(product, user?.id);
  const name = (p: { phenotype: string; phenotypeEn: string }) =>
    localizedText(p.phenotype, p.phenotypeEn, locale);

  const withholdable: Withholdable[] = [
    ...product.notAssessed.map((p) => ({ ...p, why: t('products.release.why.notAssessed') })),
    ...product.notDetermined.map((p) => ({ ...p, why: t('products.release.why.notDetermined') })),
    ...release.consultationRequired
      .filter((p) => !product.notAssessed.some((n) => n.geneCombinationId === p.geneCombinationId))
      .map((p) => ({ ...p, why: t('products.release.why.consultation') })),
  ];

  const reportAgain = (geneCombinationId: number) =>
    withhold.mutate(
      { ProductId: product.id, GeneCombinationId: geneCombinationId, Withhold: false },
      {
        onSuccess: () => notifySuccess(t('products.release.withhold.released')),
        onError: (error) =>
          notifyApiError(error, t('products.release.failed'), undefined, {
            id: productNoticeId(product.id),
          }),
      },
    );

  return (
    // Staff's own text (a validation note, a reason, the physician, the indication, a name) may be one
    // long word: it breaks anywhere rather than running out of the card (QA: a 2,000-character note).
    <Card withBorder radius="md" p="xl" style={{ overflowWrap: 'anywhere' }} data-testid="product-release">
      <Title order={4} mb="md">
        {t('products.release.title')}
      </Title>
      <Stack gap="lg">
        <Stack gap={4} data-testid="product-release-consent">
          <Text fw={600} fz="sm">
            {t('products.release.consent.title')}
          </Text>
          <Group gap="xs">
            <Badge color={release.hasValidDnaConsent ? 'green' : 'red'} variant="light" tt="none">
              {release.hasValidDnaConsent
                ? t('products.release.consent.valid')
                : t('products.release.consent.missing')}
            </Badge>
          </Group>
        </Stack>

        <Stack gap={4} data-testid="product-release-validation">
          <Group justify="space-between" wrap="wrap">
            <Text fw={600} fz="sm">
              {t('products.release.validation.title')}
            </Text>
            {canValidate && !readOnly && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconCertificate size={14} />}
                onClick={() => validateAct.allowed && setValidating(true)}
                data-testid="product-validate"
                {...validateAct.controlProps}
              >
                {validation ? t('products.release.validation.again') : t('products.release.validation.open')}
              </Button>
            )}
          </Group>
          {canValidate && !readOnly && (
            <QualificationHint state={validateAct} testId="product-validate-qualification" />
          )}
          {validation ? (
            <Text fz="sm" data-testid="product-validation-record">
              {t('products.release.validation.record', {
                by: validation.by?.userName ?? '—',
                at: formatDateTime(validation.at, locale),
                callRate: percent(validation.callRate, locale),
                noCalls: validation.noCalls,
              })}
              {validation.note ? ` ${t('products.release.validation.note', { note: validation.note })}` : ''}
            </Text>
          ) : (
            <Text fz="sm" c="orange.9" data-testid="product-validation-missing">
              {t('products.release.validation.missing')}
            </Text>
          )}
          <Text fz="xs" c="dimmed">
            {t('products.release.validation.markers', {
              tested: release.testedMarkers,
              noCalls: release.noCalls,
              callRate: percent(release.callRate, locale),
            })}
          </Text>
        </Stack>

        <Stack gap={4} data-testid="product-release-signoff">
          <Text fw={600} fz="sm">
            {t('products.release.signOff.title')}
          </Text>
          {signedOff && (
            <Text fz="sm" c="green.9" data-testid="product-signed-off">
              {t(
                product.status === ProductStatus.Published
                  ? 'products.release.signOff.published'
                  : 'products.release.signOff.preliminaryPublished',
                { doctor: product.doctor?.userName ?? '—', at: formatDateTime(product.publishedAt, locale) },
              )}
            </Text>
          )}
          {product.status === ProductStatus.Published ? null : blockers.preliminary.length === 0 &&
            blockers.final.length === 0 ? (
            <Text fz="sm" c="green.9" data-testid="product-signoff-ready">
              {t('products.release.signOff.ready')}
            </Text>
          ) : (
            <List size="sm" data-testid="product-signoff-blockers">
              {blockers.final.map((blocker) => (
                <List.Item key={blocker}>{blockerText(t, blocker, product)}</List.Item>
              ))}
            </List>
          )}
          {release.fourEyes && (
            <Text fz="xs" c="dimmed">
              {t('products.release.signOff.fourEyes')}
            </Text>
          )}
          {release.consultationRequired.length > 0 && (
            <Text fz="sm" data-testid="product-consultation">
              {release.consultationHeld
                ? t('products.release.consultation.held')
                : t('products.release.consultation.needed', {
                    phenotypes: release.consultationRequired.map(name).join(', '),
                  })}
            </Text>
          )}
        </Stack>

        {(withholdable.length > 0 || release.withheld.length > 0) && (
          <Stack gap="xs" data-testid="product-withholdable">
            <Text fw={600} fz="sm">
              {t('products.release.withhold.title')}
            </Text>
            {canSignOff && !readOnly && (
              <QualificationHint state={withholdAct} testId="product-withhold-qualification" />
            )}
            {withholdable.map((p) => (
              <Group key={`open-${p.geneCombinationId}`} justify="space-between" wrap="wrap" gap="xs">
                <Text fz="sm">
                  {name(p)}{' '}
                  <Text span c="dimmed" fz="xs">
                    ({p.why})
                  </Text>
                </Text>
                {canSignOff && !readOnly && (
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconEyeOff size={14} />}
                    onClick={() => withholdAct.allowed && setWithholding(p)}
                    data-testid={`product-withhold-${p.geneCombinationId}`}
                    {...withholdAct.controlProps}
                    aria-label={t('products.release.withhold.actionFor', { phenotype: name(p) })}
                  >
                    {t('products.release.withhold.action')}
                  </Button>
                )}
              </Group>
            ))}
            {release.withheld.map((p) => (
              <Group
                key={`withheld-${p.geneCombinationId}`}
                justify="space-between"
                wrap="wrap"
                gap="xs"
                data-testid={`product-withheld-${p.geneCombinationId}`}
              >
                <Stack gap={0}>
                  <Group gap="xs">
                    <Badge color="gray" variant="light" tt="none">
                      {t('products.release.withhold.badge')}
                    </Badge>
                    <Text fz="sm">{name(p)}</Text>
                  </Group>
                  <Text fz="xs" c="dimmed">
                    {t('products.release.withhold.reasonBy', {
                      reason: p.reason,
                      by: p.by.userName,
                      at: formatDateTime(p.at, locale),
                    })}
                  </Text>
                </Stack>
                {canSignOff && !readOnly && (
                  <Button
                    size="xs"
                    variant="subtle"
                    leftSection={<IconEye size={14} />}
                    loading={withhold.isPending}
                    onClick={() => withholdAct.allowed && reportAgain(p.geneCombinationId)}
                    data-testid={`product-unwithhold-${p.geneCombinationId}`}
                    {...withholdAct.controlProps}
                    aria-label={t('products.release.withhold.reportFor', { phenotype: name(p) })}
                  >
                    {t('products.release.withhold.report')}
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        )}

        <Stack gap={4} data-testid="product-request">
          <Group justify="space-between" wrap="wrap">
            <Text fw={600} fz="sm">
              {t('products.release.request.title')}
            </Text>
            {canEdit && !readOnly && (
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconPencil size={14} />}
                onClick={() => setEditingDetails(true)}
                data-testid="product-request-edit"
              >
                {t('common.edit')}
              </Button>
            )}
          </Group>
          <Text fz="sm" data-testid="product-requesting-physician">
            {t('products.release.request.physician')}: {product.requestingPhysician ?? '—'}
          </Text>
          <Text fz="sm" data-testid="product-indication">
            {t('products.release.request.indication')}: {product.indication ?? '—'}
          </Text>
        </Stack>
      </Stack>
      <ValidateModal product={product} opened={validating} onClose={() => setValidating(false)} />
      <WithholdModal product={product} phenotype={withholding} onClose={() => setWithholding(null)} />
      <RequestModal product={product} opened={editingDetails} onClose={() => setEditingDetails(false)} />
    </Card>
  );
}

function ValidateModal({
  product,
  opened,
  onClose,
}: {
  product: Product;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const validate = useValidateProduct();
  const [controls, setControls] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = () => {
    if (!controls) {
      setError(t('products.release.validation.controlsRequired'));
      return;
    }
    validate.mutate(
      { ProductId: product.id, ControlsPassed: true, Note: note.trim() || undefined },
      {
        onSuccess: () => {
          notifySuccess(t('products.release.validation.done'));
          setControls(false);
          setNote('');
          onClose();
        },
        onError: (e) =>
          notifyApiError(e, t('products.release.failed'), undefined, {
            id: productNoticeId(product.id),
          }),
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} centered title={t('products.release.validation.dialogTitle')}>
      <Stack gap="md">
        <Text fz="sm">
          {t('products.release.validation.markers', {
            tested: product.release.testedMarkers,
            noCalls: product.release.noCalls,
            callRate: percent(product.release.callRate, locale),
          })}
        </Text>
        <Checkbox
          label={t('products.release.validation.controls')}
          checked={controls}
          onChange={(event) => {
            setControls(event.currentTarget.checked);
            setError(undefined);
          }}
          error={error}
          data-testid="product-validate-controls"
        />
        <Textarea
          label={t('products.release.validation.noteLabel')}
          autosize
          minRows={2}
          maxLength={2000}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          data-testid="product-validate-note"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={validate.isPending} onClick={submit} data-testid="product-validate-confirm">
            {t('products.release.validation.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function WithholdModal({
  product,
  phenotype,
  onClose,
}: {
  product: Product;
  phenotype: Withholdable | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const withhold = useWithholdPhenotype();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = () => {
    if (!phenotype) return;
    if (!reason.trim()) {
      setError(t('products.release.withhold.reasonRequired'));
      return;
    }
    withhold.mutate(
      {
        ProductId: product.id,
        GeneCombinationId: phenotype.geneCombinationId,
        Withhold: true,
        Reason: reason.trim(),
      },
      {
        onSuccess: () => {
          notifySuccess(t('products.release.withhold.done'));
          setReason('');
          onClose();
        },
        onError: (e) => {
          if (isApiError(e) && e.fields.Reason) setError(e.fields.Reason);
          else
            notifyApiError(e, t('products.release.failed'), undefined, {
              id: productNoticeId(product.id),
            });
        },
      },
    );
  };
  return (
    <Modal
      opened={phenotype !== null}
      onClose={onClose}
      centered
      title={
        phenotype
          ? t('products.release.withhold.dialogTitle', {
              phenotype: localizedText(phenotype.phenotype, phenotype.phenotypeEn, locale),
            })
          : ''
      }
    >
      <Stack gap="md">
        <Text fz="sm">{t('products.release.withhold.explanation')}</Text>
        <Textarea
          label={t('products.release.withhold.reasonLabel')}
          required
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(undefined);
          }}
          error={error}
          data-testid="product-withhold-reason"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={withhold.isPending} onClick={submit} data-testid="product-withhold-confirm">
            {t('products.release.withhold.action')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RequestModal({
  product,
  opened,
  onClose,
}: {
  product: Product;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const edit = useEditProduct();
  const [physician, setPhysician] = useState(product.requestingPhysician ?? '');
  const [indication, setIndication] = useState(product.indication ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () =>
    edit.mutate(
      { Id: product.id, RequestingPhysician: physician, Indication: indication },
      {
        onSuccess: () => {
          notifySuccess(t('products.release.request.saved'));
          onClose();
        },
        onError: (e) => {
          if (isApiError(e) && Object.keys(e.fields).length) setErrors(e.fields);
          else
            notifyApiError(e, t('products.release.failed'), undefined, {
              id: productNoticeId(product.id),
            });
        },
      },
    );
  return (
    <Modal opened={opened} onClose={onClose} centered title={t('products.release.request.title')}>
      <Stack gap="md">
        <TextInput
          label={t('products.release.request.physician')}
          maxLength={200}
          value={physician}
          onChange={(event) => setPhysician(event.currentTarget.value)}
          error={errors.RequestingPhysician}
          data-testid="product-requesting-physician-input"
        />
        <Textarea
          label={t('products.release.request.indication')}
          autosize
          minRows={2}
          maxLength={1000}
          value={indication}
          onChange={(event) => setIndication(event.currentTarget.value)}
          error={errors.Indication}
          data-testid="product-indication-input"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button loading={edit.isPending} onClick={submit} data-testid="product-request-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
