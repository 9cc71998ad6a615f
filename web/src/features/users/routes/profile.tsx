import { type CurrentUser, passwordMinLength } from '@genodesk/contract/auth';
import { Permissions } from '@genodesk/contract/permissions';
import { changeDetailsRequestSchema } from '@genodesk/contract/users';
import {
  Badge,
  Box,
  Button,
  Card,
  Grid,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconKey, IconUserCircle } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { StaffColorPicker } from '@/components/color-picker';
import { SectionLoader } from '@/components/full-page-loader';
import { LongName } from '@/components/long-name';
import { PageHeader } from '@/components/page-header';
import { useCan, useCurrentUser } from '@/features/auth/api/get-current-user';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { SessionsCard } from '@/features/auth/components/sessions-card';
import { TwoFactorCard } from '@/features/auth/components/two-factor-card';
import { CalendarFeedCard } from '@/features/reservations/components/calendar-feed-card';
import { useZodForm } from '@/lib/form';
import { notifyApiError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useChangeDetails } from '../api/change-details';
import { UserAvatar } from '../components/user-avatar';

type DetailsValues = { Email: string; PhoneNumber: string; Color: number; CurrentPassword: string };

/** Another case of the same address is not a new e-mail (the server sees it so too). */
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function Section({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" p="xl" h="100%">
      <Group gap="sm" mb={4}>
        {icon}
        <Title order={4}>{title}</Title>
      </Group>
      <Text c="dimmed" fz="sm" mb="lg">
        {description}
      </Text>
      {children}
    </Card>
  );
}

function DetailsForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const { tm } = useLocale();
  const mutation = useChangeDetails();
  // A new e-mail is where temporary passwords would go: the server asks for the password, so does the form.
  const schema = useMemo(
    () =>
      changeDetailsRequestSchema.refine((v) => sameEmail(v.Email, user.email) || Boolean(v.CurrentPassword), {
        message: 'currentPasswordRequired',
        path: ['CurrentPassword'],
      }),
    [user.email],
  );
  const { form, field, applyServerErrors } = useZodForm<DetailsValues>(schema, {
    initialValues: {
      Email: user.email,
      PhoneNumber: user.phoneNumber ?? '',
      Color: user.color,
      CurrentPassword: '',
    },
  });
  const colorError = form.errors.Color;
  const emailChanged = !sameEmail(form.getValues().Email, user.email);

  const submit = form.onSubmit((values) =>
    mutation.mutate(
      {
        Email: values.Email.trim(),
        PhoneNumber: values.PhoneNumber.trim() === '' ? null : values.PhoneNumber.trim(),
        Color: values.Color,
        ...(sameEmail(values.Email, user.email) ? {} : { CurrentPassword: values.CurrentPassword }),
      },
      {
        onSuccess: (saved) => {
          form.setFieldValue('CurrentPassword', '');
          form.resetDirty({
            Email: saved.email,
            PhoneNumber: saved.phoneNumber ?? '',
            Color: saved.color,
            CurrentPassword: '',
          });
          notifySuccess(t('profile.detailsSaved'));
        },
        onError: (error) => {
          if (!applyServerErrors(error)) notifyApiError(error, t('profile.detailsFailed'));
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate data-testid="profile-details-form">
      <Stack gap="md">
        <TextInput
          label={t('users.fields.email')}
          type="email"
          withAsterisk
          data-testid="profile-email"
          {...field('Email')}
        />
        {emailChanged && (
          <PasswordInput
            label={t('profile.currentPassword')}
            description={t('profile.currentPasswordHint')}
            autoComplete="current-password"
            withAsterisk
            data-testid="profile-current-password"
            {...field('CurrentPassword')}
          />
        )}
        <TextInput
          label={t('users.fields.phone')}
          placeholder="+420 777 123 456"
          data-testid="profile-phone"
          {...field('PhoneNumber')}
        />
        <StaffColorPicker
          label={t('users.fields.color')}
          value={form.getValues().Color}
          onChange={(c) => form.setFieldValue('Color', c)}
          error={typeof colorError === 'string' ? tm(colorError) : undefined}
          testIdPrefix="profile-color"
        />
        <Button type="submit" loading={mutation.isPending} data-testid="profile-details-submit" mt="xs">
          {t('common.save')}
        </Button>
      </Stack>
    </form>
  );
}

export function ProfileRoute() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canSubscribe = useCan(Permissions.ReservationsView);
  if (!user) return <SectionLoader />;

  return (
    <>
      <PageHeader title={t('profile.title')} description={t('profile.description')} />
      <Card withBorder radius="md" p="lg" mb="lg">
        <Group gap="lg" wrap="nowrap">
          <UserAvatar name={user.userName || user.email} color={user.color} size={56} />
          <Stack gap={2} miw={0}>
            <Title order={3}>
              <LongName lines={2} testId="profile-name">
                {user.userName || user.email}
              </LongName>
            </Title>
            <Group gap="xs">
              <Text c="dimmed" fz="sm">
                {user.email}
              </Text>
              <Badge variant="light" color="gray" radius="sm" tt="none" fw={600}>
                {user.role.name}
              </Badge>
            </Group>
          </Stack>
        </Group>
      </Card>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Section
            icon={<IconUserCircle size={22} color="var(--mantine-color-teal-7)" />}
            title={t('profile.details')}
            description={t('profile.detailsDescription')}
          >
            <DetailsForm
              key={`${user.id}-${user.email}-${user.color}-${user.phoneNumber ?? ''}`}
              user={user}
            />
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Section
            icon={<IconKey size={22} color="var(--mantine-color-teal-7)" />}
            title={t('profile.password')}
            description={t('profile.passwordDescription', { min: passwordMinLength })}
          >
            <ChangePasswordForm onChanged={() => notifySuccess(t('profile.passwordChanged'))} />
          </Section>
        </Grid.Col>
      </Grid>
      <Box mt="lg">
        <TwoFactorCard />
      </Box>
      <Box mt="lg">
        <SessionsCard />
      </Box>
      {canSubscribe && (
        <Box mt="lg">
          <CalendarFeedCard />
        </Box>
      )}
    </>
  );
}

export const Component = ProfileRoute;
