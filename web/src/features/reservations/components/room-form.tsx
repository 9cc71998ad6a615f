import { createConsultingRoomRequestSchema, defaultRoomHours } from '@genodesk/contract/reservations';
import {
  Button,
  Card,
  Checkbox,
  Group,
  Input,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { StaffColorPicker } from '@/components/color-picker';
import { wholeValueTimeInputs } from '@/components/dates/time-inputs';
import { useZodForm } from '@/lib/form';
import { useLocale } from '@/lib/use-locale';
import { useDoctors } from '../api/get-doctors';
import { weekdayName } from './labels';

export interface RoomValues extends Record<string, unknown> {
  Name: string;
  /** the doctor's id as the select keeps it; empty while none is chosen */
  DoctorId: string;
  Color: number | null;
  IsEnabled: boolean;
  OpensAt: string;
  ClosesAt: string;
  /** ISO weekdays as the checkboxes keep them, `'1'` Monday … `'7'` Sunday */
  OpenDays: string[];
}

export interface RoomSubmit {
  Name: string;
  DoctorId: number;
  Color: number | null;
  IsEnabled: boolean;
  OpensAt: string;
  ClosesAt: string;
  OpenDays: number[];
}

const weekdays = [1, 2, 3, 4, 5, 6, 7];

/** Name, doctor ('Musíte zvolit lékaře!'), colour (default the doctor's) and enabled, by the contract's schema. */
export function RoomForm({
  initial,
  submitting,
  onSubmit,
  onCancel,
}: {
  initial?: {
    name: string;
    doctorId: number;
    /** The room's doctor as the API names them, active or not. */
    doctor?: { userName: string; email: string; isUserLoginActive: boolean };
    color: number;
    isEnabled: boolean;
    opensAt: string;
    closesAt: string;
    openDays: number[];
  };
  submitting: boolean;
  onSubmit: (values: RoomSubmit, applyServerErrors: (error: unknown) => boolean) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const doctors = useDoctors();
  const { form, field, applyServerErrors } = useZodForm<RoomValues>(
    createConsultingRoomRequestSchema,
    {
      initialValues: {
        Name: initial?.name ?? '',
        DoctorId: initial ? String(initial.doctorId) : '',
        Color: initial?.color ?? null,
        IsEnabled: initial?.isEnabled ?? true,
        OpensAt: initial?.opensAt ?? defaultRoomHours.opensAt,
        ClosesAt: initial?.closesAt ?? defaultRoomHours.closesAt,
        OpenDays: (initial?.openDays ?? defaultRoomHours.openDays).map(String),
      },
    },
    (values) => ({
      ...values,
      DoctorId: values.DoctorId === '' ? undefined : values.DoctorId,
      OpenDays: values.OpenDays.map(Number),
    }),
  );
  const doctorOptions = (doctors.data ?? []).map((d) => ({
    value: String(d.id),
    label: d.userName || d.email,
  }));
  // A room's doctor who is no longer active stays its doctor, named and marked inactive, while the
  // other fields are edited; the list offers only active doctors to choose (the API refuses another
  // inactive one), so once changed away the inactive doctor cannot be chosen again.
  const keptInactive =
    initial && !doctorOptions.some((o) => o.value === String(initial.doctorId)) ? initial : undefined;
  if (keptInactive) {
    const name = keptInactive.doctor?.userName || keptInactive.doctor?.email || `#${keptInactive.doctorId}`;
    doctorOptions.push({
      value: String(keptInactive.doctorId),
      // Not listed while active: their role is no longer the Doctor role; the name is enough then.
      label:
        keptInactive.doctor?.isUserLoginActive === true
          ? name
          : t('reservations.rooms.doctorInactive', { name }),
    });
  }
  const colorProps = field('Color');
  const chosenDoctor = doctors.data?.find((d) => String(d.id) === form.getValues().DoctorId);
  const inactiveChosen =
    keptInactive !== undefined &&
    keptInactive.doctor?.isUserLoginActive !== true &&
    form.getValues().DoctorId === String(keptInactive.doctorId);

  return (
    <form
      onSubmit={form.onSubmit((values) =>
        onSubmit(
          {
            Name: values.Name.trim(),
            DoctorId: Number(values.DoctorId),
            Color: values.Color,
            IsEnabled: values.IsEnabled,
            OpensAt: values.OpensAt,
            ClosesAt: values.ClosesAt,
            OpenDays: values.OpenDays.map(Number).sort((a, b) => a - b),
          },
          applyServerErrors,
        ),
      )}
      noValidate
      data-testid="room-form"
    >
      <Card withBorder radius="md" p="xl" maw={720}>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <TextInput
              label={t('reservations.rooms.fields.name')}
              withAsterisk
              maxLength={100}
              data-testid="room-name"
              {...field('Name')}
            />
            <Select
              label={t('reservations.rooms.fields.doctor')}
              withAsterisk
              searchable
              data={doctorOptions}
              nothingFoundMessage={t('reservations.rooms.noDoctors')}
              description={inactiveChosen ? t('reservations.rooms.doctorInactiveHint') : undefined}
              data-testid="room-doctor"
              {...field('DoctorId')}
              onChange={(value) => form.setFieldValue('DoctorId', value ?? '')}
            />
          </SimpleGrid>
          <StaffColorPicker
            label={t('reservations.rooms.fields.color')}
            value={(colorProps.value as number | null) ?? chosenDoctor?.color ?? 0}
            onChange={(value) => form.setFieldValue('Color', value)}
            error={colorProps.error as string | undefined}
            testIdPrefix="room-color"
          />
          <Input.Wrapper
            label={t('reservations.rooms.fields.hours')}
            description={t('reservations.rooms.hoursHint')}
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" maw={360} mt={4}>
              <TimePicker
                label={t('reservations.rooms.fields.opensAt')}
                {...wholeValueTimeInputs}
                format="24h"
                minutesStep={5}
                withAsterisk
                data-testid="room-opens-at"
                hoursInputLabel={`${t('reservations.rooms.fields.opensAt')} – ${t('dates.hours')}`}
                minutesInputLabel={`${t('reservations.rooms.fields.opensAt')} – ${t('dates.minutes')}`}
                {...field('OpensAt')}
              />
              <TimePicker
                label={t('reservations.rooms.fields.closesAt')}
                {...wholeValueTimeInputs}
                format="24h"
                minutesStep={5}
                withAsterisk
                data-testid="room-closes-at"
                hoursInputLabel={`${t('reservations.rooms.fields.closesAt')} – ${t('dates.hours')}`}
                minutesInputLabel={`${t('reservations.rooms.fields.closesAt')} – ${t('dates.minutes')}`}
                {...field('ClosesAt')}
              />
            </SimpleGrid>
          </Input.Wrapper>
          <Checkbox.Group
            label={t('reservations.rooms.fields.openDays')}
            data-testid="room-open-days"
            {...field('OpenDays')}
          >
            <Group gap="md" mt={6}>
              {weekdays.map((day) => (
                <Checkbox
                  key={day}
                  value={String(day)}
                  label={weekdayName(day, locale)}
                  data-testid={`room-day-${day}`}
                />
              ))}
            </Group>
          </Checkbox.Group>
          <Switch
            label={t('reservations.rooms.fields.isEnabled')}
            description={t('reservations.rooms.enabledHint')}
            data-testid="room-enabled"
            {...field('IsEnabled', { type: 'checkbox' })}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} data-testid="room-cancel">
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={submitting} data-testid="room-submit">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </form>
  );
}
