import { Permissions } from '@genodesk/contract/permissions';
import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconEye, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
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
import { useGeneCombination } from '../api/get-gene-combination';
import { ClinicalWeightBadge, GenderBadge, GeneCodes, RiskBadge } from '../components/badges';
import { DetailItem } from '../components/detail-item';
import { GenotypeSummary } from '../components/genotype-summary';
import { localName, localPhenotype } from '../components/labels';
import { LanguageTabs } from '../components/text-tabs';
import { useRemoveGeneCombination } from '../components/use-remove';

export function GeneCombinationShowRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const geneCombination = useGeneCombination(id);
  const canEdit = useCan(Permissions.TemplatesEdit);
  const canCreate = useCan(Permissions.TemplatesCreate);
  const remove = useRemoveGeneCombination();

  if (!Number.isInteger(id) || id <= 0 || geneCombination.isError) {
    return (
      <RedirectWithToast
        to={paths.geneCombinations.list}
        message={t('geneCombinations.loadFailed')}
        missing={isMissingRecord(id, geneCombination.error)}
      />
    );
  }
  if (!geneCombination.data) return <SectionLoader />;
  const gc = geneCombination.data;
  const phenotype = localPhenotype(gc, locale);

  return (
    <>
      <PageHeader
        title={phenotype}
        description={t('geneCombinations.viewTitle')}
        breadcrumbs={[
          { label: t('nav.groups.templates') },
          { label: t('geneCombinations.title'), to: paths.geneCombinations.list },
          { label: phenotype },
        ]}
        actions={
          <>
            {canEdit && (
              <Button
                variant="default"
                color="red"
                leftSection={<IconTrash size={16} />}
                loading={remove.pending}
                onClick={() =>
                  remove.run({ id: gc.id, name: phenotype, templateCount: gc.templateCount }, () =>
                    navigate(paths.geneCombinations.list, { replace: true }),
                  )
                }
                data-testid="gene-combination-delete"
              >
                {t('common.delete')}
              </Button>
            )}
            {canEdit && (
              <Button
                component={Link}
                to={paths.geneCombinations.edit(gc.id)}
                leftSection={<IconPencil size={16} />}
                data-testid="gene-combination-edit"
              >
                {t('common.edit')}
              </Button>
            )}
          </>
        }
      />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <Card withBorder radius="md" p="xl">
              <Title order={4} mb="md">
                {t('geneCombinations.fields.description')}
              </Title>
              <LanguageTabs
                enMissing={!gc.descriptionEn}
                cs={<RichTextView html={gc.description} testId="gene-combination-description-cs" />}
                en={<RichTextView html={gc.descriptionEn} testId="gene-combination-description-en" />}
              />
            </Card>
            <Card withBorder radius="md" p="xl">
              <Group justify="space-between" mb="md">
                <Title order={4}>{t('geneCombinations.fields.defaultTemplate')}</Title>
                {gc.defaultTemplateRisk ? <RiskBadge risk={gc.defaultTemplateRisk} /> : null}
              </Group>
              <Text fz="sm" c="dimmed" mb="md">
                {t('geneCombinations.defaultTemplateHint')}
              </Text>
              <LanguageTabs
                enMissing={!gc.defaultTemplateEn}
                cs={<RichTextView html={gc.defaultTemplate} />}
                en={<RichTextView html={gc.defaultTemplateEn} />}
              />
            </Card>
            <Card withBorder radius="md" p={0}>
              <Group justify="space-between" p="xl" pb="md">
                <Title order={4}>{t('geneCombinations.templates', { count: gc.templates.length })}</Title>
                {canCreate && (
                  <Button
                    size="xs"
                    variant="light"
                    component={Link}
                    to={paths.templates.create}
                    leftSection={<IconPlus size={14} />}
                  >
                    {t('templates.new')}
                  </Button>
                )}
              </Group>
              {gc.templates.length === 0 ? (
                <Text c="dimmed" fz="sm" px="xl" pb="xl">
                  {t('geneCombinations.noTemplates')}
                </Text>
              ) : (
                <Table
                  highlightOnHover
                  verticalSpacing="sm"
                  horizontalSpacing="xl"
                  data-testid="gene-combination-templates"
                >
                  <Table.Thead bg="gray.0">
                    <Table.Tr>
                      <Table.Th>{t('templates.fields.genotypes')}</Table.Th>
                      <Table.Th>{t('templates.fields.risk')}</Table.Th>
                      <Table.Th ta="right">{t('templates.fields.customerCount')}</Table.Th>
                      <Table.Th w={60} />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {gc.templates.map((template) => (
                      <Table.Tr
                        key={template.id}
                        style={{ cursor: 'pointer' }}
                        onClick={() => navigate(paths.templates.show(template.id))}
                        data-testid="gene-combination-template-row"
                      >
                        <Table.Td>
                          <GenotypeSummary
                            geneCodes={gc.geneCodes}
                            combinations={template.genotypeCombinations}
                            max={6}
                          />
                        </Table.Td>
                        <Table.Td>
                          <RiskBadge risk={template.risk} />
                        </Table.Td>
                        <Table.Td ta="right">{formatNumber(template.customerCount, locale)}</Table.Td>
                        <Table.Td>
                          <Tooltip label={t('common.view')}>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              component={Link}
                              to={paths.templates.show(template.id)}
                              aria-label={t('common.view')}
                              onClick={(e) => e.stopPropagation()}
                            >
                              <IconEye size={18} />
                            </ActionIcon>
                          </Tooltip>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Card withBorder radius="md" p="xl" data-testid="gene-combination-detail">
            <Stack gap="lg">
              <SimpleGrid cols={2} spacing="lg">
                <DetailItem label={t('templates.fields.phenotypeCs')}>{gc.phenotype}</DetailItem>
                <DetailItem label={t('templates.fields.phenotypeEn')}>{gc.phenotypeEn || '—'}</DetailItem>
              </SimpleGrid>
              <DetailItem label={t('templates.fields.genes')} testId="gene-combination-detail-genes">
                <GeneCodes codes={gc.geneCodes} />
              </DetailItem>
              <DetailItem label={t('templates.fields.clinicalWeight')}>
                <ClinicalWeightBadge
                  weight={gc.clinicalWeight}
                  testId="gene-combination-detail-clinical-weight"
                />
              </DetailItem>
              <SimpleGrid cols={2} spacing="lg">
                <DetailItem label={t('templates.fields.category')}>
                  <Anchor component={Link} to={paths.templateCategories.show(gc.category.id)} fz="sm">
                    {localName(gc.category, locale)}
                  </Anchor>
                </DetailItem>
                <DetailItem label={t('templates.fields.subCategory')}>
                  <Anchor component={Link} to={paths.templateCategories.show(gc.subCategory.id)} fz="sm">
                    {localName(gc.subCategory, locale)}
                  </Anchor>
                </DetailItem>
                <DetailItem label={t('templates.fields.gender')}>
                  <GenderBadge gender={gc.gender} />
                </DetailItem>
                <DetailItem label={t('geneCombinations.fields.templateCount')}>{gc.templateCount}</DetailItem>
              </SimpleGrid>
              <DetailItem label={t('templates.fields.createdAt')}>
                {formatDateTime(gc.createdAt, locale)}
              </DetailItem>
              <DetailItem label={t('templates.fields.updatedAt')}>
                {formatDateTime(gc.updatedAt, locale)}
              </DetailItem>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </>
  );
}

export const Component = GeneCombinationShowRoute;
