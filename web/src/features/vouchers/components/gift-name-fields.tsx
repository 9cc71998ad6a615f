import { SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/** Whom a gift voucher is for and from, as its creation and its edit both ask. */
export function GiftNameFields({
  field,
}: {
  field: (path: 'ForWho' | 'FromWho') => GetInputPropsReturnType;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <TextInput
        label={t('vouchers.fields.forWho')}
        maxLength={200}
        data-testid="voucher-form-for-who"
        {...field('ForWho')}
      />
      <TextInput
        label={t('vouchers.fields.fromWho')}
        maxLength={200}
        data-testid="voucher-form-from-who"
        {...field('FromWho')}
      />
    </SimpleGrid>
  );
}
