import {
  type CreateCustomerRequest,
  type CustomerDetail,
  createCustomerRequestSchema,
  type EditCustomerRequest,
  editCustomerRequestSchema,
} from '@genodesk/contract/customers';
import { type DnaSampleUsage, dnaSampleUsageLabels } from '@genodesk/contract/enums';
import { type Locale, locales } from '@genodesk/contract/locales';
import {
  Button,
  Card,
  Checkbox,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/dates/date-field';
import { scrollToFirstError, useZodForm } from '@/lib/form';
import { formatMoney, nameIn } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { useProductTypes } from '../api/get-product-types';

export interface CustomerFormValues extends Record<string, unknown> {
  CustomerId?: number;
  Name: string;
  Surname: string;
  Email: string;
  PhonePrefix: string;
  Phone: string;
  Gender: string;
  DateOfBirth: string | null;
  Street: string;
  StreetNumber: string;
  City: string;
  Zipcode: string;
  Password: string;
  AgreeTerms: boolean;
  AgreeProcessingData: boolean;
  ProductTypeId: string;
  PaidInCash: boolean;
  OpenLimsID: string;
  AgreedToDNAAnalysis: boolean;
  DNASampleUsageStatus: string;
  AgreedToSampleBeingUsedForScientificPurposes: boolean;
  AgreedToSampleExamination: boolean;
  NotifyByEmail: boolean;
  NotifyBySms: boolean;
  Language: Locale;
}

type Submit<M> = M extends 'create' ? CreateCustomerRequest : EditCustomerRequest;

interface CustomerFormProps<M extends 'create' | 'edit'> {
  mode: M;
  customer?: CustomerDetail;
  submitting: boolean;
  onSubmit: (values: Submit<M>, applyServerErrors: (error: unknown) => boolean) => void;
  onCancel: () => void;
}

function prepare(v: CustomerFormValues, mode: 'create' | 'edit') {
  const common = {
    Name: v.Name,
    Surname: v.Surname,
    Email: v.Email,
    PhonePrefix: v.PhonePrefix,
    Phone: v.Phone,
    Gender: v.Gender ? Number(v.Gender) : 0,
    DateOfBirth: v.DateOfBirth || null,
    Street: v.Street,
    StreetNumber: v.StreetNumber,
    City: v.City,
    Zipcode: v.Zipcode,
    Language: v.Language,
  };
  const consents = {
    AgreedToDNAAnalysis: v.AgreedToDNAAnalysis,
    DNASampleUsageStatus: v.DNASampleUsageStatus ? Number(v.DNASampleUsageStatus) : null,
    AgreedToSampleBeingUsedForScientificPurposes: v.AgreedToSampleBeingUsedForScientificPurposes,
    AgreedToSampleExamination: v.AgreedToSampleExamination,
  };
  if (mode === 'create')
    return {
      ...common,
      ...consents,
      Password: v.Password,
      AgreeTerms: v.AgreeTerms,
      AgreeProcessingData: v.AgreeProcessingData,
      ProductTypeId: v.ProductTypeId ? Number(v.ProductTypeId) : null,
      PaidInCash: v.PaidInCash,
    };
  return {
    ...common,
    ...consents,
    CustomerId: v.CustomerId,
    OpenLimsID: v.OpenLimsID.trim() === '' ? null : v.OpenLimsID,
    NotifyByEmail: v.NotifyByEmail,
    NotifyBySms: v.NotifyBySms,
  };
}

/** Registration at the reception (create, gender 2 by default) and the edit (gender 1 by default). */
export function CustomerForm<M extends 'create' | 'edit'>({
  mode,
  customer,
  submitting,
  onSubmit,
  onCancel,
}: CustomerFormProps<M>) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const productTypes = useProductTypes();
  const { form, field, applyServerErrors } = useZodForm<CustomerFormValues>(
    mode === 'create' ? createCustomerRequestSchema : editCustomerRequestSchema,
    {
      initialValues: {
        CustomerId: customer?.id,
        Name: customer?.name ?? '',
        Surname: customer?.surname ?? '',
        Email: customer?.email ?? '',
        PhonePrefix: customer?.phonePrefix || '+420',
        Phone: customer?.phone ?? '',
        Gender: String(customer?.gender || (mode === 'create' ? 2 : 1)),
        DateOfBirth: customer?.dateOfBirth ?? null,
        Street: customer?.street ?? '',
        StreetNumber: customer?.streetNumber ?? '',
        City: customer?.city ?? '',
        Zipcode: customer?.zipCode ?? '',
        Password: '',
        AgreeTerms: false,
        AgreeProcessingData: false,
        ProductTypeId: '',
        PaidInCash: false,
        OpenLimsID: customer?.openLimsID ?? '',
        AgreedToDNAAnalysis: customer?.agreedToDNAAnalysis ?? false,
        DNASampleUsageStatus: customer?.DNASampleUsageStatus ? String(customer.DNASampleUsageStatus) : '',
        AgreedToSampleBeingUsedForScientificPurposes:
          customer?.agreedToSampleBeingUsedForScientificPurposes ?? false,
        AgreedToSampleExamination: customer?.agreedToSampleExamination ?? false,
        NotifyByEmail: customer?.notifyByEmail ?? false,
        NotifyBySms: customer?.notifyBySms ?? false,
        Language: customer?.language ?? 'cs',
      },
    },
    (v) => prepare(v, mode),
  );

  const submit = form.onSubmit(
    (v) => onSubmit(prepare(v, mode) as Submit<M>, applyServerErrors),
    () => scrollToFirstError(),
  );
  const values = form.getValues();

  // The consents of the law on specific health services, at registration and in the edit alike.
  const consents = (
    <>
      <Checkbox
        label={t('customers.fields.agreedToDNAAnalysis')}
        description={t('customers.consentHint')}
        data-testid="customer-form-agree-dna"
        {...field('AgreedToDNAAnalysis', { type: 'checkbox' })}
      />
      <Checkbox
        label={t('customers.fields.agreedToSampleExamination')}
        data-testid="customer-form-examination"
        {...field('AgreedToSampleExamination', { type: 'checkbox' })}
      />
      <Checkbox
        label={t('customers.fields.agreedToSampleBeingUsedForScientificPurposes')}
        data-testid="customer-form-scientific"
        {...field('AgreedToSampleBeingUsedForScientificPurposes', { type: 'checkbox' })}
      />
      <Select
        label={t('customers.fields.dnaSampleUsage')}
        placeholder={t('customers.notChosen')}
        data={([1, 2, 3, 4] as DnaSampleUsage[]).map((v) => ({
          value: String(v),
          label: dnaSampleUsageLabels[v][locale],
        }))}
        clearable
        maw={420}
        data-testid="customer-form-dna-usage"
        {...field('DNASampleUsageStatus')}
      />
    </>
  );

  return (
    <form onSubmit={submit} noValidate data-testid="customer-form">
      <Stack gap="lg">
        <Card withBorder radius="md" p="xl">
          <Title order={4} mb="md">
            {t('customers.sections.identity')}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <TextInput
              label={t('customers.fields.name')}
              withAsterisk
              data-testid="customer-form-name"
              {...field('Name')}
            />
            <TextInput
              label={t('customers.fields.surname')}
              withAsterisk
              data-testid="customer-form-surname"
              {...field('Surname')}
            />
            <Select
              label={t('customers.fields.gender')}
              withAsterisk
              data={[
                { value: '1', label: t('customers.gender.1') },
                { value: '2', label: t('customers.gender.2') },
              ]}
              allowDeselect={false}
              data-testid="customer-form-gender"
              {...field('Gender')}
            />
            <DateField
              label={t('customers.fields.dateOfBirth')}
              data-testid="customer-form-dob"
              {...field('DateOfBirth')}
            />
          </SimpleGrid>
        </Card>
        <Card withBorder radius="md" p="xl">
          <Title order={4} mb="md">
            {t('customers.sections.contact')}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <TextInput
              label={t('customers.fields.email')}
              type="email"
              withAsterisk
              data-testid="customer-form-email"
              {...field('Email')}
            />
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                label={t('customers.fields.phonePrefix')}
                w={90}
                data-testid="customer-form-phone-prefix"
                {...field('PhonePrefix')}
              />
              <TextInput
                label={t('customers.fields.phone')}
                withAsterisk
                placeholder="777 123 456"
                style={{ flex: 1 }}
                data-testid="customer-form-phone"
                {...field('Phone')}
              />
            </Group>
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                label={t('customers.fields.street')}
                style={{ flex: 1 }}
                data-testid="customer-form-street"
                {...field('Street')}
              />
              <TextInput
                label={t('customers.fields.streetNumber')}
                w={110}
                data-testid="customer-form-street-number"
                {...field('StreetNumber')}
              />
            </Group>
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                label={t('customers.fields.city')}
                style={{ flex: 1 }}
                data-testid="customer-form-city"
                {...field('City')}
              />
              <TextInput
                label={t('customers.fields.zipCode')}
                w={110}
                data-testid="customer-form-zip"
                {...field('Zipcode')}
              />
            </Group>
            <Select
              label={t('messaging.language.field')}
              description={t('messaging.language.hint')}
              data={locales.map((l) => ({ value: l, label: t(`messaging.language.names.${l}`) }))}
              allowDeselect={false}
              data-testid="customer-form-language"
              {...field('Language')}
            />
          </SimpleGrid>
        </Card>
        {mode === 'create' ? (
          <Card withBorder radius="md" p="xl">
            <Title order={4} mb="md">
              {t('customers.sections.registration')}
            </Title>
            <Stack gap="lg">
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                <PasswordInput
                  label={t('customers.fields.password')}
                  withAsterisk
                  autoComplete="new-password"
                  data-testid="customer-form-password"
                  {...field('Password')}
                />
                <Select
                  label={t('customers.fields.productType')}
                  placeholder={t('customers.fields.productTypeNone')}
                  data={(productTypes.data?.items ?? []).map((p) => ({
                    value: String(p.id),
                    label: `${nameIn(p.name, p.nameEn, locale)} · ${formatMoney(p.priceMinor, p.currency, locale)}`,
                  }))}
                  clearable
                  disabled={productTypes.isPending}
                  data-testid="customer-form-product-type"
                  {...field('ProductTypeId')}
                />
              </SimpleGrid>
              <Switch
                label={t('customers.fields.paidInCash')}
                description={t('customers.fields.paidInCashHint')}
                disabled={!values.ProductTypeId}
                data-testid="customer-form-paid-in-cash"
                {...field('PaidInCash', { type: 'checkbox' })}
              />
              <Checkbox
                label={t('customers.fields.agreeTerms')}
                data-testid="customer-form-agree-terms"
                {...field('AgreeTerms', { type: 'checkbox' })}
              />
              <Checkbox
                label={t('customers.fields.agreeProcessingData')}
                data-testid="customer-form-agree-data"
                {...field('AgreeProcessingData', { type: 'checkbox' })}
              />
              {consents}
            </Stack>
          </Card>
        ) : (
          <Card withBorder radius="md" p="xl">
            <Title order={4} mb="md">
              {t('customers.sections.agreements')}
            </Title>
            <Stack gap="lg">
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                <TextInput
                  label={t('customers.fields.openLimsID')}
                  data-testid="customer-form-openlims"
                  {...field('OpenLimsID')}
                />
              </SimpleGrid>
              {consents}
              <Checkbox
                label={t('customers.fields.notifyByEmail')}
                data-testid="customer-form-notify-email"
                {...field('NotifyByEmail', { type: 'checkbox' })}
              />
              <Checkbox
                label={t('customers.fields.notifyBySms')}
                data-testid="customer-form-notify-sms"
                {...field('NotifyBySms', { type: 'checkbox' })}
              />
            </Stack>
          </Card>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-testid="customer-form-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={submitting} data-testid="customer-form-submit">
            {mode === 'create' ? t('customers.create') : t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
