import { ProductStatus } from '@genodesk/contract/enums';
import { Permissions } from '@genodesk/contract/permissions';
import type { Product, ProductEditRequest, PublicationOpenPoint } from '@genodesk/contract/products';
import { Alert, Button, Card, Group, Stack, Switch, Text } from '@mantine/core';
import { IconDeviceFloppy, IconMailForward, IconSend, IconSend2 } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { RedirectWithToast } from '@/components/redirect-with-toast';
import { RichTextField } from '@/components/rich-text/rich-text-field';
import { useCan, useCurrentUser } from '@/features/auth/api/get-current-user';
import { useQualifiedAct } from '@/features/auth/api/qualification';
import { QualificationHint } from '@/features/auth/components/qualification-hint';
import { isApiError } from '@/lib/api-client';
import { confirmAction } from '@/lib/confirm';
import { scrollToFirstError } from '@/lib/form';
import { formatDateTime } from '@/lib/format';
import { notifyError, notifySuccess, productNoticeId } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useEditProduct } from '../api/edit-product';
import { type Guardian, GuardianModal } from '../components/guardian-modal';
import { PdfPreview } from '../components/pdf-preview';
import { ProductStatusBadge } from '../components/product-status-badge';
import { type PublishAction, PublishModal } from '../components/publish-modal';
import { blockersText, releaseBlockers } from '../components/release-panel';
import { sectionPaths, sectionPathsOf, useRouteSection } from '../components/sections';
import { type ProductDraftValues, useProductDraft } from '../components/use-product-draft';
import { WithProduct } from '../components/with-product';

type Action = 'save' | 'preliminary' | 'publish' | 'invite';

const actionStatus: Record<Action, number | undefined> = {
  save: undefined,
  preliminary: ProductStatus.PreliminarilyPublished,
  publish: ProductStatus.Published,
  invite: ProductStatus.Unpublished,
};

type FieldErrors = Partial<
  Record<keyof ProductDraftValues | 'legalGuardianName' | 'legalGuardianEmail' | 'reason', string>
>;

/** The server's field errors (`DoctorIntro`, `LegalGuardianName`, …) by the editor's field names. */
function fieldErrors(error: unknown): FieldErrors {
  if (!isApiError(error)) return {};
  const out: FieldErrors = {};
  const names: (keyof FieldErrors)[] = [
    'doctorIntro',
    'doctorIntroReproductiveGenetics',
    'doctorIntroReproductiveGeneticsEnabled',
    'legalGuardianName',
    'legalGuardianEmail',
    'reason',
  ];
  for (const [field, message] of Object.entries(error.fields)) {
    const name = names.find((n) => n.toLowerCase() === field.toLowerCase());
    if (name) out[name] = message;
  }
  return out;
}

const withoutReason = ({ reason: _reason, ...rest }: FieldErrors): FieldErrors => rest;

