import {
  createUserRequestSchema,
  editUserRequestSchema,
  type Qualification,
  qualificationLabels,
  qualifications,
  type User,
} from '@genodesk/contract/users';
import { Button, Card, Checkbox, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { StaffColorPicker } from '@/components/color-picker';
import { useZodForm } from '@/lib/form';
import { useLocale } from '@/lib/use-locale';
import { useRoles } from '../api/get-roles';
import { isDoctorRole } from './role-helpers';

export interface UserFormValues extends Record<string, unknown> {
  UserId?: number;
  Email: string;
  UserName: string;
  PhoneNumber: string;
  RoleId: string;
  Color: number;
  IsMainDoctor: boolean;
  Qualification: Qualification;
  LicenceNumber: string;
}

export interface UserFormSubmit {
  Email: string;
  UserName?: string;
  PhoneNumber: string | null;
  RoleId: number;
  Color: number;
  IsMainDoctor: boolean;
  Qualification: Qualification;
  LicenceNumber: string;
}

interface UserFormProps {
  mode: 'create' | 'edit';
  user?: User;
  submitting: boolean;
  onSubmit: (values: UserFormSubmit, applyServerErrors: (error: unknown) => boolean) => void;
  onCancel: () => void;
}

export function UserForm({ mode, user, submitting, onSubmit, onCancel }: UserFormProps) {
  const { t } = useTranslation();
  const { locale, tm } = useLocale();
  const roles = useRoles(locale);
  const { form, field, applyServerErrors } = useZodForm<UserFormValues>(
    mode === 'create' ? createUserRequestSchema : editUserRequestSchema,
    {
      initialValues: {
        ...(mode === 'edit' ? { UserId: user?.id } : {}),
        Email: user?.email ?? '',
        UserName: user?.userName ?? '',
        PhoneNumber: user?.phoneNumber ?? '',
        RoleId: user ? String(user.role.id) : '',
        Color: user?.color ?? 1,
        IsMainDoctor: user?.isMainDoctor ?? false,
        Qualification: user?.qualification ?? 'none',
        LicenceNumber: user?.licenceNumber ?? '',
      },
    },
    (v) => ({ ...v, RoleId: v.RoleId ? v.RoleId : undefined }),
  );

  const values = form.getValues();
  const roleName = roles.data?.find((r) => String(r.id) === values.RoleId)?.name;
  const doctor = isDoctorRole(roleName);

  useEffect(() => {
    if (!doctor && roles.data && form.getValues().IsMainDoctor) form.setFieldValue('IsMainDoctor', false);
  }, [doctor, roles.data, form]);

  const submit = form.onSubmit((v) => {
    const userName = v.UserName.trim();
    onSubmit(
      {
        Email: v.Email.trim(),
        UserName: userName === '' ? undefined : userName,
        PhoneNumber: v.PhoneNumber.trim() === '' ? null : v.PhoneNumber.trim(),
        RoleId: Number(v.RoleId),
        Color: v.Color,
        IsMainDoctor: doctor && v.IsMainDoctor,
        Qualification: v.Qualification,
        LicenceNumber: v.Qualification === 'physician' ? v.LicenceNumber.trim() : '',
      },
      applyServerErrors,
    );
  });

  const colorError = form.errors.Color;

  return (
    <form onSubmit={submit} noValidate data-testid="user-form">
      <Card withBorder radius="md" p="xl">
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <TextInput
              label={t('users.fields.email')}
              type="email"
              withAsterisk={mode === 'create'}
              disabled={mode === 'edit'}
              data-testid="user-form-email"
              {...field('Email')}
            />
            <TextInput
              label={t('users.fields.userName')}
              data-testid="user-form-username"
              {...field('UserName')}
            />
            <TextInput
              label={t('users.fields.phone')}
              placeholder="+420 777 123 456"
              data-testid="user-form-phone"
              {...field('PhoneNumber')}
            />
            <Select
              label={t('users.fields.role')}
              placeholder={t('users.fields.rolePlaceholder')}
              withAsterisk
              data={(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
              disabled={roles.isPending}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-testid="user-form-role"
              {...field('RoleId')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Select
              label={t('users.fields.qualification')}
              description={t('users.fields.qualificationHint')}
              data={qualifications.map((q) => ({ value: q, label: qualificationLabels[q][locale] }))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-testid="user-form-qualification"
              {...field('Qualification')}
            />
            {values.Qualification === 'physician' && (
              <TextInput
                label={t('users.fields.licenceNumber')}
                placeholder={t('users.fields.licenceNumberExample')}
                withAsterisk
                data-testid="user-form-licence"
                {...field('LicenceNumber')}
              />
            )}
          </SimpleGrid>
          <StaffColorPicker
            label={t('users.fields.color')}
            value={values.Color}
            onChange={(c) => form.setFieldValue('Color', c)}
            error={typeof colorError === 'string' ? tm(colorError) : undefined}
            testIdPrefix="user-form-color"
          />
          <Checkbox
            label={t('users.fields.isMainDoctor')}
            description={doctor ? undefined : t('users.fields.isMainDoctorHint')}
            disabled={!doctor}
            data-testid="user-form-main-doctor"
            {...field('IsMainDoctor', { type: 'checkbox' })}
          />
          <Group justify="flex-end" gap="sm" pt="sm">
            <Button variant="default" onClick={onCancel} data-testid="user-form-cancel">
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={submitting} data-testid="user-form-submit">
              {mode === 'create' ? t('users.create') : t('common.save')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </form>
  );
}
