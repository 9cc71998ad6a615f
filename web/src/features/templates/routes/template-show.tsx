import { Permissions } from '@genodesk/contract/permissions';
import { Anchor, Button, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { RichTextView } from '@/components/rich-text/rich-text-view';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useTemplate } from '../api/get-template';
import { ClinicalWeightBadge, GenderBadge, GeneCodes, RiskBadge } from '../components/badges';
import { DetailItem } from '../components/detail-item';
import { GenotypeTable } from '../components/genotype-table';
import { localName, localPhenotype } from '../components/labels';
import { LanguageTabs } from '../components/text-tabs';
import { useRemoveTemplate } from '../components/use-remove';

export function TemplateShowRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const template = useTemplate(id);
  const canEdit = useCan(Permissions.TemplatesEdit);
  const remove = useRemoveTemplate();

  if (!Number.isInteger(id) || id <= 0 || template.isError) {
    return (
      <RedirectWithToast
        to={paths.templates.list}
        message={t('templates.loadFailed')}
        missing={isMissingRecord(id, template.error)}
      />
    );
  }
  if (!template.data) return <SectionLoader />;
  const tpl = template.data;
  const phenotype = localPhenotype(tpl, locale);
  const by = (user: { userName: string } | null, at: string) =>
    `${formatDateTime(at, locale)}${user ? ` · ${user.userName}` : ''}`;

  return (
    <>
      <PageHeader
        title={phenotype}
        description={t('templates.viewTitle')}
        breadcrumbs={[
          { label: t('templates.title'), to: paths.templates.list },
          { label: `${phenotype} #${tpl.id}` },
        ]}
        actions={
          canEdit && (
            <>
              <Button
                variant="default"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => remove.run(tpl.id, () => navigate(paths.templates.list, { replace: true }))}
                loading={remove.pending}
                data-testid="template-delete"
              >
                {t('common.delete')}
              </Button>
              <Button
                component={Link}
                to={paths.templates.edit(tpl.id)}
                leftSection={<IconPencil size={16} />}
                data-testid="template-edit"
              >
                {t('common.edit')}
              </Button>
            </>
          )
        }
      />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <Card withBorder radius="md" p="xl">
              <Title order={4} mb="md">
                {t('templates.sections.text')}
              </Title>
              <LanguageTabs
                testId="template-text-tabs"
                enMissing={!tpl.templateEnText}
                cs={<RichTextView html={tpl.templateText} testId="template-text-cs" />}
                en={<RichTextView html={tpl.templateEnText} testId="template-text-en" />}
              />
            </Card>
            <Card withBorder radius="md" p="xl">
              <Title order={4} mb={4}>
                {t('templates.sections.genotypes')}
              </Title>
              <Text fz="sm" c="dimmed" mb="md">
                {t('templates.genotypes.showHint')}
              </Text>
              <GenotypeTable
                geneCodes={tpl.geneCodes}
                combinations={tpl.genotypeCombinations}
                testId="template-genotypes"
              />
            </Card>
            {tpl.note && (
              <Card withBorder radius="md" p="xl">
                <Title order={4} mb="sm">
                  {t('templates.fields.note')}
                </Title>
                <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="template-note">
                  {tpl.note}
                </Text>
              </Card>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Card withBorder radius="md" p="xl" data-testid="template-detail">
            <Stack gap="lg">
              <DetailItem label={t('templates.fields.risk')} testId="template-detail-risk">
                <RiskBadge risk={tpl.risk} />
              </DetailItem>
              <DetailItem
                label={t('templates.fields.requiresConsultation')}
                testId="template-detail-requires-consultation"
              >
                <Text fz="sm">{tpl.requiresConsultation ? t('common.yes') : t('common.no')}</Text>
              </DetailItem>
              <DetailItem label={t('templates.fields.phenotype')} testId="template-detail-phenotype">
                <Anchor component={Link} to={paths.geneCombinations.show(tpl.geneCombinationId)} fz="sm">
                  {phenotype}
                </Anchor>
              </DetailItem>
              <DetailItem label={t('templates.fields.genes')}>
                <GeneCodes codes={tpl.geneCodes} />
              </DetailItem>
              <DetailItem label={t('templates.fields.clinicalWeight')}>
                <ClinicalWeightBadge
                  weight={tpl.geneCombination.clinicalWeight}
                  testId="template-detail-clinical-weight"
                />
              </DetailItem>
              <SimpleGrid cols={2} spacing="lg">
                <DetailItem label={t('templates.fields.category')} testId="template-detail-category">
                  <Anchor component={Link} to={paths.templateCategories.show(tpl.category.id)} fz="sm">
                    {localName(tpl.category, locale)}
                  </Anchor>
                </DetailItem>
                <DetailItem label={t('templates.fields.subCategory')} testId="template-detail-subcategory">
                  <Anchor component={Link} to={paths.templateCategories.show(tpl.subCategory.id)} fz="sm">
                    {localName(tpl.subCategory, locale)}
                  </Anchor>
                </DetailItem>
                <DetailItem label={t('templates.fields.gender')}>
                  <GenderBadge gender={tpl.gender} testId="template-detail-gender" />
                </DetailItem>
                <DetailItem label={t('templates.fields.customerCount')} testId="template-detail-customers">
                  {formatNumber(tpl.customerCount, locale)}
                </DetailItem>
              </SimpleGrid>
              <DetailItem label={t('templates.fields.defaultRisk')}>
                {tpl.defaultTemplateRisk ? <RiskBadge risk={tpl.defaultTemplateRisk} /> : '—'}
              </DetailItem>
              <DetailItem label={t('templates.fields.created')} testId="template-detail-created">
                {by(tpl.createdBy, tpl.createdAt)}
              </DetailItem>
              <DetailItem label={t('templates.fields.updated')} testId="template-detail-updated">
                {by(tpl.updatedBy, tpl.updatedAt)}
              </DetailItem>
            </Stack>
          </Card>
          <Group mt="md" justify="flex-end">
            <Text fz="xs" c="dimmed">
              {t('templates.idLabel', { id: tpl.id })}
            </Text>
          </Group>
        </Grid.Col>
      </Grid>
    </>
  );
}

export const Component = TemplateShowRoute;
