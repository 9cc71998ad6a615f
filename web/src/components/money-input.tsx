import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/use-locale';

/** An amount in CZK as staff type it: two decimals at most, never negative, in the language's separators. */
export function MoneyInput(props: NumberInputProps) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <NumberInput
      decimalScale={2}
      fixedDecimalScale
      min={0}
      allowNegative={false}
      thousandSeparator={locale === 'cs' ? ' ' : ','}
      decimalSeparator={locale === 'cs' ? ',' : '.'}
      rightSection={t('common.currency')}
      rightSectionWidth={48}
      hideControls
      {...props}
    />
  );
}
