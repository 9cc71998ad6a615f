import { Permissions } from '@genodesk/contract/permissions';
import { Anchor, Button, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCornerDownRight, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { RichTextView } from '@/components/rich-text/rich-text-view';
import { paths } from '@/config/paths';
import { useCan } from '@/features/auth/api/get-current-user';
import { formatDateTime } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useTemplateCategory } from '../api/get-template-category';
import { DetailItem } from '../components/detail-item';
import { localName } from '../components/labels';
import { LanguageTabs } from '../components/text-tabs';

export function TemplateCategoryShowRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = Number(useParams().id);
  const category = useTemplateCategory(id);
  const canEdit = useCan(Permissions.TemplatesEdit);

  if (!Number.isInteger(id) || id <= 0 || category.isError) {
    return (
      <RedirectWithToast
        to={paths.templateCategories.list}
        message={t('templateCategories.loadFailed')}
        missing={isMissingRecord(id, category.error)}
      />
    );
  }
  if (!category.data) return <SectionLoader />;
  const c = category.data;
  const name = localName(c, locale);

  return (
    <>
      <PageHeader
        title={name}
        description={c.isSubcategory ? t('templateCategories.subcategory') : t('templateCategories.category')}
        breadcrumbs={[
          { label: t('nav.groups.templates') },
          { label: t('templateCategories.title'), to: paths.templateCategories.list },
          ...(c.parentCategory
            ? [
                {
                  label: localName(c.parentCategory, locale),
                  to: paths.templateCategories.show(c.parentCategory.id),
                },
              ]
            : []),
          { label: name },
        ]}
        actions={
          canEdit && (
            <Button
              component={Link}
              to={paths.templateCategories.edit(c.id)}
              leftSection={<IconPencil size={16} />}
              data-testid="category-edit"
            >
              {t('common.edit')}
            </Button>
          )
        }
      />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <Card withBorder radius="md" p="xl">
              <Title order={4} mb="md">
                {t('templateCategories.fields.description')}
              </Title>
              <LanguageTabs
                enMissing={!c.descriptionEn}
                cs={<RichTextView html={c.description} testId="category-description-cs" />}
                en={<RichTextView html={c.descriptionEn} testId="category-description-en" />}
              />
            </Card>
            <Card withBorder radius="md" p="xl">
              <Title order={4} mb="md">
                {t('templateCategories.fields.references')}
              </Title>
              <RichTextView html={c.references} testId="category-references" />
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Card withBorder radius="md" p="xl" data-testid="category-detail">
            <Stack gap="lg">
              <SimpleGrid cols={2} spacing="lg">
                <DetailItem label={t('templateCategories.fields.nameCs')}>{c.name}</DetailItem>
                <DetailItem label={t('templateCategories.fields.nameEn')}>{c.nameEn || '—'}</DetailItem>
              </SimpleGrid>
              {c.parentCategory && (
                <DetailItem label={t('templateCategories.fields.parent')}>
                  <Anchor component={Link} to={paths.templateCategories.show(c.parentCategory.id)} fz="sm">
                    {localName(c.parentCategory, locale)}
                  </Anchor>
                </DetailItem>
              )}
              {!c.isSubcategory && (
                <DetailItem label={t('templateCategories.fields.subcategories')}>
                  {c.subcategories.length === 0 ? (
                    '—'
                  ) : (
                    <Stack gap={4}>
                      {c.subcategories.map((sub) => (
                        <Group key={sub.id} gap={6} wrap="nowrap">
                          <IconCornerDownRight size={14} color="var(--mantine-color-gray-5)" />
                          <Anchor component={Link} to={paths.templateCategories.show(sub.id)} fz="sm">
                            {localName(sub, locale)}
                          </Anchor>
                        </Group>
                      ))}
                    </Stack>
                  )}
                </DetailItem>
              )}
              <DetailItem label={t('templateCategories.fields.geneCombinationCount')}>
                <Anchor
                  component={Link}
                  to={`${paths.geneCombinations.list}?${
                    c.parentCategory
                      ? `categoryId=${c.parentCategory.id}&subCategoryId=${c.id}`
                      : `categoryId=${c.id}`
                  }`}
                  fz="sm"
                >
                  {c.geneCombinationCount}
                </Anchor>
              </DetailItem>
              <DetailItem label={t('templates.fields.createdAt')}>
                {formatDateTime(c.createdAt, locale)}
              </DetailItem>
              <DetailItem label={t('templates.fields.updatedAt')}>
                <Text fz="sm">{formatDateTime(c.updatedAt, locale)}</Text>
              </DetailItem>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </>
  );
}

export const Component = TemplateCategoryShowRoute;