export function ProductEditor({ product }: { product: Product }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const routeSection = useRouteSection();
  const edit = useEditProduct();
  const saved = useMemo<ProductDraftValues>(
    () => ({
      doctorIntro: product.doctorIntro,
      doctorIntroReproductiveGenetics: product.doctorIntroReproductiveGenetics,
      doctorIntroReproductiveGeneticsEnabled: product.doctorIntroReproductiveGeneticsEnabled,
    }),
    [
      product.doctorIntro,
      product.doctorIntroReproductiveGenetics,
      product.doctorIntroReproductiveGeneticsEnabled,
    ],
  );
  // The editor is behind the sign-in: the user is known (0 only while it would not be).
  const userId = useCurrentUser()?.id ?? 0;
  const draft = useProductDraft(userId, product.id, saved);
  const [values, setValues] = useState<ProductDraftValues>(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [guardianOpen, setGuardianOpen] = useState(false);
  const [publishing, setPublishing] = useState<PublishAction | null>(null);
  const [running, setRunning] = useState<Action | null>(null);
  const restored = useRef<string | null>(null);
  // The sign-off is offered only to whom may give it — the permission and a physician's
  // qualification —, once nothing keeps it back (issue 35); the server decides, and its refusal is shown.
  const signOff = useQualifiedAct('signOff');
  const mayPublish = useCan(Permissions.ProductsSignOff);
  const canSignOff = mayPublish && signOff.allowed;
  // Inviting the customer to a consultation of the results is a physician's act too.
  const invite = useQualifiedAct('invite');
  const publishHintId = useId();
  const inviteHintId = useId();
  // What says why the sign-off is not offered: the qualification's hint, or the line below the buttons.
  const publishReasonId = mayPublish && !signOff.allowed ? signOff.hintId : publishHintId;
  const blockers = releaseBlockers(product, userId);
  const viewPath = sectionPathsOf(routeSection).view(product.id);
  // The preview is rendered from the saved report: it says so while the texts differ.
  const unsaved =
    values.doctorIntro !== saved.doctorIntro ||
    values.doctorIntroReproductiveGenetics !== saved.doctorIntroReproductiveGenetics ||
    values.doctorIntroReproductiveGeneticsEnabled !== saved.doctorIntroReproductiveGeneticsEnabled;

  // A draft left from an earlier visit replaces the saved texts, with a notice.
  useEffect(() => {
    if (draft.initial && restored.current !== draft.initial.savedAt) {
      restored.current = draft.initial.savedAt;
      setValues({
        doctorIntro: draft.initial.doctorIntro,
        doctorIntroReproductiveGenetics: draft.initial.doctorIntroReproductiveGenetics,
        doctorIntroReproductiveGeneticsEnabled: draft.initial.doctorIntroReproductiveGeneticsEnabled,
      });
    }
  }, [draft.initial]);

  const change = (patch: Partial<ProductDraftValues>) => {
    setValues((prev) => {
      const next = { ...prev, ...patch };
      draft.save(next);
      return next;
    });
    setErrors((prev) => {
      const next = { ...prev };
      for (const key of Object.keys(patch)) delete next[key as keyof FieldErrors];
      return next;
    });
  };

  const discard = () => {
    draft.clear();
    setValues(saved);
    setErrors({});
  };

  const send = (
    action: Action,
    guardian?: Guardian,
    confirmations?: PublicationOpenPoint[],
    reason?: string,
  ) => {
    const body: ProductEditRequest = {
      Id: product.id,
      DoctorIntro: values.doctorIntro,
      DoctorIntroReproductiveGenetics: values.doctorIntroReproductiveGenetics,
      DoctorIntroReproductiveGeneticsEnabled: values.doctorIntroReproductiveGeneticsEnabled,
    };
    const status = actionStatus[action];
    if (status !== undefined) body.Status = status;
    if (confirmations?.length) body.Confirmations = confirmations;
    if (reason) body.Reason = reason;
    if (guardian) {
      body.LegalGuardianName = guardian.name;
      body.LegalGuardianEmail = guardian.email;
    }
    setRunning(action);
    edit.mutate(body, {
      onSuccess: () => {
        draft.clear();
        setGuardianOpen(false);
        setPublishing(null);
        notifySuccess(t(`products.editor.done.${action}`));
        navigate(viewPath);
      },
      onError: (error) => {
        const found = fieldErrors(error);
        setErrors(found);
        if (found.legalGuardianName || found.legalGuardianEmail) {
          setGuardianOpen(true);
          return;
        }
        // The publish dialog stays open and shows it on its reason field.
        if (found.reason && Object.keys(found).length === 1) return;
        if (Object.keys(found).length > 0) scrollToFirstError();
        const title = t('products.editor.failed');
        const notice = { id: productNoticeId(product.id) };
        if (isApiError(error) && error.status < 500) notifyError(error.message, title, notice);
        else notifyError(title, undefined, notice);
      },
      onSettled: () => setRunning(null),
    });
  };

  const run = async (action: Action) => {
    if (action === 'invite' && !invite.allowed) return;
    draft.flush();
    if (action === 'invite' && product.customerUnderage) {
      setErrors((prev) => ({ ...prev, legalGuardianName: undefined, legalGuardianEmail: undefined }));
      setGuardianOpen(true);
      return;
    }
    if (action === 'publish' || action === 'preliminary') {
      setPublishing(action);
      return;
    }
    if (action !== 'save') {
      const confirmed = await confirmAction({
        title: t(`products.editor.confirm.${action}.title`),
        message: t(`products.editor.confirm.${action}.message`, { email: product.assignedCustomer.email }),
        confirmLabel: t(`products.editor.actions.${action}`),
        cancelLabel: t('common.cancel'),
        testId: `product-${action}`,
      });
      if (!confirmed) return;
    }
    send(action);
  };

  const guardianErrors = useMemo(
    () =>
      errors.legalGuardianName || errors.legalGuardianEmail
        ? { name: errors.legalGuardianName, email: errors.legalGuardianEmail }
        : undefined,
    [errors.legalGuardianName, errors.legalGuardianEmail],
  );

  return (
    <>
      <PageHeader
        title={<span data-testid="product-customer-name">{product.customerName}</span>}
        description={t('products.editTitle')}
        breadcrumbs={[
          { label: t('nav.groups.customers') },
          {
            label: t(routeSection === 'doctorSection' ? 'products.doctorSectionTitle' : 'products.title'),
            to: sectionPathsOf(routeSection).list,
          },
          { label: `${product.customerName} #${product.id}`, to: viewPath },
          { label: t('common.edit') },
        ]}
        actions={<ProductStatusBadge status={product.status} />}
      />
      <Stack gap="lg">
        {draft.initial && (
          <Alert color="yellow" variant="light" data-testid="product-draft-notice">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text fz="sm">
                {t('products.editor.draftRestored', { date: formatDateTime(draft.initial.savedAt, locale) })}
              </Text>
              <Button size="xs" variant="default" onClick={discard} data-testid="product-draft-discard">
                {t('products.editor.discardDraft')}
              </Button>
            </Group>
          </Alert>
        )}
        <Card withBorder radius="md" p="xl">
          <Stack gap="xl">
            <RichTextField
              label={t('products.editor.doctorIntro')}
              description={t('products.editor.doctorIntroHint')}
              value={values.doctorIntro}
              onChange={(html) => change({ doctorIntro: html })}
              error={errors.doctorIntro}
              minHeight={220}
              testId="product-doctor-intro"
            />
            <Stack gap="sm">
              <Switch
                label={t('products.editor.reproductiveEnabled')}
                checked={values.doctorIntroReproductiveGeneticsEnabled}
                onChange={(event) =>
                  change({ doctorIntroReproductiveGeneticsEnabled: event.currentTarget.checked })
                }
                error={errors.doctorIntroReproductiveGeneticsEnabled}
                data-testid="product-reproductive-enabled"
              />
              {values.doctorIntroReproductiveGeneticsEnabled && (
                <RichTextField
                  label={t('products.editor.reproductiveIntro')}
                  value={values.doctorIntroReproductiveGenetics}
                  onChange={(html) => change({ doctorIntroReproductiveGenetics: html })}
                  error={errors.doctorIntroReproductiveGenetics}
                  minHeight={160}
                  testId="product-reproductive-intro"
                />
              )}
            </Stack>
          </Stack>
        </Card>
        <Card withBorder radius="md" p="lg">
          {unsaved && (
            <Text fz="xs" c="dimmed" mb="sm" data-testid="product-pdf-preview-saved-only">
              {t('products.pdf.previewSavedOnly')}
            </Text>
          )}
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="sm" wrap="wrap">
              <Button variant="subtle" color="gray" onClick={() => navigate(viewPath)}>
                {t('common.cancel')}
              </Button>
              <PdfPreview productId={product.id} customerLanguage={product.assignedCustomer.language} />
            </Group>
            <Group gap="sm" wrap="wrap">
              <Button
                variant="default"
                leftSection={<IconDeviceFloppy size={16} />}
                loading={running === 'save'}
                disabled={running !== null && running !== 'save'}
                onClick={() => void run('save')}
                data-testid="product-save"
              >
                {t('products.editor.actions.save')}
              </Button>
              <Button
                variant="light"
                color="orange"
                leftSection={<IconMailForward size={16} />}
                loading={running === 'invite'}
                // Kept back by the consent rule as the publish buttons are (the server's own step).
                disabled={(running !== null && running !== 'invite') || blockers.invitation.length > 0}
                title={blockersText(t, blockers.invitation, product) || undefined}
                onClick={() => void run('invite')}
                data-testid="product-invite"
                {...invite.controlProps}
                aria-describedby={
                  invite.controlProps['aria-describedby'] ??
                  (blockers.invitation.length > 0 ? inviteHintId : undefined)
                }
              >
                {t('products.editor.actions.invite')}
              </Button>
              <Button
                variant="light"
                color="teal"
                leftSection={<IconSend2 size={16} />}
                loading={running === 'preliminary'}
                disabled={
                  (running !== null && running !== 'preliminary') ||
                  !canSignOff ||
                  blockers.preliminary.length > 0
                }
                title={blockersText(t, blockers.preliminary, product) || undefined}
                onClick={() => void run('preliminary')}
                data-testid="product-preliminary"
                aria-describedby={canSignOff ? undefined : publishReasonId}
              >
                {t('products.editor.actions.preliminary')}
              </Button>
              <Button
                color="green"
                leftSection={<IconSend size={16} />}
                loading={running === 'publish'}
                disabled={
                  (running !== null && running !== 'publish') || !canSignOff || blockers.final.length > 0
                }
                title={blockersText(t, blockers.final, product) || undefined}
                onClick={() => void run('publish')}
                data-testid="product-publish"
                aria-describedby={canSignOff && blockers.final.length === 0 ? undefined : publishReasonId}
              >
                {t('products.editor.actions.publish')}
              </Button>
            </Group>
          </Group>
          {/* A disabled button shows no tooltip: why it cannot be published is said here. */}
          {mayPublish && !signOff.allowed ? (
            <QualificationHint state={signOff} testId="product-publish-blocked" justify="flex-end" />
          ) : (
            (!canSignOff || blockers.final.length > 0) && (
              <Text
                id={publishHintId}
                size="sm"
                c="dimmed"
                ta="right"
                mt="xs"
                data-testid="product-publish-blocked"
              >
                {canSignOff
                  ? t('products.editor.publishBlocked', { reasons: blockersText(t, blockers.final, product) })
                  : t('products.editor.signOffOnly')}
              </Text>
            )
          )}
          <QualificationHint state={invite} testId="product-invite-physician-only" justify="flex-end" />
          {invite.allowed && blockers.invitation.length > 0 && (
            <Text
              id={inviteHintId}
              size="sm"
              c="dimmed"
              ta="right"
              mt="xs"
              data-testid="product-invite-blocked"
            >
              {t('products.editor.inviteBlocked', { reasons: blockersText(t, blockers.invitation, product) })}
            </Text>
          )}
        </Card>
      </Stack>
      <GuardianModal
        opened={guardianOpen}
        initial={{ name: product.legalGuardianName ?? '', email: product.legalGuardianEmail ?? '' }}
        serverErrors={guardianErrors}
        submitting={running === 'invite'}
        onClose={() => setGuardianOpen(false)}
        onSubmit={(guardian) => send('invite', guardian)}
      />
      <PublishModal
        action={publishing}
        product={product}
        doctorIntro={values.doctorIntro}
        textsChanged={unsaved}
        submitting={running === 'publish' || running === 'preliminary'}
        reasonError={errors.reason}
        onClose={() => {
          setPublishing(null);
          setErrors(withoutReason);
        }}
        onConfirm={(confirmations, reason) => {
          if (!publishing) return;
          setErrors(withoutReason);
          send(publishing, undefined, confirmations, reason);
        }}
      />
    </>
  );
}

/** An archived report is read-only (the server refuses its edits): its editor opens its view instead. */
function ArchivedReport({ id }: { id: number }) {
  const { t } = useTranslation();
  return <RedirectWithToast to={sectionPaths.archive.view(id)} message={t('products.archivedReadOnly')} />;
}

export function ProductEditRoute() {
  return (
    <WithProduct>
      {(product) =>
        product.section === 'archive' ? (
          <ArchivedReport id={product.id} />
        ) : (
          <ProductEditor key={product.id} product={product} />
        )
      }
    </WithProduct>
  );
}

export const Component = ProductEditRoute;
