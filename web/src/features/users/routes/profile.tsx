import type { CurrentUser } from '@genodesk/contract/auth';
import { Permissions } from '@genodesk/contract/permissions';
import { changeDetailsRequestSchema } from '@genodesk/contract/users';
import { Badge, Box, Button, Card, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconKey, IconUserCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StaffColorPicker } from '@/components/color-picker';
import { SectionLoader } from '@/components/full-page-loader';
import { PageHeader } from '@/components/page-header';
import { useCan, useCurrentUser } from '@/features/auth/api/get-current-user';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { SessionsCard } from '@/features/auth/components/sessions-card';
import { CalendarFeedCard } from '@/features/reservations/components/calendar-feed-card';
import { useZodForm } from '@/lib/form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { useChangeDetails } from '../api/change-details';
import { UserAvatar } from '../components/user-avatar';

type DetailsValues = { Email: string; PhoneNumber: string; Color: number };

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
  const { form, field, applyServerErrors } = useZodForm<DetailsValues>(changeDetailsRequestSchema, {
    initialValues: { Email: user.email, PhoneNumber: user.phoneNumber ?? '', Color: user.color },
  });
  const colorError = form.errors.Color;

  const submit = form.onSubmit((values) =>
    mutation.mutate(
      {
        Email: values.Email.trim(),
        PhoneNumber: values.PhoneNumber.trim() === '' ? null : values.PhoneNumber.trim(),
        Color: values.Color,
      },
      {
        onSuccess: (saved) => {
          form.resetDirty({ Email: saved.email, PhoneNumber: saved.phoneNumber ?? '', Color: saved.color });
          notifySuccess(t('profile.detailsSaved'));
        },
        onError: (error) => {
          if (!applyServerErrors(error)) notifyError(t('profile.detailsFailed'));
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
          <Stack gap={2}>
            <Title order={3} data-testid="profile-name">
              {user.userName || user.email}
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
            description={t('profile.passwordDescription')}
          >
            <ChangePasswordForm onChanged={() => notifySuccess(t('profile.passwordChanged'))} />
          </Section>
        </Grid.Col>
      </Grid>
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
