import { editTemplateCategoryRequestSchema, type TemplateCategoryDetail } from '@genodesk/contract/templates';
import { Button, Card, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { isMissingRecord, RedirectWithToast } from '@/components/redirect-with-toast';
import { RichTextField } from '@/components/rich-text/rich-text-field';
import { paths } from '@/config/paths';
import { scrollToFirstError, useZodForm } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useEditTemplateCategory } from '../api/edit-template-category';
import { useTemplateCategory } from '../api/get-template-category';
import { markRichTextProblems } from '../components/form-helpers';
import { localName } from '../components/labels';

interface Values extends Record<string, unknown> {
  CategoryId: number;
  Name: string;
  NameEn: string;
  Description: string;
  DescriptionEn: string;
  References: string;
}

const richFields = ['Description', 'DescriptionEn', 'References'] as const;

function CategoryForm({ category }: { category: TemplateCategoryDetail }) {
  const { t } = useTranslation();
  const { tm } = useLocale();
  const navigate = useNavigate();
  const edit = useEditTemplateCategory();
  const { form, field, applyServerErrors } = useZodForm<Values>(editTemplateCategoryRequestSchema, {
    initialValues: {
      CategoryId: category.id,
      Name: category.name,
      NameEn: category.nameEn,
      Description: category.description,
      DescriptionEn: category.descriptionEn,
      References: category.references,
    },
  });
  const values = form.getValues();
  const error = (name: string) => {
    const value = form.errors[name];
    return typeof value === 'string' ? tm(value) : undefined;
  };

  const submit = form.onSubmit((v) => {
    const ok = markRichTextProblems(form, v, richFields);
    if (!ok) return scrollToFirstError();
    edit.mutate(v, {
      onSuccess: () => {
        notifySuccess(t('templateCategories.saved'));
        navigate(paths.templateCategories.show(category.id));
      },
      onError: (failure) => {
        applyServerErrors(failure);
        notifyError(t('templateCategories.editFailed'));
        scrollToFirstError();
      },
    });
  }, scrollToFirstError);

  return (
    <form onSubmit={submit} noValidate data-testid="category-form">
      <Stack gap="lg">
        <Card withBorder radius="md" p="xl">
          <Stack gap="lg">
            <Title order={4}>{t('templateCategories.fields.name')}</Title>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <TextInput
                label={t('templateCategories.fields.nameCs')}
                withAsterisk
                data-testid="category-name-cs"
                {...field('Name')}
              />
              <TextInput
                label={t('templateCategories.fields.nameEn')}
                data-testid="category-name-en"
                {...field('NameEn')}
              />
            </SimpleGrid>
          </Stack>
        </Card>
        <Card withBorder radius="md" p="xl">
          <Stack gap="lg">
            <Title order={4}>{t('templateCategories.fields.description')}</Title>
            <RichTextField
              label={t('templateCategories.fields.descriptionCs')}
              value={values.Description}
              onChange={(html) => form.setFieldValue('Description', html)}
              error={error('Description')}
              testId="category-description-cs"
            />
            <RichTextField
              label={t('templateCategories.fields.descriptionEn')}
              value={values.DescriptionEn}
              onChange={(html) => form.setFieldValue('DescriptionEn', html)}
              error={error('DescriptionEn')}
              testId="category-description-en"
            />
          </Stack>
        </Card>
        <Card withBorder radius="md" p="xl">
          <RichTextField
            label={t('templateCategories.fields.references')}
            description={t('templateCategories.referencesHint')}
            value={values.References}
            onChange={(html) => form.setFieldValue('References', html)}
            error={error('References')}
            withMedia={false}
            testId="category-references"
          />
        </Card>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => navigate(paths.templateCategories.show(category.id))}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={edit.isPending} data-testid="category-submit">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function TemplateCategoryEditRoute() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = Number(useParams().id);
  const category = useTemplateCategory(id);

  if (!Number.isInteger(id) || id <= 0 || category.isError) {
    return (
      <RedirectWithToast
        to={paths.templateCategories.list}
        message={t('templateCategories.loadFailed')}
        missing={isMissingRecord(id, category.error)}
      />
    );
  }
  const c = category.data;
  const name = c ? localName(c, locale) : '…';
  return (
    <>
      <PageHeader
        title={t('templateCategories.editTitle')}
        description={name}
        breadcrumbs={[
          { label: t('nav.groups.templates') },
          { label: t('templateCategories.title'), to: paths.templateCategories.list },
          { label: name, to: paths.templateCategories.show(id) },
          { label: t('common.edit') },
        ]}
      />
      {c ? <CategoryForm key={c.id} category={c} /> : <SectionLoader />}
    </>
  );
}

export const Component = TemplateCategoryEditRoute;
