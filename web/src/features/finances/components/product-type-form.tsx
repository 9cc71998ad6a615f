import { createProductTypeRequestSchema } from '@genodesk/contract/producttypes';
import { Button, Card, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '@/components/money-input';
import { scrollToFirstError, useZodForm } from '@/lib/form';

export interface ProductTypeValues extends Record<string, unknown> {
  Name: string;
  NameEn: string;
  /** CZK; empty while nothing is typed */
  Price: number | string;
}

/** Name (Czech, and English for English readers) and price (CZK, > 0: 'Cena musí být víc než 0!'), validated by the contract's schema. */
export function ProductTypeForm({
  initial,
  submitting,
  onSubmit,
  onCancel,
}: {
  initial?: { name: string; nameEn: string | null; price: number };
  submitting: boolean;
  onSubmit: (
    values: { Name: string; NameEn: string | null; Price: number },
    applyServerErrors: (error: unknown) => boolean,
  ) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { form, field, applyServerErrors } = useZodForm<ProductTypeValues>(createProductTypeRequestSchema, {
    initialValues: { Name: initial?.name ?? '', NameEn: initial?.nameEn ?? '', Price: initial?.price ?? '' },
  });

  return (
    <form
      onSubmit={form.onSubmit(
        (values) =>
          onSubmit(
            { Name: values.Name.trim(), NameEn: values.NameEn.trim() || null, Price: Number(values.Price) },
            applyServerErrors,
          ),
        () => scrollToFirstError(),
      )}
      noValidate
      data-testid="product-type-form"
    >
      <Card withBorder radius="md" p="xl" maw={720}>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <TextInput
              label={t('finances.productTypes.fields.name')}
              withAsterisk
              maxLength={200}
              data-testid="product-type-name"
              {...field('Name')}
            />
            <TextInput
              label={t('finances.productTypes.fields.nameEn')}
              description={t('finances.productTypes.nameEnHint')}
              maxLength={200}
              data-testid="product-type-name-en"
              {...field('NameEn')}
            />
            <MoneyInput
              label={t('finances.productTypes.fields.price')}
              description={t('finances.productTypes.priceHint')}
              withAsterisk
              data-testid="product-type-price"
              {...field('Price')}
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} data-testid="product-type-cancel">
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={submitting} data-testid="product-type-submit">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </form>
  );
}
